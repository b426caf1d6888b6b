/**
 * Influencer links (docs/rules/loyalty.md#influencer-links): the public lookup (name only) and
 * the click record — user agent, referrer and UTM values (defaults `direct`, `referral`,
 * `influencer`), at most once per visitor per code per Stockholm day, never for bots. The
 * visitor is the salted hash of address and user agent, as for blog views; no raw IP is kept.
 */
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { z } from "~/lib/zod";
import { stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { lenientTextField } from "~/lib/validation";
import { queryRows, type Db } from "~/platform/db/client.server";
import { visitorHash } from "~/platform/visitor-hash.server";

/** The spec's answers of the lookup call (§8), in its words. */
export const REFERRAL_VISIT_MESSAGES = {
  required: "Referral code is required",
  notFound: "Influencer not found or inactive",
  lookupFailed: "Failed to lookup influencer",
  unexpected: "An unexpected error occurred",
} as const;

const UTM_DEFAULTS = { utm_source: "direct", utm_medium: "referral", utm_campaign: "influencer" } as const;

const optionalText = (max: number) => lenientTextField(max).optional();

export const referralVisitSchema = z.object({
  code: z
    .string({ error: REFERRAL_VISIT_MESSAGES.required })
    .max(64, REFERRAL_VISIT_MESSAGES.notFound)
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => value.length > 0, REFERRAL_VISIT_MESSAGES.required),
  referrer: optionalText(500),
  utm_source: optionalText(100),
  utm_medium: optionalText(100),
  utm_campaign: optionalText(100),
});

export type ReferralVisit = z.output<typeof referralVisitSchema>;

/** An active influencer's public face: the name only; null for an unknown or inactive code. */
export async function publicInfluencer(db: Db, code: string): Promise<{ id: string; name: string } | null> {
  const [row] = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM influencers WHERE referral_code = ${code} AND status = 'active'`,
  );
  return row ?? null;
}

export type ClickResult = "recorded" | "repeat" | "bot";

/**
 * Records the click unless this visitor already clicked this influencer's link today. The
 * advisory lock on (influencer, visitor) makes the check and the insert one step, so the same
 * visitor's concurrent requests record one click.
 */
export async function recordInfluencerClick(
  db: Db,
  input: { influencerId: string; visit: ReferralVisit; ip: string; userAgent: string; salt: string; now?: Date },
): Promise<ClickResult> {
  if (!input.userAgent.trim() || isbot(input.userAgent)) return "bot";
  const now = input.now ?? new Date();
  const dayStart = stockholmDayStart(stockholmDay(now)) ?? now;
  const hash = visitorHash(input.salt, input.ip, input.userAgent);
  const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`influencer-click:${input.influencerId}:${hash}`}, 0))`);
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO influencer_clicks (influencer_id, user_agent, referrer, utm_source, utm_medium, utm_campaign, visitor_hash, created_at)
          SELECT ${input.influencerId}, ${input.userAgent.slice(0, 500)}, ${blank(input.visit.referrer)},
                 ${blank(input.visit.utm_source) ?? UTM_DEFAULTS.utm_source},
                 ${blank(input.visit.utm_medium) ?? UTM_DEFAULTS.utm_medium},
                 ${blank(input.visit.utm_campaign) ?? UTM_DEFAULTS.utm_campaign},
                 ${hash}, ${now.toISOString()}::timestamptz
          WHERE NOT EXISTS (
            SELECT 1 FROM influencer_clicks
             WHERE influencer_id = ${input.influencerId} AND visitor_hash = ${hash}
               AND created_at >= ${dayStart.toISOString()}::timestamptz
          )
          RETURNING id`,
    );
    return rows.length > 0 ? "recorded" : "repeat";
  });
}
