/**
 * The production build's Express app served inside the test process, on a fresh test
 * database the test can read and write directly (PGlite in memory, or a uniquely named
 * PostgreSQL database). For tests that check the database after hostile requests, or need a
 * member's session without going through mail; journeys that need a separate process use
 * server/test-server.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { singleton } from "../app/platform/singleton.server";
import { createTestDatabase, type TestDatabase } from "../app/platform/db/test-db";
import { assertBuilt } from "./test-server";

export interface InProcessServer {
  url: string;
  database: TestDatabase;
  build: ServerBuild;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One per test file: the build's configuration is read once per process. */
export async function startInProcessServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  assertBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The demo content (blog posts, shop items) on PostgreSQL too, as on the embedded database.
  Object.assign(process.env, { PUBLIC_URL: url, PORT: String(port), SMTP_URL: "", LOG_LEVEL: "silent", SEED_DEMO: "true", ...env });
  const database = await createTestDatabase({ migrate: false });
  // The build reads the process's database through the same singleton registry.
  singleton("database", () => database);
  const mod = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    app: http.RequestListener;
    build: ServerBuild;
    prepare(): Promise<void>;
  };
  await mod.prepare();
  const server = http.createServer(mod.app);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url,
    database,
    build: mod.build,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}
