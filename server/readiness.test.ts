/**
 * Readiness through the real server: ready once started, not ready while migrations wait for the
 * advisory lock (another instance migrating), and not ready from the first moment of shutdown
 * while requests are still served (SHUTDOWN_DELAY_MS), before connections drain.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres } from "../app/platform/db/client.server";
import { MIGRATION_LOCK } from "../app/platform/db/setup.server";
import { createDatabaseName, createPostgresDatabase, dropPostgresDatabase } from "../app/platform/db/test-db";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop("SIGKILL");
  server = undefined;
});

async function readiness(url: string): Promise<{ status: number; body: { status: string } }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string } };
}

describe("readiness", () => {
  it(
    "turns 503 at SIGTERM while liveness and pages still answer, then the server stops with code 0",
    async () => {
      server = await startTestServer({ SHUTDOWN_DELAY_MS: "3000" });
      expect(await readiness(server.url)).toEqual({
        status: 200,
        body: { status: "ready", database: "ok", pendingMigrations: [] },
      });
      const exited = new Promise<number | null>((resolve) => server!.process.once("exit", resolve));
      server.process.kill("SIGTERM");
      await expect.poll(() => readiness(server!.url), { timeout: 2_000 }).toEqual({ status: 503, body: { status: "stopping" } });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/om-oss`)).status).toBe(200);
      expect(await exited).toBe(0);
    },
    90_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "is 503 'starting' while another instance holds the migration lock, serving nothing but the probes, and ready once it is released (PostgreSQL)",
    async () => {
      const base = process.env.DATABASE_URL!;
      const name = createDatabaseName("skinhamnen_ready");
      const url = await createPostgresDatabase(base, name);
      const other = openPostgres(url);
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const held = other.withAdvisoryLock(MIGRATION_LOCK, () => {
        locked();
        return new Promise<void>((resolve) => (release = resolve));
      });
      try {
        await isLocked;
        server = await startTestServer({ DATABASE_URL: url }, { waitFor: "listening" });
        expect(await readiness(server.url)).toEqual({ status: 503, body: { status: "starting" } });
        const page = await fetch(`${server.url}/om-oss`);
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toBe("5");
        expect(await page.text()).toContain("Tjänsten startar. Försök igen om en stund.");
        release();
        await held;
        await expect.poll(() => readiness(server!.url), { timeout: 60_000, interval: 250 }).toMatchObject({ status: 200 });
        expect((await fetch(`${server.url}/om-oss`)).status).toBe(200);
      } finally {
        release?.();
        await held;
        await other.close();
        await server?.stop("SIGKILL");
        server = undefined;
        await dropPostgresDatabase(base, name);
      }
    },
    120_000,
  );
});
