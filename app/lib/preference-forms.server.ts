/**
 * Answers to the preference forms' plain posts: a 303 back to the page, with the cookies the
 * choice sets (docs/decisions/042-content-pages-without-framework-javascript.md).
 */
import { config } from "~/platform/config.server";

/** Whether cookies set for this site are marked Secure. */
export function secureCookies(): boolean {
  return config().PUBLIC_URL.startsWith("https://");
}

/**
 * Whether a POST came from the browser itself (a plain form, no script in between): a document
 * navigation, or a client that asks for HTML and not JSON.
 */
export function isDocumentPost(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json")) return false;
  return request.headers.get("sec-fetch-mode") === "navigate" || accept.includes("text/html");
}

export function seeOther(path: string, cookies: readonly string[]): Response {
  const headers = new Headers({ Location: path, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}
