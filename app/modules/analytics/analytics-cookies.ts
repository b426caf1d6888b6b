/**
 * Removal of the analytics tool's cookies when analytics consent is absent or withdrawn
 * (docs/rules/privacy.md#analytics). GA4 sets `_ga`, `_ga_<container>`, `_gid` and `_gat*` on the
 * site's registrable domain, so each is expired host-only and on the host and every parent domain,
 * path /.
 */
import { ANALYTICS_COOKIE_PATTERN } from "~/modules/analytics/analytics-constants";

/** Names of analytics cookies present in a `document.cookie` string. */
export function analyticsCookieNames(cookieString: string): string[] {
  const names = new Set<string>();
  for (const part of cookieString.split(";")) {
    const name = part.split("=", 1)[0]?.trim() ?? "";
    if (ANALYTICS_COOKIE_PATTERN.test(name)) names.add(name);
  }
  return [...names];
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The host and its parent domains down to two labels; none for IP addresses and single labels. */
export function cookieDomains(hostname: string): string[] {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (IPV4.test(host) || host.includes(":") || !host.includes(".")) return [];
  const labels = host.split(".");
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) domains.push(labels.slice(i).join("."));
  return domains;
}

const EXPIRED = "expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/";

/** The `document.cookie` assignments that expire every analytics cookie present. */
export function analyticsCookieDeletions(cookieString: string, hostname: string): string[] {
  const domains = cookieDomains(hostname);
  return analyticsCookieNames(cookieString).flatMap((name) => [
    `${name}=; ${EXPIRED}`,
    // A leading dot makes no difference to browsers (RFC 6265 §5.2.3), so one form suffices.
    ...domains.map((domain) => `${name}=; ${EXPIRED}; domain=${domain}`),
  ]);
}

/** Expires the analytics cookies of the current page; returns the names it found. */
export function removeAnalyticsCookies(doc: Document = document): string[] {
  const names = analyticsCookieNames(doc.cookie);
  for (const deletion of analyticsCookieDeletions(doc.cookie, doc.location.hostname)) doc.cookie = deletion;
  return names;
}
