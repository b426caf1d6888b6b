/**
 * The anonymous HTML cache (docs/decisions/020-anonymous-html-cache.md, docs/rules/http.md#html-cache).
 *
 * A GET or HEAD without a session cookie, for a page whose route opts in (server/html-cache-routes.ts)
 * and whose query holds only that route's allowed parameters and values, is answered from an
 * in-process LRU bounded in bytes. Pages are rendered for the cache from a request that carries
 * no cookies and no client headers, one render per URL at a time; a page past its fresh time is
 * still answered while one render refreshes it (stale-while-revalidate). Bodies are stored
 * brotli- and gzip-compressed with an ETag, so a hit costs what a precompressed static file costs.
 *
 * A stored body cannot take a per-response nonce: its nonce attributes are removed when it is
 * stored and its policy lists the sha256 of each inline script instead. Pages rendered per
 * request keep their nonce. Only a 200 HTML answer without Set-Cookie is stored: a 404 or any
 * other status, a redirect, a session's render are never kept, so random URLs cannot fill memory.
 */
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import { LRUCache } from "lru-cache";
import type { ServerBuild } from "react-router";
import { hasSessionCookie } from "~/modules/accounts/session-policy";
import type { ContentTag } from "~/platform/realtime/events";
import { createDeepestRouteMatcher, fullPath } from "./route-patterns";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How a route opts in: the content its page shows, and the query it may vary by. */
export interface CacheableRoute {
  /** A change to this content drops the page (every instance, through the realtime channel). */
  tags: readonly ContentTag[];
  /** Query parameters the page may be cached with, each with its complete list of values. */
  params?: Readonly<Record<string, readonly string[]>>;
}

export interface CachedPage {
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same page is sent in more than one encoding. */
  etag: string;
  /** `'sha256-…'` sources, one per distinct inline script, space-separated. */
  scriptSources: string;
  /** The render's own headers (Content-Type, Cache-Control, Link …), without cookies or CSP. */
  headers: ReadonlyArray<readonly [string, string]>;
  tags: readonly ContentTag[];
  storedAt: number;
}

export type CacheState = "hit" | "stale" | "miss";

export interface HtmlPageCacheOptions {
  maxBytes: number;
  maxEntryBytes: number;
  freshMs: number;
  staleMs: number;
  now?: () => number;
}

const ENTRY_OVERHEAD_BYTES = 1024;

