/**
 * The one analytics module (browser side). Events are sent only when the visitor has
 * consented to analytics and the analytics tool has loaded (spec §4/§7); otherwise they
 * are dropped. Event names: `login`, `sign_up`, and hero clicks (`click` with a label).
 */
import { STORAGE_KEYS } from "~/constants";

type Gtag = (command: "event", name: string, params?: Record<string, unknown>) => void;

export function hasAnalyticsConsent(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.analyticsConsentFlag) === "true";
  } catch {
    return false;
  }
}

function gtag(): Gtag | undefined {
  if (typeof window === "undefined") return undefined;
  const candidate = (window as unknown as { gtag?: Gtag }).gtag;
  return typeof candidate === "function" ? candidate : undefined;
}

/** Sends an event if allowed; returns whether it was sent. */
export function trackEvent(name: string, params: Record<string, unknown> = {}): boolean {
  const send = gtag();
  if (!send || !hasAnalyticsConsent()) return false;
  send("event", name, params);
  return true;
}
