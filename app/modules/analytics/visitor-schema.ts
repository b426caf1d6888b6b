/**
 * What the browser sends for visitor tracking and consent totals (docs/rules/privacy.md#visitor-tracking):
 * the one zod schema the tracking client builds its reports from and the endpoints validate
 * with, and the device class of a user agent. Isomorphic.
 */
import { z } from "~/lib/zod";
import { VISITOR_DEVICES, VISITOR_TRACKING, type VisitorDevice } from "~/modules/analytics/analytics-constants";
import { textField } from "~/lib/validation";

const VISITOR_MESSAGES = {
  sessionId: "Ogiltigt besöks-id.",
  path: "Ogiltig sidadress.",
  event: "Okänd händelse.",
  choice: "Ogiltigt cookie-val.",
} as const;

/** `load` opens or resumes a visit and counts its page; `heartbeat` keeps it online; `page_view` is a client-side navigation. */
const VISITOR_EVENTS = ["load", "heartbeat", "page_view"] as const;
export type VisitorEvent = (typeof VISITOR_EVENTS)[number];

const sessionId = z
  .string({ error: VISITOR_MESSAGES.sessionId })
  .regex(VISITOR_TRACKING.sessionIdPattern, VISITOR_MESSAGES.sessionId);

/** Optional text: missing or empty becomes null. */
const optionalText = (max: number) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), textField(max).optional()).transform((value) => value || null);

export const visitorReportSchema = z.object({
  sessionId,
  event: z.enum(VISITOR_EVENTS, { error: VISITOR_MESSAGES.event }),
  path: textField(VISITOR_TRACKING.maxPathLength).refine((value) => value.startsWith("/") && !value.startsWith("//"), VISITOR_MESSAGES.path),
  referrer: optionalText(VISITOR_TRACKING.maxReferrerLength),
  utmSource: optionalText(VISITOR_TRACKING.maxUtmLength),
  utmMedium: optionalText(VISITOR_TRACKING.maxUtmLength),
  utmCampaign: optionalText(VISITOR_TRACKING.maxUtmLength),
});
export type VisitorReport = z.output<typeof visitorReportSchema>;

export const visitorOfflineSchema = z.object({ sessionId });

const flag = z.boolean({ error: VISITOR_MESSAGES.choice });
export const consentChoiceSchema = z.object({ analytics: flag, marketing: flag, functional: flag });
export type ConsentChoiceTotalsInput = z.output<typeof consentChoiceSchema>;


/** A coarse device class from the user agent: enough for the Analytics tab, nothing more. */
export function deviceFromUserAgent(userAgent: string): VisitorDevice {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return VISITOR_DEVICES[2];
}
