/**
 * Conditional GET for generated documents (the feed, the sitemap; docs/rules/blog.md#feeds-and-sitemap):
 * an ETag of the body and a Last-Modified, and 304 when the client already has it
 * (RFC 9110 §13: If-None-Match decides when sent, If-Modified-Since only without it).
 */
import { createHash } from "node:crypto";

/** When this process started: no generated document is older than the release serving it. */
const STARTED_AT = new Date();

/** Whole seconds, as HTTP dates carry them. */
const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

/**
 * The document as a 200 with ETag and Last-Modified, or a bodiless 304 with the same
 * validators when the request's condition says the client's copy is current. `lastModified`
 * is the latest change of what the document shows; the server's start is its floor, so a new
 * release's documents (new static pages in the sitemap) count as changed.
 */
export function conditionalDocument(
  request: Request,
  body: string,
  options: { lastModified: Date | null; headers: Record<string, string> },
): Response {
  // Weak: the same document compressed differently is still the same.
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const lastModified = new Date(Math.max(toSeconds(options.lastModified ?? STARTED_AT), toSeconds(STARTED_AT)));
  const validators = { ETag: etag, "Last-Modified": lastModified.toUTCString() };
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = request.headers.get("if-modified-since");
  let current = false;
  if (ifNoneMatch !== null) {
    current = matchesEtag(ifNoneMatch, etag);
  } else if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    current = Number.isFinite(since) && lastModified.getTime() <= since;
  }
  if (current) {
    const { "Content-Type": _type, ...kept } = options.headers;
    return new Response(null, { status: 304, headers: { ...kept, ...validators } });
  }
  return new Response(body, { headers: { ...options.headers, ...validators } });
}
