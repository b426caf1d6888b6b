/**
 * Where to go after signing in (docs/rules/accounts.md#redirects): a same-origin path only.
 * The value is normalised first (percent-decoding until stable, resolving `.` and `..`) and
 * checked after, so no encoding of a second slash, a backslash or a control character can
 * turn it into `//other.host`. React Router's data-request suffix (`.data`, `_root.data`)
 * and parameters are dropped, so a redirect made during a data request lands on the page.
 */
import { TEXT_LIMITS } from "~/platform/platform-constants";

const BASE = "http://same-origin.invalid";
/** Control characters, spaces and backslashes: browsers strip or reinterpret them in URLs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0020\u007f\\]/;
const ROUTER_PARAMS = ["_routes", "_data"];

function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function withoutDataSuffix(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

function isSameOriginPath(candidate: string): boolean {
  if (!candidate.startsWith("/") || candidate.startsWith("//") || UNSAFE.test(candidate)) return false;
  try {
    const url = new URL(candidate, BASE);
    return url.origin === BASE && !url.pathname.startsWith("//");
  } catch {
    return false;
  }
}

export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > TEXT_LIMITS.redirectTo) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === null || !isSameOriginPath(value) || !isSameOriginPath(decoded)) return fallback;
  const url = new URL(value, BASE);
  const pathname = withoutDataSuffix(url.pathname);
  if (!isSameOriginPath(pathname)) return fallback;
  if (pathname === "/auth" || pathname.startsWith("/api/")) return fallback;
  for (const param of ROUTER_PARAMS) url.searchParams.delete(param);
  return `${pathname}${url.search}${url.hash}`;
}
