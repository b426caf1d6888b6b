/**
 * The Express application: security headers, request logs, health check, static assets and
 * the React Router request handler. It is the entry of the server build, so routes, services
 * and the database client live in one bundle with one copy of each module.
 */
import type { ServerBuild } from "react-router";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { toNodeHandler } from "better-auth/node";
import { AUTH_ENDPOINT_MESSAGES, AUTH_HTTP_ENDPOINTS } from "~/modules/accounts/auth-endpoints";
import { auth, AUTH_BASE_PATH } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { getCurrentSession, isSessionActive } from "~/modules/accounts/session.server";
import { config } from "~/platform/config.server";
import { closeDatabase, database, db, ping } from "~/platform/db/client.server";
import { serveImage } from "~/platform/images/images.server";
import { pendingMigrations, prepareDatabase } from "~/platform/db/setup.server";
import { observeJobRuns, runJobIfDue, startJobRunner, type JobRunner } from "~/platform/jobs/job-runner.server";
import { mailQueueDepth } from "~/platform/mail/mail-queue.server";
import { APP_JOBS } from "~/jobs.server";
import { startOfferEngine } from "~/modules/bots/offer-sender.server";
import { setPublicDocumentReader } from "~/modules/seo/public-documents.server";
import { logger, redactUrl } from "~/platform/logger.server";
import * as serverBuild from "virtual:react-router/server-build";
import { compressResponses } from "./compression";
import { securityHeaders, securityTxtHandler } from "./security-headers";
import { createPageHandler, createReactRouterHandler } from "./react-router-handler";
import { createRouteMatcher, HtmlPageCache, htmlCacheMiddleware } from "./html-cache";
import { CACHEABLE_ROUTES } from "./html-cache-routes";
import { Metrics } from "./metrics";
import { Lifecycle, readinessHandler, startingGate } from "./readiness";
import { createDeepestRouteMatcher, fullPath } from "./route-patterns";
import { HTML_CACHE } from "~/platform/platform-constants";
import {
  addressGuard,
  bodyErrors,
  bodyLimit,
  clientIpHeader,
  methodGuard,
  publicHost,
  refuse,
  sameOriginOnly,
} from "./request-guards";
import { HTTP_MESSAGES } from "~/lib/http-messages";
import { REALTIME_CHANNEL } from "~/platform/realtime/events";
import { EventStreams, type StreamSession } from "~/platform/realtime/event-stream.server";
import { closeRealtimeHub, realtimeHub } from "~/platform/realtime/hub.server";
import { singleton } from "~/platform/singleton.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address as Express resolved it (honours TRUST_PROXY). */
    clientIp: string;
    userAgent: string;
    /**
     * A React Router data request (`…/x.data`: a fetcher or a client navigation), as opposed to a
     * document request or a direct call; a resource route answers it with `data()` so a fetcher
     * reads a refusal as data rather than as a route error (docs/decisions/033-client-form-path.md).
     */
    dataRequest?: boolean;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The session of an Express request, read the way loaders read it (Better Auth's cookie). */
async function streamSession(req: express.Request): Promise<StreamSession | null> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, req.ip ?? req.socket.remoteAddress ?? "");
  const current = await getCurrentSession(new Request(new URL(req.originalUrl, config().PUBLIC_URL), { headers }));
  if (!current) return null;
  return { userId: current.user.id, sessionId: current.session.id, setCookies: current.headers.getSetCookie() };
}

/** The process's open event streams (one registry, also across dev-server module reloads). */
export function eventStreams(): EventStreams {
  return singleton(
    "event-streams",
    () =>
      new EventStreams({
        hub: realtimeHub,
        readSession: streamSession,
        isSessionActive: (sessionId) => isSessionActive(sessionId),
        heartbeatMs: config().SSE_HEARTBEAT_MS,
        maxStreams: config().SSE_MAX_STREAMS,
      }),
  );
}

/** Starting, ready or stopping: one per process (also across dev-server module reloads). */
function lifecycle(): Lifecycle {
  return singleton("lifecycle", () => new Lifecycle());
}

/** The process's Prometheus metrics, in a registry of their own (docs/decisions/037-production-kit.md). */
export function metrics(): Metrics {
  return singleton("metrics", () => {
    const deepestRoute = createDeepestRouteMatcher(build);
    const patterns = new Map(Object.keys(build.routes).map((id) => [id, fullPath(build, id)]));
    const created = new Metrics({
      routePattern: (pathname) => {
        const id = deepestRoute(pathname);
        return id ? patterns.get(id) : undefined;
      },
      poolStats: () => database().poolStats(),
      mailQueueDepth: () => mailQueueDepth(db()),
      openEventStreams: () => eventStreams().size,
      htmlCacheSize: () => (config().HTML_CACHE_MB > 0 ? htmlPageCache() : { size: 0, bytes: 0 }),
    });
    observeJobRuns((run) => created.jobRun(run));
    return created;
  });
}

