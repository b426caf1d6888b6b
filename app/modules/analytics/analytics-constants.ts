/** Visitor tracking and the analytics cookies (docs/rules/privacy.md#visitor-tracking). Isomorphic. */

export const VISITOR_DEVICES = ["mobile", "tablet", "desktop"] as const;
export type VisitorDevice = (typeof VISITOR_DEVICES)[number];
export const VISITOR_TRACKING = {
  /** A visit reports itself on load and then this often while the tab is open. */
  heartbeatMs: 5 * 60_000,
  /** A visitor counts as online when seen within this long (a heartbeat plus slack) and not gone offline. */
  onlineWindowMinutes: 6,
  /** Reports per client IP and window (load, heartbeats, page views and the offline beacon together). */
  rateLimit: { scope: "visitor", limit: 120, windowMs: 10 * 60_000 },
  /** Saved cookie choices counted per client IP and window. */
  consentRateLimit: { scope: "consent-choice", limit: 20, windowMs: 60 * 60_000 },
  sessionIdPattern: /^[A-Za-z0-9_-]{8,64}$/,
  maxPathLength: 500,
  maxReferrerLength: 500,
  maxUtmLength: 100,
} as const;

/** Cookies set by the analytics tool (GA4), removed when analytics consent is absent. */
export const ANALYTICS_COOKIE_PATTERN = /^(_ga|_ga_.+|_gid|_gat.*)$/;
