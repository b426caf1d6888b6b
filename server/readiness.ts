/**
 * Liveness and readiness (docs/decisions/037-production-kit.md). `/healthz` answers whether the
 * process lives and reaches its database; `/readyz` whether a proxy should send it traffic:
 * start-up (migrations, the first seed) is over, the database answers, every migration this
 * build ships is applied, and shutdown has not begun. While starting, the instance answers
 * nothing but these probes and the metrics.
 */
import type express from "express";
import { HTTP_MESSAGES } from "~/lib/http-messages";
import { logger } from "~/platform/logger.server";
import { refuse } from "./request-guards";

export type Phase = "starting" | "ready" | "stopping";

/** The process's phase: one per process, shared across dev-server module reloads. */
export class Lifecycle {
  phase: Phase = "starting";
}

/** Paths answered while the instance starts: the probes, and the metrics on the public port. */
const ANSWERED_WHILE_STARTING = new Set(["/healthz", "/readyz", "/metrics"]);

/** Seconds a client is asked to wait before trying a starting or stopping instance again. */
const RETRY_AFTER_S = "5";

/** Refuses every request but the probes until start-up is over (503, Retry-After). */
export function startingGate(lifecycle: Lifecycle): express.RequestHandler {
  return (req, res, next) => {
    if (lifecycle.phase !== "starting" || ANSWERED_WHILE_STARTING.has(req.path)) return next();
    res.set("Retry-After", RETRY_AFTER_S);
    refuse(req, res, 503, HTTP_MESSAGES.starting);
  };
}

export interface ReadinessChecks {
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Tags of the shipped migrations the database has not applied. */
  pendingMigrations(): Promise<string[]>;
}

/** GET /readyz: 200 `{status: "ready"}`, else 503 with what is missing. */
export function readinessHandler(lifecycle: Lifecycle, checks: ReadinessChecks): express.RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const notReady = (body: Record<string, unknown>) => res.status(503).set("Retry-After", RETRY_AFTER_S).json(body);
    if (lifecycle.phase !== "ready") return void notReady({ status: lifecycle.phase });
    let pending: string[];
    try {
      await checks.ping();
      pending = await checks.pendingMigrations();
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      return void notReady({ status: "not-ready", database: "error" });
    }
    // Shutdown may have begun while the database answered.
    if (lifecycle.phase !== "ready") return void notReady({ status: lifecycle.phase });
    if (pending.length > 0) return void notReady({ status: "not-ready", database: "ok", pendingMigrations: pending });
    res.json({ status: "ready", database: "ok", pendingMigrations: [] });
  };
}