/** The readiness probe a proxy polls every few seconds: never logged per request. */
const READINESS_PATH = "/readyz";
/** Paths answered from files rather than by the app: never logged per request. */
const STATIC_PATH = /^\/(assets\/|images\/|favicon\.(ico|svg)(\?|$))/;

export function createApp(): express.Express {
  const cfg = config();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", cfg.TRUST_PROXY);
  app.use(metrics().requestTimer());
  app.use(clientIpHeader, publicHost);

  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Static files (hashed assets, uploaded pictures, the icons) are not worth a line each, nor
      // is a proxy's readiness poll every few seconds (its failures log their cause, main.ts its phases).
      autoLogging: { ignore: (req) => STATIC_PATH.test(req.url ?? "") || req.url === READINESS_PATH },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(startingGate(lifecycle()));

  // A stream is a long-lived GET answered before the page machinery; it names its own methods.
  app.all("/api/events", eventStreams().handler());

  app.use(methodGuard, addressGuard);

  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  app.use(nonce);

  app.use(securityHeaders(cfg));

  const pageHandler = createPageHandler(build, cfg.isDevelopment ? "development" : "production");
  // The SEO Dashboard reads the public documents as a crawler gets them, rendered in-process.
  const siteOrigin = new URL(cfg.PUBLIC_URL).origin;
  setPublicDocumentReader(async (path) => {
    const response = await pageHandler(new Request(new URL(path, siteOrigin), { headers: { accept: "text/html" } }), {
      cspNonce: randomBytes(16).toString("base64"),
      requestId: "seo-check",
      clientIp: "",
      userAgent: "",
    });
    return { status: response.status, body: await response.text() };
  });
  // Anonymous visitors' public pages, stored precompressed: answered before anything below
  // (compression, body reading, React Router) touches the request.
  if (cfg.HTML_CACHE_MB > 0 && !cfg.isDevelopment) {
    app.use(
      htmlCacheMiddleware({
        cache: htmlPageCache(),
        matchRoute: createRouteMatcher(build, CACHEABLE_ROUTES),
        origin: new URL(cfg.PUBLIC_URL).origin,
        async render(request, cspNonce) {
          // Listening before the first render: no change after it can go unnoticed.
          await listenForContentChanges();
          return pageHandler(request, { cspNonce, requestId: "html-cache", clientIp: "", userAgent: "" });
        },
        onError: (error, key) => logger.error({ err: error, url: redactUrl(key) }, "page not rendered for the cache"),
        onLookup: (state) => metrics().htmlCacheLookup(state),
      }),
    );
  }

  app.use(compressResponses());
  app.use(sameOriginOnly);

  app.get("/healthz", async (_req, res) => {
    try {
      await ping();
      // HTML_CACHE_MB=0: no cache, and none may be made (an LRU of 0 bytes is refused).
      const pages = cfg.HTML_CACHE_MB > 0 ? htmlPageCache() : { size: 0, bytes: 0 };
      res.set("Cache-Control", "no-store").json({
        status: "ok",
        database: database().driver,
        htmlCache: { pages: pages.size, bytes: pages.bytes },
      });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error" });
    }
  });

  app.get(
    READINESS_PATH,
    readinessHandler(lifecycle(), { ping: () => ping(), pendingMigrations: () => pendingMigrations(database()) }),
  );

  app.get("/metrics", metrics().publicHandler(cfg.METRICS_TOKEN));

  app.get("/.well-known/security.txt", securityTxtHandler(cfg));

  // Uploaded pictures, public and the same for everyone (docs/decisions/019-image-service.md).
  app.get("/images/*splat", serveImage(db));

  // Better Auth serves only the mailed links and the Google callback over HTTP (all GET);
  // forms post to route actions that call it in-process. Anything else under its base path
  // is a 404 before a body is read, and its own hook refuses other endpoints as well.
  const authHandler = toNodeHandler(auth());
  for (const endpoint of AUTH_HTTP_ENDPOINTS) app.get(`${AUTH_BASE_PATH}${endpoint.path}`, authHandler);
  app.all(`${AUTH_BASE_PATH}/*splat`, (_req, res) => {
    res.status(404).set("Cache-Control", "no-store").json({ code: "NOT_FOUND", message: AUTH_ENDPOINT_MESSAGES.notFound });
  });

  if (!cfg.isDevelopment) {
    const clientDir = path.resolve("build/client");
    // Hashed file names never change content: cache for a year, precompressed br/gzip.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // Pictures shipped with the site (blog images): long-lived, revalidated by ETag; a changed
    // picture gets a new file name (docs/rules/http.md#caching).
    app.use("/images", express.static(path.join(clientDir, "images"), { maxAge: "30d", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(bodyLimit, bodyErrors);

  app.use(
    createReactRouterHandler({
      handle: pageHandler,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: String(req.id ?? ""),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        userAgent: req.get("user-agent") ?? "",
        dataRequest: req.path.endsWith(".data"),
      }),
    }),
  );

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    req.log?.error({ err }, "unhandled error");
    if (res.headersSent) return;
    refuse(req, res, 500, HTTP_MESSAGES.serverError);
  };
  app.use(onError);
  return app;
}

/** The React Router build this server answers with (its route manifest lists every route). */
export const build = serverBuild as unknown as ServerBuild;

/** The process's anonymous HTML cache (docs/decisions/020-anonymous-html-cache.md). */
export function htmlPageCache(): HtmlPageCache {
  return singleton(
    "html-page-cache",
    () =>
      new HtmlPageCache({
        maxBytes: config().HTML_CACHE_MB * 1024 * 1024,
        maxEntryBytes: HTML_CACHE.maxEntryBytes,
        freshMs: HTML_CACHE.freshMs,
        staleMs: HTML_CACHE.staleMs,
      }),
  );
}

let contentListener: Promise<void> | undefined;

/**
 * Drops cached pages when the content they show changes on any instance (the realtime
 * channel's `content` events); drops them all when the channel was lost for a while.
 */
function listenForContentChanges(): Promise<void> {
  contentListener ??= (() => {
    const hub = realtimeHub();
    hub.subscribe((signal) => {
      if (signal.kind === "resync") htmlPageCache().clear();
      else if (signal.event.type === "content") htmlPageCache().invalidate(signal.event.tag);
    });
    return hub.ready();
  })();
  return contentListener;
}

export const app = createApp();

/** Start-up work before the server accepts requests: migrations and the first seed. */
export async function prepare(): Promise<void> {
  const cfg = config();
  if (cfg.generatedSecret && cfg.isProduction) {
    logger.warn(
      "BETTER_AUTH_SECRET is not set: using a generated secret kept in DATA_DIR. Set one for real deployments.",
    );
  }
  if (cfg.generatedPayoutKey && cfg.isProduction) {
    logger.warn(
      "PAYOUT_DETAILS_KEY is not set: payout details are encrypted with a generated key kept in DATA_DIR. Set one (32 bytes, base64) for real deployments and keep it outside the data directory.",
    );
  }
  const db = database();
  if (db.driver === "pglite" && cfg.isProduction) {
    logger.warn(
      "DATABASE_URL is not set: using the embedded database, which is for trying the product on one process. Production needs PostgreSQL (DATABASE_URL).",
    );
  }
  await prepareDatabase(db, { seedDemo: db.driver === "pglite" || cfg.SEED_DEMO === "true" });
  if (lifecycle().phase === "starting") lifecycle().phase = "ready";
}

/** Shutdown has begun: readiness answers 503 from now on, while requests are still served. */
export function beginShutdown(): void {
  lifecycle().phase = "stopping";
}

let jobRunner: JobRunner | undefined;
let stopOfferEngine: (() => Promise<void>) | undefined;

/** Work that runs beside the requests once the server listens: the scheduled jobs and the offer engine's listener. */
export function startBackgroundWork(): void {
  jobRunner ??= startJobRunner(database(), APP_JOBS);
  stopOfferEngine ??= startOfferEngine(database());
}

/**
 * Test support only: a NOTIFY on the realtime channel through this process's database. main.ts
 * exposes it solely over the Node IPC channel of a test process that spawned the server
 * (never over the network), because an embedded database can only be opened by one process.
 */
export async function notifyForTest(payload: string): Promise<void> {
  await database().db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/**
 * Test support only, over the same IPC channel: runs one scheduled job now, as if the clock read
 * `at` (the browser test moves an order through Trade Protection without waiting days).
 */
export async function runJobForTest(name: string, at: string): Promise<unknown> {
  const job = APP_JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job ${name}`);
  const outcome = await runJobIfDue(database(), job, new Date(at), { force: true });
  // The next regular run is a full interval away by the real clock, not by the moved one.
  await database().db.execute(
    sql`UPDATE scheduled_jobs SET next_run_at = now() + make_interval(secs => ${job.intervalMs / 1000}) WHERE name = ${name}`,
  );
  return outcome;
}

/** Ends every open event stream, so the HTTP server can close; new ones are refused. */
export async function endStreams(): Promise<void> {
  await eventStreams().closeAll();
}

/**
 * Closes what the app holds open: event streams, the job runner (letting a running job
 * finish), the LISTEN connection, then the database.
 */
export async function close(): Promise<void> {
  await endStreams();
  await jobRunner?.stop();
  jobRunner = undefined;
  await stopOfferEngine?.();
  stopOfferEngine = undefined;
  await closeRealtimeHub();
  contentListener = undefined;
  await closeDatabase();
}
