import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
      // Zod through ~/lib/zod only: it is configured there never to need eval (decision 023).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import z from ~/lib/zod (configured jitless).", allowTypeImports: true },
            { name: "lucide-react", message: "Import icons from ~/components/ui/icons (the sprite, decision 023)." },
          ],
        },
      ],
    },
  },
  { files: ["app/lib/zod.ts"], rules: { "no-restricted-imports": "off" } },
);
