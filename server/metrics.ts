/**
 * Prometheus metrics through prom-client (docs/decisions/037-production-kit.md): request latency by
 * route pattern and status class, the database pool, scheduled jobs, the mail queue, open event
 * streams, the anonymous HTML cache, and the default process metrics.
 *
 * Each `Metrics` has its own registry (never prom-client's global one), so several servers in one
 * process never register a metric twice. They are served on a loopback-only port (METRICS_PORT)
 * and, with `Authorization: Bearer $METRICS_TOKEN`, at /metrics on the public port; without a
 * token configured the public /metrics does not exist (404), with a wrong one it is a 401.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type express from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "~/platform/db/client.server";
import type { JobRunRecord } from "~/platform/jobs/job-runner.server";
import { logger } from "~/platform/logger.server";
import { isEventStream } from "~/platform/realtime/event-stream.server";
import type { CacheState } from "./html-cache";

export interface MetricsSources {
  /** The route pattern (`/blog/:slug`) of the page route a path belongs to, if one matches. */
  routePattern(pathname: string): string | undefined;
  poolStats(): PoolStats;
  mailQueueDepth(): Promise<{ pending: number; failed: number }>;
  openEventStreams(): number;
  htmlCacheSize(): { size: number; bytes: number };
}

/** Upper bounds (seconds) of the latency buckets: a cached page (ms) to a slow render (s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];
/** Methods the site answers; anything else is one label, so a client cannot mint label values. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Files served from the build (hashed assets, pictures, icons): one label, not a path each. */
const STATIC_FILE = /^\/(assets\/|favicon\.(ico|svg)$)/;
/** A React Router data request for a route (`/blog/x.data`, `/_root.data` for the index). */
const DATA_SUFFIX = /(?:\/_root)?\.data$/;
const UNMATCHED = "unmatched";

/** The route label of a finished request: Express's own route, else the page route's pattern. */
function routeLabel(req: express.Request, sources: MetricsSources): string {
  const expressRoute = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof expressRoute === "string") return expressRoute;
  const pathname = (req.originalUrl ?? req.url).split("?", 1)[0]!;
  if (STATIC_FILE.test(pathname)) return "static";
  const pagePath = pathname.replace(DATA_SUFFIX, "") || "/";
  return sources.routePattern(pagePath) ?? UNMATCHED;
}

function sha256(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether the Authorization header carries this bearer token (compared in constant time). */
function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  // Digests of equal length: the comparison takes the same time whatever was sent.
  return Boolean(match) && timingSafeEqual(sha256(match![1]!), sha256(token));
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<"method" | "route" | "status_class">;
  private readonly htmlCacheLookups: Counter<"state">;
  private readonly jobRuns: Counter<"job" | "status">;
  private readonly jobDuration: Histogram<"job">;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's last byte, by route pattern and status class (event streams excluded).",
      labelNames: ["method", "route", "status_class"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.htmlCacheLookups = new Counter({
      name: "skinhamnen_html_cache_lookups_total",
      help: "Look-ups of cacheable anonymous pages: hit (fresh), stale (answered, refreshed behind) or miss.",
      labelNames: ["state"],
      registers,
    });
    this.jobRuns = new Counter({
      name: "skinhamnen_job_runs_total",
      help: "Scheduled job runs on this instance, by job and outcome (ok or failed).",
      labelNames: ["job", "status"],
      registers,
    });
    this.jobDuration = new Histogram({
      name: "skinhamnen_job_duration_seconds",
      help: "How long scheduled job runs took on this instance.",
      labelNames: ["job"],
      buckets: JOB_BUCKETS,
      registers,
    });
    new Gauge({
      name: "skinhamnen_html_cache_pages",
      help: "Pages held by the anonymous HTML cache.",
      registers,
      collect() {
        this.set(sources.htmlCacheSize().size);
      },
    });
    new Gauge({
      name: "skinhamnen_html_cache_bytes",
      help: "Compressed bytes held by the anonymous HTML cache.",
      registers,
      collect() {
        this.set(sources.htmlCacheSize().bytes);
      },
    });
    new Gauge({
      name: "skinhamnen_db_pool_connections",
      help: "Database connections: total and idle in the pool, and queries waiting for one (PostgreSQL); the embedded database reports its one connection as total.",
      labelNames: ["state"],
      registers,
      collect() {
        const stats = sources.poolStats();
        this.set({ state: "total" }, stats.total);
        if (stats.idle !== undefined) this.set({ state: "idle" }, stats.idle);
        if (stats.waiting !== undefined) this.set({ state: "waiting" }, stats.waiting);
      },
    });
    new Gauge({
      name: "skinhamnen_mail_queue_depth",
      help: "Rows of the mail queue: pending (to be sent) and failed (given up on, for staff to retry).",
      labelNames: ["status"],
      registers,
      async collect() {
        try {
          const depth = await sources.mailQueueDepth();
          this.set({ status: "pending" }, depth.pending);
          this.set({ status: "failed" }, depth.failed);
        } catch (error) {
          // The rest of the scrape still answers; a missing series shows the database is not.
          this.reset();
          logger.warn({ err: error }, "mail queue depth not read for the metrics");
        }
      },
    });
    new Gauge({
      name: "skinhamnen_event_streams_open",
      help: "Event streams (/api/events) open on this instance.",
      registers,
      collect() {
        this.set(sources.openEventStreams());
      },
    });
    this.routeLabel = (req) => routeLabel(req, sources);
  }

  private readonly routeLabel: (req: express.Request) => string;

  /** Times every request that finishes; an event stream is counted by the open-streams gauge instead. */
  requestTimer(): express.RequestHandler {
    return (req, res, next) => {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        if (isEventStream(res)) return;
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.requestDuration.observe(
          {
            method: METHODS.has(req.method) ? req.method : "other",
            route: this.routeLabel(req),
            status_class: `${Math.floor(res.statusCode / 100)}xx`,
          },
          seconds,
        );
      });
      next();
    };
  }

  htmlCacheLookup(state: CacheState): void {
    this.htmlCacheLookups.inc({ state });
  }

  jobRun(run: JobRunRecord): void {
    this.jobRuns.inc({ job: run.job, status: run.status });
    this.jobDuration.observe({ job: run.job }, run.durationMs / 1000);
  }

  private async send(res: http.ServerResponse): Promise<void> {
    const body = await this.registry.metrics();
    res.writeHead(200, { "Content-Type": this.registry.contentType, "Cache-Control": "no-store" });
    res.end(body);
  }

  /**
   * GET /metrics on the public port: only with the bearer token; without a token configured it
   * passes on (the site's own 404), so the endpoint is not there at all.
   */
  publicHandler(token: string | undefined): express.RequestHandler {
    return (req, res, next) => {
      if (!token) return next();
      if (!hasBearerToken(req.get("authorization"), token)) {
        res.status(401).set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" }).type("text/plain").send("Unauthorized\n");
        return;
      }
      this.send(res).catch(next);
    };
  }

  /** The loopback-only metrics server: GET /metrics, nothing else. */
  listenOnLoopback(port: number): Promise<http.Server> {
    const server = http.createServer((req, res) => {
      if (req.method !== "GET" || (req.url ?? "").split("?", 1)[0] !== "/metrics") {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
        return;
      }
      this.send(res).catch((error: unknown) => {
        logger.error({ err: error }, "metrics not collected");
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end();
      });
    });
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve(server));
    });
  }
}
