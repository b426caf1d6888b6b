/**
 * Hands Express requests to React Router. Unlike @react-router/express it takes the body the
 * body-limit middleware has already read (so no route can buffer more than the limit), takes
 * the server build as an object (routes are derived once, not per request), and marks every
 * answer that depends on the session as private (docs/rules/http.md#caching).
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { hasSessionCookie } from "~/modules/accounts/session-policy";

export type PageHandler = ReturnType<typeof createRequestHandler>;

/** React Router's handler for the build, created once (the HTML cache renders through it too). */
export function createPageHandler(build: ServerBuild, mode: string): PageHandler {
  return createRequestHandler(build, mode);
}

export interface ReactRouterHandlerOptions {
  handle: PageHandler;
  getLoadContext(req: express.Request, res: express.Response): AppLoadContext;
}

function toHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return headers;
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers: toHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD" && Buffer.isBuffer(req.body) && req.body.length > 0) {
    init.body = new Uint8Array(req.body);
  }
  return new Request(url.href, init);
}

/** Appends a value to a comma-separated header unless it is there already. */
function appendVary(headers: Headers, value: string): void {
  const current = headers.get("Vary");
  if (!current) headers.set("Vary", value);
  else if (!current.split(",").some((part) => part.trim().toLowerCase() === value.toLowerCase())) {
    headers.set("Vary", `${current}, ${value}`);
  }
}

async function sendResponse(res: express.Response, response: Response, headers: Headers): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of headers.entries()) {
    if (key === "set-cookie") continue;
    res.append(key, value);
  }
  for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (/text\/event-stream/i.test(headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createReactRouterHandler({ handle, getLoadContext }: ReactRouterHandlerOptions): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await handle(toFetchRequest(req, res), getLoadContext(req, res));
      // Pages show who is signed in (header, loaders): what a session saw must never be
      // stored by a shared cache, and no cache may answer one visitor with another's page.
      const headers = new Headers(response.headers);
      appendVary(headers, "Cookie");
      if (hasSessionCookie(req.headers.cookie) || headers.has("Set-Cookie")) {
        headers.set("Cache-Control", "private, no-store");
      }
      await sendResponse(res, response, headers);
    } catch (error) {
      next(error);
    }
  };
}
