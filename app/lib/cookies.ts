/**
 * Reading a Cookie header and writing the site's preference cookies (consent, theme, the one-shot
 * notice: docs/rules/privacy.md#cookie-inventory). The same strings go into Set-Cookie on the
 * server and into `document.cookie` in the browser. Isomorphic.
 */

/** The cookie's raw value in a Cookie header (the first of that name), or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/** The value decoded, or null when it is missing or not valid percent-encoding. */
export function decodedCookieValue(header: string | null | undefined, name: string): string | null {
  const raw = cookieValue(header, name);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * A first-party preference cookie: readable by the page's scripts (they write it too), sent on
 * top-level navigations (Lax), Secure on HTTPS. `maxAgeSeconds` 0 removes it.
 */
export function preferenceCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
