import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, so the server, the routes and the
  // database client are one bundle with one copy of every module.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Hashed client assets are served precompressed (gzip and brotli) by the server.
    !isSsrBuild && compression({ algorithms: ["gzip", "brotliCompress"], threshold: 1024 }),
  ],
}));
