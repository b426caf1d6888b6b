/**
 * The referral forms on /profile (docs/rules/loyalty.md#referrals): creating the member's own
 * code and entering a friend's, each rate-limited per member.
 */
import { data } from "react-router";
import { REFERRAL_CODE_RATE_LIMIT } from "~/modules/referrals/referrals-constants";
import { failureStatus, tooManyRequests, typedValues, validate } from "~/lib/http.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit } from "~/platform/rate-limit/rate-limiter.server";
import { createReferralCodeSchema, enterReferralCodeSchema, REFERRAL_MESSAGES, REFERRAL_OUTCOME_MESSAGES } from "./referral-code";
import { createReferralCode, enterReferralCode, ReferralLookupError } from "./referrals.server";

/**
 * Creating the member's own code and entering a friend's (docs/rules/loyalty.md#referrals):
 * each answer carries the spec's text, or the true one for a held, capped or influencer case.
 */
export async function handleReferralCodeAction(userId: string, intent: "referral-create" | "referral-enter", input: Record<string, unknown>) {
  const extras = { intent, values: typedValues(input) };
  const schema = intent === "referral-create" ? createReferralCodeSchema : enterReferralCodeSchema;
  const parsed = validate(input, schema, extras);
  if (!parsed.ok) return parsed.response;
  // Refused attempts count too: guessing codes is slow.
  const limit = await consumeRateLimit(db(), REFERRAL_CODE_RATE_LIMIT, "user", userId);
  if (!limit.allowed) return tooManyRequests(limit, extras);
  if (intent === "referral-create") {
    const created = await createReferralCode(db(), userId, parsed.data.code);
    if (!created.ok) return data({ ok: false as const, ...extras, message: created.message }, { status: 409 });
    return { ok: true as const, intent, message: REFERRAL_MESSAGES.created };
  }
  try {
    const result = await enterReferralCode(db(), userId, parsed.data.code);
    if (!result.ok) {
      return data({ ok: false as const, ...extras, message: result.message }, { status: failureStatus(result.reason) });
    }
    return { ok: true as const, intent, message: REFERRAL_OUTCOME_MESSAGES[result.outcome], outcome: result.outcome };
  } catch (error) {
    logger.error({ err: error }, "referral code not entered");
    const message = error instanceof ReferralLookupError ? REFERRAL_MESSAGES.validation : REFERRAL_MESSAGES.unexpected;
    return data({ ok: false as const, ...extras, message }, { status: 500 });
  }
}
