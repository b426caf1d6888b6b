import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    // A fresh PGlite takes a few seconds to start and migrate.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Generated development secrets go to a scratch folder, never the working tree.
    env: { NODE_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "skinhamnen-vitest") },
  },
});
