/**
 * What every request passes before anything reads it: the internal client-IP header and the
 * Host header are set from Express's own (TRUST_PROXY aware) view of the request, and a
 * state-changing request from another origin is refused, whichever route (page, data request
 * or resource route) would have answered it.
 */
import type { RequestHandler } from "express";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";

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
 * React Router refuses a page or data action whose Origin is not the request's own, but
 * resource routes (no component: /auth/sign-out, /api/newsletter, …) skip that check. This
 * applies the same rule to every state-changing request: an Origin, when sent, must be ours.
 * Browsers send one with every cross-site POST; a request without one is not a browser's.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  const origin = req.get("origin");
  if (origin === undefined || sameOrigin(origin, `${req.protocol}://${req.host}`)) return next();
  req.log?.warn({ origin }, "cross-origin request refused");
  res.status(403).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(CROSS_ORIGIN_MESSAGE);
};
