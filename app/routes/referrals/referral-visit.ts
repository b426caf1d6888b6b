import type { Route } from "./+types/referral-visit";
import { REFERRAL_VISIT_RATE_LIMIT } from "~/modules/referrals/referrals-constants";
import { clientIp, readInput, validate } from "~/lib/http.server";
import {
  publicInfluencer,
  recordInfluencerClick,
  REFERRAL_VISIT_MESSAGES,
  referralVisitSchema,
} from "~/modules/referrals/referral-visits.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";

/**
 * POST /api/referral-visit {code, referrer?, utm_source?, utm_medium?, utm_campaign?} — sent by
 * the page a `?ref=` link opened (docs/rules/loyalty.md#influencer-links). Answers the active
 * influencer's name only, or the spec's 'Influencer not found or inactive' (the browser ignores
 * it: a visitor never sees an error for a link) and whether this visit counted as a click. A click is recorded at most once per visitor
 * per code per day; bots and an address over its hourly limit are answered but not counted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const input = await readInput(request);
  const parsed = input.ok ? validate(input.data, referralVisitSchema) : input;
  if (!parsed.ok) return Response.json(parsed.response.data, parsed.response.init ?? undefined);
  const visit = parsed.data;
  let influencer: { id: string; name: string } | null;
  try {
    influencer = await publicInfluencer(db(), visit.code);
  } catch (error) {
    logger.error({ err: error }, "influencer lookup failed");
    return Response.json({ ok: false, message: REFERRAL_VISIT_MESSAGES.lookupFailed }, { status: 500 });
  }
  if (!influencer) return Response.json({ ok: false, message: REFERRAL_VISIT_MESSAGES.notFound }, { status: 404 });
  let counted = false;
  try {
    const ip = clientIp(context);
    const limit = await consumeRateLimit(db(), REFERRAL_VISIT_RATE_LIMIT, "ip", ip);
    if (limit.allowed) {
      const click = await recordInfluencerClick(db(), {
        influencerId: influencer.id,
        visit,
        ip,
        userAgent: context.userAgent,
        salt: config().VISITOR_HASH_SALT,
      });
      counted = click === "recorded";
    }
  } catch (error) {
    // The visitor still gets the name: a lost click never disturbs the visit.
    logger.error({ err: error }, "influencer click not recorded");
  }
  // `counted`: whether this visit added a click (not a repeat today, not a bot).
  return Response.json({ ok: true, name: influencer.name, counted }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
