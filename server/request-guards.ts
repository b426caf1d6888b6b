/**
 * What every request passes before any route sees it (docs/rules/http.md): the internal
 * client-IP and Host headers set from Express's own (TRUST_PROXY aware) view, a method the site
 * answers, an address without control characters, a state-changing request only from our own
 * origin, and a body no larger than the limit, read once into memory so no route can buffer
 * more. Refusals are Swedish 4xx answers, never 5xx.
 */
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-constants";
import { SWISH_PAYOUT_CALLBACK_PATH } from "~/modules/selling/selling-constants";
import { HTTP_LIMITS } from "~/platform/platform-constants";
import { HTTP_MESSAGES } from "~/lib/http-messages";
import { hasControlCharacters } from "~/lib/control-characters";
import { escapeHtml } from "~/platform/mail/templates";

const ALLOWED_METHODS = new Set<string>(HTTP_LIMITS.methods);
const ALLOW_HEADER = HTTP_LIMITS.methods.join(", ");

function wantsJson(req: express.Request): boolean {
  const path = req.path;
  if (path.startsWith("/api/") || path.endsWith(".data")) return true;
  const accept = req.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** Sends a Swedish refusal as JSON to API callers and as a small HTML page to browsers. */
export function refuse(req: express.Request, res: express.Response, status: number, message: string): void {
  res.status(status).set("Cache-Control", "no-store");
  if (wantsJson(req)) {
    res.json({ ok: false, message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="sv"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title><h1>${escapeHtml(message)}</h1><p><a href="/">Till startsidan</a></p></html>`,
    );
}

export const methodGuard: RequestHandler = (req, res, next) => {
  if (ALLOWED_METHODS.has(req.method)) return next();
  res.set("Allow", ALLOW_HEADER);
  refuse(req, res, 405, HTTP_MESSAGES.methodNotAllowed);
};

export const addressGuard: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.originalUrl);
  } catch {
    return refuse(req, res, 400, HTTP_MESSAGES.badAddress);
  }
  // A NUL or other control character anywhere in the decoded address (the same rule as fields).
  if (hasControlCharacters(decoded)) return refuse(req, res, 400, HTTP_MESSAGES.badAddress);
  next();
};

function bodyLimitFor(path: string): number {
  return HTTP_LIMITS.uploadPathPrefixes.some((prefix) => path.startsWith(prefix))
    ? HTTP_LIMITS.uploadBodyBytes
    : HTTP_LIMITS.bodyBytes;
}

const readers = new Map<number, RequestHandler>();
function rawReader(limit: number): RequestHandler {
  let reader = readers.get(limit);
  if (!reader) {
    // Compressed request bodies are refused (415): the limit counts what is stored.
    reader = express.raw({ type: () => true, limit, inflate: false });
    readers.set(limit, reader);
  }
  return reader;
}

/**
 * Reads the body into `req.body` (a Buffer) up to the path's limit. A declared length over
 * the limit is refused before a byte is read, and the connection is closed rather than
 * drained, so a huge upload costs neither memory nor time.
 */
export const bodyLimit: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req.path);
  const declared = Number(req.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    res.set("Connection", "close");
    refuse(req, res, 413, HTTP_MESSAGES.tooLarge);
    return;
  }
  rawReader(limit)(req, res, next);
};

/** Errors of the body reader (too large, bad encoding) become their Swedish 4xx. */
export const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
  const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 0;
  if (res.headersSent || status < 400 || status >= 500) return next(err);
  if (status === 413) {
    res.set("Connection", "close");
    return refuse(req, res, 413, HTTP_MESSAGES.tooLarge);
  }
  if (status === 415) return refuse(req, res, 415, HTTP_MESSAGES.unsupportedMediaType);
  refuse(req, res, 400, HTTP_MESSAGES.badRequest);
};

/**
 * Services read the client's address from CLIENT_IP_HEADER (Better Auth's session records,
 * security events, limits). A client must never choose it: whatever arrived is replaced by
 * the address Express resolved (TRUST_PROXY aware). Mounted first.
 */
export const clientIpHeader: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip || req.socket.remoteAddress || "unknown";
  next();
};

/**
 * Behind a trusted proxy the public host is X-Forwarded-Host (Express's `req.host`). React
 * Router's adapter takes the name from it but the port from Host, which a proxy often sets to
 * its upstream (127.0.0.1:3000): https://skinhamnen.se would look like
 * https://skinhamnen.se:3000 and every page action would fail React Router's origin check.
 * Host becomes the forwarded one, so both agree. Without a trusted proxy nothing changes.
 */
export const publicHost: RequestHandler = (req, _res, next) => {
  const host = req.host;
  if (host && req.headers.host !== host) req.headers.host = host;
  next();
};

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_ORIGIN_MESSAGE = "Förfrågan kom från en annan webbplats och avvisades.";

function sameOrigin(origin: string, own: string): boolean {
  try {
    return new URL(origin).origin === new URL(own).origin;
  } catch {
    // "null" (sandboxed frames, some redirects) and anything unparsable are foreign.
    return false;
  }
}

/**
 * Paths of payment providers' server-to-server callbacks (Swish, card payments), exempt from the
 * origin rule: a provider posts from its own servers, with no Origin or a foreign one. Each
 * must authenticate the caller itself, by the provider's signature or by mutual TLS, before it
 * changes anything, and is added here by name together with that check (docs/rules/http.md#origin).
 * BankID calls no endpoint of ours; Swish and card payments will. Exact paths, never prefixes.
 */
const PROVIDER_CALLBACK_PATHS: readonly string[] = [
  // Decision 051: the secret in its query and a status read from Swish before any change.
  SWISH_PAYOUT_CALLBACK_PATH,
];

/** `Sec-Fetch-Site` values of a request our own pages made (`none`: typed or bookmarked by the user). */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * React Router refuses a page or data action whose Origin is not the request's own, but
 * resource routes (no component: /auth/sign-out, /api/newsletter, …) skip that check. This
 * applies the same rule to every state-changing request (docs/rules/http.md#origin): an Origin,
 * when sent, must be ours. Without one, a browser's `Sec-Fetch-Site` decides: a request a
 * browser marks `cross-site` or `same-site` is a foreign page's and refused. A request with
 * neither header is no browser's (browsers send Origin with every POST they make for a page, and
 * Fetch Metadata with every request), so it carries no visitor's session by accident and passes.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  if (req.method === "POST" && req.path === UNSUBSCRIBE_PATH) {
    // RFC 8058 one-click unsubscribing (docs/rules/newsletter.md#unsubscribing): a mail client
    // posts from wherever it runs, without our cookies. The signed token in the URL is the
    // only authority and unsubscribing is all it can do, so the origin adds nothing here. The
    // header is dropped so React Router's own origin check lets the post reach the action.
    // Exactly this path: its data requests (`.data`) and every other route keep the rule.
    delete req.headers.origin;
    return next();
  }
  if (req.method === "POST" && PROVIDER_CALLBACK_PATHS.includes(req.path)) {
    delete req.headers.origin;
    return next();
  }
  const origin = req.get("origin");
  if (origin !== undefined) {
    if (sameOrigin(origin, `${req.protocol}://${req.host}`)) return next();
    req.log?.warn({ origin }, "cross-origin request refused");
    return refuse(req, res, 403, CROSS_ORIGIN_MESSAGE);
  }
  const site = req.get("sec-fetch-site");
  if (site === undefined || OWN_FETCH_SITES.has(site.trim().toLowerCase())) return next();
  req.log?.warn({ secFetchSite: site }, "cross-site request without Origin refused");
  refuse(req, res, 403, CROSS_ORIGIN_MESSAGE);
};
