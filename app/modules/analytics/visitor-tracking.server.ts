/**
 * Our own visitor statistics (docs/rules/privacy.md#visitor-tracking): the browser reports a
 * visit only with analytics consent — on load, every 5 minutes, on each client-side navigation,
 * and an offline beacon on unload. Bots are never recorded, every report counts against the
 * one rate limiter by client IP, and nothing is stored that names a person: the page's path
 * without its query, the referring site's host, the device class and the campaign parameters.
 * Saved cookie choices are counted here too, as anonymous totals.
 */
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { VISITOR_TRACKING } from "~/modules/analytics/analytics-constants";
import { stockholmDay } from "~/lib/stockholm-time";
import { execCount, type Db } from "~/platform/db/client.server";
import { consumeRateLimit, type RateLimitResult } from "~/platform/rate-limit/rate-limiter.server";
import { deviceFromUserAgent, type ConsentChoiceTotalsInput, type VisitorReport } from "./visitor-schema";

export type TrackingOutcome = { result: "recorded" | "ignored" | "bot" } | { result: "limited"; limit: RateLimitResult };

interface Client {
  ip: string;
  userAgent: string;
  /** The site's own host: a referrer from it is an internal move, not a source. */
  ownHost: string;
  now?: Date;
}

/** The path alone: a query or fragment can carry tokens or codes, and is never stored. */
export function pathOnly(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut) || "/";
}

/** The referring site's host, or null for none, an unreadable one, or our own. */
export function referrerHost(referrer: string | null, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host === ownHost.toLowerCase().replace(/^www\./, "").replace(/:\d+$/, "") ? null : host;
  } catch {
    return null;
  }
}

async function screen(db: Db, client: Client, rule: { scope: string; limit: number; windowMs: number }): Promise<TrackingOutcome | null> {
  if (!client.userAgent.trim() || isbot(client.userAgent)) return { result: "bot" };
  const limit = await consumeRateLimit(db, rule, "ip", client.ip, client.now);
  return limit.allowed ? null : { result: "limited", limit };
}

/**
 * Records one report: the visit is created or kept online (one upsert, so concurrent reports
 * of the same visit never collide), and a load or a navigation adds a page view.
 */
export async function recordVisitorReport(db: Db, report: VisitorReport, client: Client): Promise<TrackingOutcome> {
  const refused = await screen(db, client, VISITOR_TRACKING.rateLimit);
  if (refused) return refused;
  const now = (client.now ?? new Date()).toISOString();
  const path = pathOnly(report.path);
  const referrer = referrerHost(report.referrer, client.ownHost);
  const countsPage = report.event !== "heartbeat";
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO visitor_sessions (session_id, current_page, referrer, user_agent, device, landing_page,
                                    utm_source, utm_medium, utm_campaign, is_online, first_seen_at, last_seen_at)
      VALUES (${report.sessionId}, ${path}, ${referrer}, ${client.userAgent.slice(0, 500)}, ${deviceFromUserAgent(client.userAgent)},
              ${path}, ${report.utmSource}, ${report.utmMedium}, ${report.utmCampaign}, true, ${now}::timestamptz, ${now}::timestamptz)
      ON CONFLICT (session_id) DO UPDATE SET
        current_page = CASE WHEN ${countsPage} THEN EXCLUDED.current_page ELSE visitor_sessions.current_page END,
        is_online = true,
        last_seen_at = GREATEST(visitor_sessions.last_seen_at, EXCLUDED.last_seen_at)
    `);
    if (countsPage) {
      await tx.execute(sql`
        INSERT INTO page_views (session_id, path, referrer, created_at)
        VALUES (${report.sessionId}, ${path}, ${referrer}, ${now}::timestamptz)
      `);
    }
  });
  return { result: "recorded" };
}

/** The unload beacon: the visit is no longer online. An unknown id changes nothing. */
export async function markVisitorOffline(db: Db, sessionId: string, client: Client): Promise<TrackingOutcome> {
  const refused = await screen(db, client, VISITOR_TRACKING.rateLimit);
  if (refused) return refused;
  const changed = await execCount(db, sql`
    UPDATE visitor_sessions SET is_online = false, last_seen_at = GREATEST(last_seen_at, ${(client.now ?? new Date()).toISOString()}::timestamptz)
     WHERE session_id = ${sessionId} AND is_online
  `);
  return { result: changed > 0 ? "recorded" : "ignored" };
}

/** One saved cookie choice, added to the day's counter for that combination: no identifier, no visit, nothing else. */
export async function recordConsentChoice(db: Db, choice: ConsentChoiceTotalsInput, client: Client): Promise<TrackingOutcome> {
  const refused = await screen(db, client, VISITOR_TRACKING.consentRateLimit);
  if (refused) return refused;
  const day = stockholmDay(client.now ?? new Date());
  await db.execute(sql`
    INSERT INTO consent_choice_totals (day, analytics, marketing, functional, count)
    VALUES (${day}::date, ${choice.analytics}, ${choice.marketing}, ${choice.functional}, 1)
    ON CONFLICT (day, analytics, marketing, functional) DO UPDATE SET count = consent_choice_totals.count + 1
  `);
  return { result: "recorded" };
}
