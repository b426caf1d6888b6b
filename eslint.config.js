import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Imports forbidden everywhere. Each block below that narrows the rule for one folder repeats these,
// since a later block's options for a rule replace an earlier block's.
const restrictedPaths = [
  // Zod through ~/lib/zod only: it is configured there never to need eval (decision 023).
  { name: "zod", message: "Import z from ~/lib/zod (configured jitless).", allowTypeImports: true },
  { name: "lucide-react", message: "Import icons from ~/components/ui/icons (the sprite, decision 023)." },
];

/** The layout guard (decision 032): which way imports may point between app/ folders. */
const restrictImports = (...patterns) => ["error", { paths: restrictedPaths, patterns }];

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "drizzle/meta/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "no-restricted-imports": restrictImports(),
    },
  },
  {
    // A route module is a thin adapter: its loader and action call a module's *-page.server.ts.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(
        {
          regex: "^~/routes(/|$)",
          message: "A route does not import another route's file: put shared code in app/modules/<area> (decision 032).",
        },
        {
          regex: "^\\.\\.?/(?!\\+types/)",
          message:
            "A route imports only its generated ./+types/*; page assembly lives in app/modules/<area>/*-page.server.ts, imported through ~/modules (decision 032).",
        },
      ),
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports({
        regex: "^(~/routes|(\\.\\./)+routes)(/|$)",
        message: "Components do not import from app/routes: take the type or value from app/modules/<area> (decision 032).",
      }),
    },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports({
        regex: "^(~/components|(\\.\\./)+components)(/|$)",
        message: "Domain modules import no UI: move what both need into the module, or the UI part into app/components (decision 032).",
      }),
    },
  },
  {
    // One formatter (decision 032): numbers, money, points, dates and times are written through
    // app/lib/format.ts (sv-SE, Stockholm time), so no page drifts to its own Intl settings.
    files: ["{app,server,scripts,bench}/**/*.{ts,tsx,js,mjs}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format numbers, money, dates and times with ~/lib/format (sv-SE, Stockholm time; decision 032).",
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(NumberFormat|DateTimeFormat)$/]",
          message: "Intl.NumberFormat/DateTimeFormat live only in ~/lib/format: use or add a formatter there (decision 032).",
        },
      ],
    },
  },
  {
    // format.ts is the formatter; stockholm-time.ts reads a moment's wall-clock parts in Stockholm
    // with Intl.DateTimeFormat#formatToParts for time-zone arithmetic (no text for people).
    files: ["app/lib/format.ts", "app/lib/stockholm-time.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  { files: ["app/lib/zod.ts"], rules: { "no-restricted-imports": "off" } },
);
