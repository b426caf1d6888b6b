/**
 * Where to go after signing in: a same-origin path only. Anything else (absolute URLs,
 * protocol-relative `//host`, backslash tricks, the auth page itself) falls back to `/`.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  // Control characters could smuggle a scheme past the checks above.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(target, "http://same-origin.invalid");
    if (url.origin !== "http://same-origin.invalid") return fallback;
    if (url.pathname === "/auth" || url.pathname.startsWith("/api/")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
