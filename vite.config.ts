import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entries are our Express app (index.js) and the process that serves
  // it (main.js), so the server, the routes and the database client are one bundle with one
  // copy of every module, and production runs compiled JavaScript with plain node.
  build: isSsrBuild ? { rollupOptions: { input: { index: "./server/app.ts", main: "./server/main.ts" } } } : {},
  resolve: { tsconfigPaths: true },
  // radix-ui is one package of every primitive: bundled, the server keeps only the few the
  // site uses instead of loading them all at start (decision 023).
  ssr: { noExternal: ["radix-ui", /^@radix-ui\//] },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // React Router names every server entry after its build file; the process entry keeps its own name.
    isSsrBuild && {
      name: "skinhamnen:server-entry-names",
      outputOptions: (options: Rollup.OutputOptions): Rollup.OutputOptions => ({
        ...options,
        entryFileNames: (chunk) => (chunk.name === "main" ? "main.js" : "index.js"),
      }),
    },
    // Hashed client assets are served precompressed (gzip and brotli) by the server.
    !isSsrBuild && compression({ algorithms: ["gzip", "brotliCompress"], threshold: 1024 }),
  ],
}));
