/**
 * The Express application: security headers, request logs, health check, static assets and
 * the React Router request handler. It is the entry of the server build, so routes, services
 * and the database client live in one bundle with one copy of each module.
 */
import "react-router";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { toNodeHandler } from "better-auth/node";
import { AUTH_ENDPOINT_MESSAGES, AUTH_HTTP_ENDPOINTS } from "~/modules/accounts/auth-endpoints";
import { auth, AUTH_BASE_PATH } from "~/modules/accounts/auth.server";
import { config } from "~/platform/config.server";
import { closeDatabase, database, ping } from "~/platform/db/client.server";
import { prepareDatabase } from "~/platform/db/setup.server";
import { logger } from "~/platform/logger.server";
import { clientIpHeader, publicHost, sameOriginOnly } from "./request-guards";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The client's address as Express resolved it (honours TRUST_PROXY). */
    clientIp: string;
    userAgent: string;
  }
}

/** Paths whose query strings carry tokens (verification, reset, OAuth); never logged. */
const SENSITIVE_PATH = /^\/(api\/auth|auth|email-confirmation|reset)/;

export function redactUrl(url: string): string {
  const [pathname, query] = url.split("?", 2);
  return query !== undefined && SENSITIVE_PATH.test(pathname ?? "") ? `${pathname}?[redacted]` : url;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function createApp(): express.Express {
  const cfg = config();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", cfg.TRUST_PROXY);
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
      autoLogging: { ignore: (req) => (req.url ?? "").startsWith("/assets/") },
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

  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  app.use(nonce);

  const https = cfg.PUBLIC_URL.startsWith("https://");
  const gaOrigin = cfg.GA_MEASUREMENT_ID ? [cfg.GA_SCRIPT_ORIGIN] : [];
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        // Development keeps Vite's HMR working; the policy is enforced in production.
        reportOnly: cfg.isDevelopment,
        directives: {
          "default-src": ["'self'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'", cfg.STEAM_OPENID_URL],
          "frame-ancestors": ["'none'"],
          "object-src": ["'none'"],
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
            ...gaOrigin,
          ],
          "script-src-attr": ["'none'"],
          // Inline style attributes (React, Radix positioning) are allowed; inline scripts never are.
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'", ...gaOrigin, ...(cfg.GA_MEASUREMENT_ID ? ["https://*.google-analytics.com"] : [])],
          "frame-src": ["'self'"],
          "manifest-src": ["'self'"],
          "upgrade-insecure-requests": https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );

  app.use(compression());
  app.use(sameOriginOnly);

  app.get("/healthz", async (_req, res) => {
    try {
      await ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database().driver });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error" });
    }
  });

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
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: String(req.id ?? ""),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        userAgent: req.get("user-agent") ?? "",
      }),
    }),
  );

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    req.log?.error({ err }, "unhandled error");
    if (res.headersSent) return;
    res
      .status(500)
      .type("html")
      .send(
        '<!doctype html><html lang="sv"><meta charset="utf-8"><title>Något gick fel</title><h1>Något gick fel</h1><p>Ett oväntat fel uppstod. Försök igen om en stund.</p><p><a href="/">Till startsidan</a></p></html>',
      );
  };
  app.use(onError);
  return app;
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
  await prepareDatabase(database());
}

/** Closes what the app holds open (the database). */
export async function close(): Promise<void> {
  await closeDatabase();
}
