/**
 * Starts the real production server (`node build/server/main.js`, the compiled process) in a child
 * process with its own fresh database: a temporary PGlite directory, or a uniquely named
 * PostgreSQL database (dropped on stop) when DATABASE_URL is set. A second server can share
 * the first one's PostgreSQL database, as instances behind a load balancer do.
 */
import { sql } from "drizzle-orm";
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { openPglite, openPostgres, type Database } from "../app/platform/db/client.server";
import {
  createDatabaseName,
  createPostgresDatabase,
  dropPostgresDatabase,
} from "../app/platform/db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "../app/platform/realtime/events";
import { publishEvent } from "../app/platform/realtime/publisher.server";

export interface TestServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server wrote to stdout/stderr so far. */
  output(): string;
  /** Connection string of the server's own PostgreSQL database, when used. */
  databaseUrl?: string;
  /** The server's DATA_DIR (generated secrets live here). */
  dataDir: string;
  /**
   * Publishes a realtime event into the server's database: on PostgreSQL from this process
   * (the real cross-process path); on PGlite, which one process owns, through the server.
   */
  publish(event: RealtimeEvent): Promise<void>;
  /** The same with a raw NOTIFY payload (for malformed ones). */
  notify(payload: string): Promise<void>;
  /** Runs one scheduled job in the server now, as if its clock read `at` (a test clock). */
  runJob(name: string, at?: Date): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface TestServerOptions {
  /** Use this server's PostgreSQL database (a second instance); only its owner drops it. */
  shareDatabaseWith?: TestServer;
  /** Use this existing PostgreSQL database (migrated, never dropped here), e.g. a copy of the seed:scale volume for a benchmark. */
  databaseUrl?: string;
  /** Runs on the server's fresh, migrated database before the server starts (e.g. members). */
  prepare?: (database: Database) => Promise<void>;
  /** Start it as an operator does, with `npm start` (npm → node), instead of node directly. */
  npmStart?: boolean;
  /** Node options for the server process, after those of `npm start` (bench/profile.ts: `--cpu-prof`). */
  nodeArgs?: string[];
  /** Start it with exactly this command line (the container image's CMD); `node` is this Node. */
  command?: string[];
  /**
   * Return once it is ready (`/readyz`: start-up over, migrations applied), the default, or as
   * soon as it listens (`/healthz`), to watch it start.
   */
  waitFor?: "ready" | "listening";
}

/**
 * The Node options `npm start` gives the server (package.json is their one place), so tests and
 * benchmarks measure the process production runs (docs/decisions/023: a small young generation).
 */
export function productionNodeArgs(): string[] {
  const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const flags = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+build\/server\/main\.js/.exec(start);
  if (!flags) throw new Error(`package.json's start script does not run node build/server/main.js: ${start}`);
  return flags[1]!.trim().split(/\s+/).filter(Boolean);
}

/** A port nothing listens on right now (the OS's pick on loopback). */
export async function freePort(): Promise<number> {
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
  if (!existsSync("build/server/main.js")) {
    throw new Error("No production build: run `npm run build` first (npm test does).");
  }
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-http-"));
  const shared = options.shareDatabaseWith?.databaseUrl ?? options.databaseUrl;
  if (options.shareDatabaseWith && !shared) {
    throw new Error("Only a PostgreSQL database can be shared: one PGlite directory belongs to one process.");
  }
  const baseUrl = shared ? undefined : process.env.DATABASE_URL;
  const dbName = baseUrl ? createDatabaseName("skinhamnen_http") : undefined;
  const databaseUrl = shared ?? (baseUrl && dbName ? await createPostgresDatabase(baseUrl, dbName) : undefined);
  if (options.shareDatabaseWith) {
    // Instances of one deployment share their secrets (session cookies, visitor hashes).
    copyFileSync(path.join(options.shareDatabaseWith.dataDir, "secrets.json"), path.join(dataDir, "secrets.json"));
  }

  if (options.prepare) {
    const pgliteDir = path.join(env.DATA_DIR ?? dataDir, "pglite");
    const database = databaseUrl ? openPostgres(databaseUrl) : openPglite(pgliteDir);
    try {
      await database.migrate();
      await options.prepare(database);
    } finally {
      await database.close();
    }
  }

  const [command, args] = options.command
    ? [options.command[0] === "node" ? process.execPath : options.command[0]!, options.command.slice(1)]
    : options.npmStart
      ? ["npm", ["start", "--silent"]]
      : [process.execPath, [...productionNodeArgs(), ...(options.nodeArgs ?? []), "build/server/main.js"]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      SMTP_URL: "",
      // Lets publish()/notify() reach an embedded database through the server (Node IPC).
      SKINHAMNEN_TEST_IPC: "1",
      // The demo content (blog posts, shop items) on PostgreSQL too, as on the embedded database.
      SEED_DEMO: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", options.npmStart || options.command ? "ignore" : "ipc"],
  });
  // The IPC channel must not keep this (test) process alive.
  child.channel?.unref();
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl && dbName) await dropPostgresDatabase(baseUrl, dbName);
  };

  const url = `http://127.0.0.1:${port}`;
  const probe = options.waitFor === "listening" ? "/healthz" : "/readyz";
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`server exited during start-up:\n${output}`);
    }
    try {
      const response = await fetch(`${url}${probe}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await cleanup();
      throw new Error(`server did not answer ${probe}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let publisher: Database | undefined;
  let nextMessageId = 0;
  const askServer = (request: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const id = ++nextMessageId;
      // A server that dies first (a crash test's SIGKILL) answers never: reject then.
      const onExit = () => {
        child.off("message", onMessage);
        reject(new Error(`the server exited during ${String(request.type)}`));
      };
      const onMessage = (message: { id?: number; ok?: boolean; error?: string }) => {
        if (message?.id !== id) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (message.ok) resolve();
        else reject(new Error(message.error ?? `${String(request.type)} failed`));
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
      child.send({ ...request, id });
    });
  const throughServer = (payload: string) => askServer({ type: "notify", payload });
  const viaDatabase = async (run: (database: Database) => Promise<void>) => {
    publisher ??= openPostgres(databaseUrl!);
    await run(publisher);
  };

  return {
    url,
    port,
    process: child,
    output: () => output,
    databaseUrl,
    dataDir: env.DATA_DIR ?? dataDir,
    publish: (event) =>
      databaseUrl ? viaDatabase((database) => publishEvent(database.db, event)) : throughServer(JSON.stringify(event)),
    notify: (payload) =>
      databaseUrl
        ? viaDatabase(async (database) => {
            await database.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payload})`);
          })
        : throughServer(payload),
    runJob: (name, at = new Date()) => askServer({ type: "run-job", name, at: at.toISOString() }),
    async stop(signal = "SIGTERM") {
      await publisher?.close();
      publisher = undefined;
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
  const child = spawn(process.execPath, ["build/server/main.js"], {
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
