/**
 * Starts the HTTP server: the production build under `npm start`, the Vite dev server under
 * `npm run dev`. It listens before start-up work (migrations under the advisory lock, the first
 * seed), answering only the probes until that is done (/readyz 503, /healthz 200). Shuts down
 * gracefully on SIGTERM/SIGINT: answer not-ready at once and keep serving for SHUTDOWN_DELAY_MS
 * (a proxy's health check takes the instance out), stop accepting, end the open event streams
 * (they never finish by themselves), let in-flight requests finish, then close the database.
 */
import http from "node:http";
import express from "express";
import { parseEnv, ConfigError } from "../app/platform/config.server";
import type * as AppModuleExports from "./app";

type AppModule = typeof AppModuleExports;

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let handler: express.Express;
  let mod: AppModule;
  if (env.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const load = () => devServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
    mod = await load();
    handler = express();
    handler.use(devServer.middlewares);
    handler.use(async (req, res, next) => {
      try {
        (await load()).app(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Compiled into the server build (build/server/main.js) beside the app it serves.
    mod = await import("./app");
    handler = mod.app;
  }

  const { logger } = await import("../app/platform/logger.server");

  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port, mode: env.NODE_ENV }, `listening on http://localhost:${port}; starting`);
  const metricsServer = env.METRICS_PORT ? await mod.metrics().listenOnLoopback(env.METRICS_PORT) : undefined;
  if (metricsServer) logger.info({ port: env.METRICS_PORT }, `metrics on http://127.0.0.1:${env.METRICS_PORT}/metrics`);

  // Test support only: a test process that spawned this server may publish through its
  // database (server/test-server.ts). IPC exists only for such a parent, never on the network.
  if (process.env.SKINHAMNEN_TEST_IPC === "1" && process.send) {
    process.on("message", (message: { type?: string; id?: number; payload?: unknown; name?: unknown; at?: unknown }) => {
      if (message?.type === "run-job" && typeof message.name === "string" && typeof message.at === "string") {
        mod.runJobForTest(message.name, message.at).then(
          (result) => process.send?.({ id: message.id, ok: true, result }),
          (error: unknown) => process.send?.({ id: message.id, ok: false, error: String(error) }),
        );
        return;
      }
      if (message?.type !== "notify" || typeof message.payload !== "string") return;
      mod.notifyForTest(message.payload).then(
        () => process.send?.({ id: message.id, ok: true }),
        (error: unknown) => process.send?.({ id: message.id, ok: false, error: String(error) }),
      );
    });
    process.channel?.unref();
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    mod.beginShutdown();
    logger.info({ signal }, "shutting down");
    if (env.SHUTDOWN_DELAY_MS > 0) {
      logger.info({ delayMs: env.SHUTDOWN_DELAY_MS }, "not ready; still serving until the delay is over");
      setTimeout(drain, env.SHUTDOWN_DELAY_MS);
    } else drain();
  };
  const drain = () => {
    metricsServer?.close();
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; closing anyway");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      try {
        await mod.close();
        logger.info("stopped");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
    // An ended stream leaves its connection idle (keep-alive): close those too.
    mod
      .endStreams()
      .catch((error: unknown) => logger.error({ err: error }, "error while ending event streams"))
      .finally(() => server.closeIdleConnections());
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await mod.prepare();
  if (stopping) return;
  logger.info("ready");
  mod.startBackgroundWork();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
