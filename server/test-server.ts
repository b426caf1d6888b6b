/**
 * Starts the real production server (`tsx server/main.ts` on the built app) in a child
 * process with its own fresh database: a temporary PGlite directory, or a uniquely named
 * PostgreSQL database (dropped on stop) when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import {
  createDatabaseName,
  createPostgresDatabase,
  dropPostgresDatabase,
} from "../app/platform/db/test-db";

export interface TestServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server wrote to stdout/stderr so far. */
  output(): string;
  /** Connection string of the server's own PostgreSQL database, when used. */
  databaseUrl?: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function assertBuilt(): void {
  if (!existsSync("build/server/index.js")) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-http-"));
  const baseUrl = process.env.DATABASE_URL;
  const dbName = baseUrl ? createDatabaseName("skinhamnen_http") : undefined;
  const databaseUrl = baseUrl && dbName ? await createPostgresDatabase(baseUrl, dbName) : undefined;

  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl && dbName) await dropPostgresDatabase(baseUrl, dbName);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`server exited during start-up:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await cleanup();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    process: child,
    output: () => output,
    databaseUrl,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      await cleanup();
      return code;
    },
  };
}

/**
 * Runs the server entry with the given environment and returns its exit code and output. A
 * server that is still running after `timeoutMs` is killed and reported with code null.
 */
export async function runServerExpectingExit(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        child.kill("SIGKILL");
      }, options.timeoutMs)
    : undefined;
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code: timedOut ? null : code, output };
}
