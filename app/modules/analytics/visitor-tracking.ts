/**
 * Our own visitor statistics, browser side (docs/rules/privacy.md#visitor-tracking). Runs only
 * while the visitor has consented to analytics: a random `visitor_session_id` in session storage,
 * a report on load and every 5 minutes, a page view on each client-side navigation, and the
 * offline beacon `POST /api/visitor-offline` when the page is left. Without consent nothing is
 * sent and the id is removed. Saved cookie choices are reported as anonymous totals.
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { VISITOR_TRACKING } from "~/modules/analytics/analytics-constants";
import type { ConsentChoice } from "~/modules/consent/consent";
import type { VisitorEvent } from "./visitor-schema";

const ENDPOINTS = {
  report: "/api/visitor",
  offline: "/api/visitor-offline",
  consent: "/api/consent-choice",
} as const;

function sessionId(create: boolean): string | null {
  try {
    let id = sessionStorage.getItem(STORAGE_KEYS.visitorSessionId);
    if (!id && create) {
      id = crypto.randomUUID();
      sessionStorage.setItem(STORAGE_KEYS.visitorSessionId, id);
    }
    return id;
  } catch {
    return null;
  }
}

function forgetSessionId(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.visitorSessionId);
  } catch {
    // Storage unavailable: nothing stored.
  }
}

function post(url: string, body: unknown): void {
  void fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {
    // Statistics never disturb the visit.
  });
}

function utm(search: string) {
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name)?.slice(0, VISITOR_TRACKING.maxUtmLength) || undefined;
  return { utmSource: value("utm_source"), utmMedium: value("utm_medium"), utmCampaign: value("utm_campaign") };
}

function report(event: VisitorEvent, path: string, extra: Record<string, string | undefined> = {}): void {
  const id = sessionId(true);
  if (!id) return;
  post(ENDPOINTS.report, { sessionId: id, event, path: path.slice(0, VISITOR_TRACKING.maxPathLength), ...extra });
}

/**
 * Starts tracking this page (call only with analytics consent): the load report now, a
 * heartbeat every 5 minutes and the offline beacon on leaving. Returns the stop function.
 */
export function startVisitorTracking(): () => void {
  report("load", window.location.pathname, {
    referrer: document.referrer ? document.referrer.slice(0, VISITOR_TRACKING.maxReferrerLength) : undefined,
    ...utm(window.location.search),
  });
  const heartbeat = window.setInterval(() => report("heartbeat", window.location.pathname), VISITOR_TRACKING.heartbeatMs);
  const onPageHide = () => {
    const id = sessionId(false);
    if (!id) return;
    const body = new Blob([JSON.stringify({ sessionId: id })], { type: "application/json" });
    if (!navigator.sendBeacon?.(ENDPOINTS.offline, body)) post(ENDPOINTS.offline, { sessionId: id });
  };
  window.addEventListener("pagehide", onPageHide);
  return () => {
    window.clearInterval(heartbeat);
    window.removeEventListener("pagehide", onPageHide);
  };
}

/** A client-side navigation to `path` (call only while tracking runs). */
export function trackVisitorPageView(path: string): void {
  report("page_view", path);
}

/** Stops any trace of tracking when there is no consent: the id is removed. */
export function clearVisitorTracking(): void {
  forgetSessionId();
}

/** One saved choice for the anonymous totals: the three flags, nothing else. */
export function reportConsentChoice(choice: ConsentChoice): void {
  post(ENDPOINTS.consent, { analytics: choice.analytics, marketing: choice.marketing, functional: choice.functional });
}