export class HtmlPageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  /** Bumped by every invalidation: a render that began before one is not stored. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: HtmlPageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      maxEntrySize: options.maxEntryBytes,
      sizeCalculation: (page) => page.br.length + page.gzip.length + ENTRY_OVERHEAD_BYTES,
    });
  }

  /** The stored page and whether it is still fresh; nothing once it is past its stale time. */
  get(key: string): { page: CachedPage; state: Exclude<CacheState, "miss"> } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const age = this.now() - page.storedAt;
    if (age > this.options.freshMs + this.options.staleMs) {
      this.pages.delete(key);
      return undefined;
    }
    return { page, state: age > this.options.freshMs ? "stale" : "hit" };
  }

  /**
   * Renders the page once however many requests ask at the same time, and stores it unless the
   * render says it must not be kept (null) or content changed while it rendered.
   */
  fill(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = render()
      .then((page) => {
        if (page && generation === this.generation) this.pages.set(key, page);
        // A page that may no longer be stored (gone, moved) is not answered stale either.
        else if (!page) this.pages.delete(key);
        return page;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every page that shows this content. */
  invalidate(tag: ContentTag): void {
    this.generation++;
    const keys: string[] = [];
    for (const [key, page] of this.pages.entries()) if (page.tags.includes(tag)) keys.push(key);
    for (const key of keys) this.pages.delete(key);
  }

  /** Drops everything (the realtime connection was lost: changes may have been missed). */
  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*"([^"]*)"/i;
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/**
 * The text of every inline script a browser would run. Elements with `src` have nothing inline
 * to allow; data blocks (`application/ld+json`) are never run, so a policy does not name them.
 */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? "";
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = (TYPE_ATTRIBUTE.exec(attributes)?.[1] ?? "").trim().toLowerCase();
    if (EXECUTABLE_TYPES.has(type)) scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** CSP sources that allow exactly these inline scripts. */
function scriptHashSources(html: string): string[] {
  const sources = inlineScripts(html).map(
    (script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`,
  );
  return [...new Set(sources)];
}

/** Allowed values are few and known; any other parameter or value means "not from the cache". */
export function cacheKey(url: URL, route: CacheableRoute): string | null {
  const { pathname } = url;
  // One spelling per page: no encoded, doubled or trailing slashes, no `.data` requests.
  if (pathname.includes("%") || pathname.includes("//") || pathname.endsWith(".data")) return null;
  if (pathname.length > 1 && pathname.endsWith("/")) return null;
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    const allowed = route.params?.[name];
    if (!allowed || !allowed.includes(value) || seen.has(name)) return null;
    seen.add(name);
    kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  kept.sort();
  return kept.length > 0 ? `${pathname}?${kept.join("&")}` : pathname;
}

/**
 * The cacheable route a path belongs to, if the deepest route it matches (React Router's own
 * ranking) opted in. Only paths whose first segment some cacheable route starts with are matched.
 */
export function createRouteMatcher(build: ServerBuild, routes: Readonly<Record<string, CacheableRoute>>) {
  const deepest = createDeepestRouteMatcher(build);
  const firstSegments = new Set<string>();
  for (const id of Object.keys(routes)) {
    if (!build.routes[id]) throw new Error(`HTML cache: no route "${id}" in the build`);
    const first = fullPath(build, id).split("/")[1] ?? "";
    if (first.startsWith(":") || first.startsWith("*")) throw new Error(`HTML cache: route "${id}" must start with a fixed segment`);
    firstSegments.add(first);
  }
  return (pathname: string): CacheableRoute | undefined => {
    if (!firstSegments.has(pathname.split("/", 2)[1] ?? "")) return undefined;
    const id = deepest(pathname);
    return (id && routes[id]) || undefined;
  };
}

export type PageRenderer = (request: Request, nonce: string) => Promise<Response>;

/**
 * Renders a page for the cache: a plain GET with no cookies and no client headers, so what is
 * stored is what any anonymous visitor would get. Returns null for anything that must not be
 * stored.
 */
export async function renderForCache(
  render: PageRenderer,
  url: string,
  route: CacheableRoute,
  now: () => number = Date.now,
): Promise<CachedPage | null> {
  const nonce = randomBytes(16).toString("base64");
  const response = await render(new Request(url, { method: "GET", headers: { accept: "text/html" } }), nonce);
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || response.headers.has("set-cookie") || !type.startsWith("text/html")) {
    await response.body?.cancel();
    return null;
  }
  const html = (await response.text()).replaceAll(` nonce="${nonce}"`, "");
  // Anything that kept the nonce elsewhere would be a page that only works with it: not stored.
  if (html.includes(nonce)) return null;
  const body = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) {
    if (!STORED_HEADER_SKIP.has(name)) headers.push([name, value]);
  }
  return {
    br,
    gzip: gz,
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
    scriptSources: scriptHashSources(html).join(" "),
    headers,
    tags: route.tags,
    storedAt: now(),
  };
}

/** Set per response (or by this module), never taken from the stored render. */
const STORED_HEADER_SKIP = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "etag",
  "set-cookie",
  "content-security-policy",
  "content-security-policy-report-only",
]);

const POLICY_HEADERS = ["Content-Security-Policy", "Content-Security-Policy-Report-Only"] as const;

function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

/**
 * Answers with a stored page. The per-request nonce helmet put in the policy gives way to the
 * page's script hashes; false (nothing sent) when the policy does not carry that nonce.
 */
function sendCached(req: express.Request, res: express.Response, page: CachedPage, state: CacheState): boolean {
  const nonceSource = `'nonce-${String(res.locals.cspNonce)}'`;
  const policies: Array<[string, string]> = [];
  for (const name of POLICY_HEADERS) {
    const policy = res.getHeader(name);
    if (typeof policy !== "string") continue;
    if (!policy.includes(nonceSource)) return false;
    policies.push([name, policy.replace(nonceSource, page.scriptSources)]);
  }
  if (policies.length === 0) return false;
  for (const [name, value] of policies) res.setHeader(name, value);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Html-Cache", state);
  if (notModified(req.get("if-none-match"), page.etag)) {
    res.status(304).end();
    return true;
  }
  const encoding = req.acceptsEncodings("br", "gzip", "identity");
  let body: Buffer;
  if (encoding === "br") body = page.br;
  else if (encoding === "gzip") body = page.gzip;
  // A client that takes neither (rare: scripts, old proxies) gets it unpacked.
  else body = zlib.gunzipSync(page.gzip);
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
  return true;
}

export interface HtmlCacheMiddlewareOptions {
  cache: HtmlPageCache;
  matchRoute: (pathname: string) => CacheableRoute | undefined;
  /** The site's own origin (PUBLIC_URL): cached pages are rendered for it. */
  origin: string;
  render: PageRenderer;
  onError: (error: unknown, key: string) => void;
  /** Told of every look-up of a cacheable page: found fresh, found stale, or not found. */
  onLookup?: (state: CacheState) => void;
}

export function htmlCacheMiddleware({ cache, matchRoute, origin, render, onError, onLookup }: HtmlCacheMiddlewareOptions): express.RequestHandler {
  const fill = (key: string, route: CacheableRoute) => cache.fill(key, () => renderForCache(render, origin + key, route));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (hasSessionCookie(req.headers.cookie)) return next();
    let url: URL;
    try {
      url = new URL(req.originalUrl, origin);
    } catch {
      return next();
    }
    const route = matchRoute(url.pathname);
    const key = route ? cacheKey(url, route) : null;
    if (!route || !key) return next();

    const stored = cache.get(key);
    onLookup?.(stored?.state ?? "miss");
    if (stored) {
      if (stored.state === "stale") fill(key, route).catch((error: unknown) => onError(error, key));
      if (!sendCached(req, res, stored.page, stored.state)) next();
      return;
    }
    fill(key, route).then(
      (page) => {
        if (!page || !sendCached(req, res, page, "miss")) next();
      },
      (error: unknown) => {
        onError(error, key);
        next();
      },
    );
  };
}
