/**
 * The referral programme (docs/rules/loyalty.md#referrals): a member's own code, entering a
 * code once (on the profile, or the one captured at sign-up, applied when the account is
 * confirmed), the rewards, the milestone and its clawback, and staff review.
 *
 * Every reward goes through the ledger with its key (`referral:friend:{friendId}`,
 * `referral:referrer:{friendId}`, `referral:milestone:{friendId}`), in the transaction that
 * records the relation, so a reward is paid once whatever runs twice. Entering a code locks
 * the friend's profile (and the referrer's, in id order), so of many concurrent attempts one
 * sets the referrer and the rest see it set.
 */
import { eq, sql } from "drizzle-orm";
import { REFERRAL, type ReferralStatus } from "~/modules/referrals/referrals-constants";
import { stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { recordAudit } from "~/platform/audit/audit.server";
import { clawbackPoints, creditPoints } from "~/modules/loyalty/ledger.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { profiles } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { REFERRAL_MESSAGES, type ReferralOutcome } from "./referral-code";

const REFERRAL_LEDGER_REASONS = {
  friend: "Värvningsbonus: du angav en referenskod",
  referrer: "Värvningsbonus: en vän gick med",
  milestone: "Milstolpebonus: din vän har handlat för 5 000 kr",
  milestoneClawback: "Återtag: milstolpebonus efter rättelse",
} as const;

export const REVIEW_MESSAGES = {
  notFound: "Värvningen finns inte.",
  alreadyReviewed: "Värvningen är redan granskad.",
  reasonRequired: "Ange en anledning.",
  reasonTooLong: "Anledningen får vara högst 500 tecken.",
} as const;

const MILESTONE_ORE = REFERRAL.milestoneTradedSek * 100;

/** Looking the code up failed (not: the code is unknown): 'Ett fel uppstod vid validering av referenskoden'. */
export class ReferralLookupError extends Error {
  constructor(cause: unknown) {
    super("referral code lookup failed", { cause });
  }
}

export const referralKeys = {
  friend: (friendId: string) => `referral:friend:${friendId}`,
  referrer: (friendId: string) => `referral:referrer:${friendId}`,
  milestone: (friendId: string) => `referral:milestone:${friendId}`,
  milestoneClawback: (friendId: string) => `referral:milestone:${friendId}:clawback`,
};

// ---------------------------------------------------------------------------
// The member's own code
// ---------------------------------------------------------------------------

export type CreateCodeResult = { ok: true; code: string } | { ok: false; message: string };

/**
 * Gives the member the code, once. A code taken by any member or influencer is refused with
 * a message (the database's referral_codes key decides, so two at once cannot both get it).
 */
export async function createReferralCode(db: Db, userId: string, code: string): Promise<CreateCodeResult> {
  try {
    const rows = await queryRows<{ code: string }>(
      db,
      sql`UPDATE profiles SET referral_code = ${code}, updated_at = now()
          WHERE user_id = ${userId} AND referral_code IS NULL RETURNING referral_code AS code`,
    );
    if (rows[0]) return { ok: true, code: rows[0].code };
  } catch (error) {
    if (hasPgCode(error, PG_ERRORS.uniqueViolation)) return { ok: false, message: REFERRAL_MESSAGES.taken };
    throw error;
  }
  const [profile] = await db.select({ code: profiles.referral_code }).from(profiles).where(eq(profiles.user_id, userId));
  return { ok: false, message: profile ? REFERRAL_MESSAGES.alreadyHasCode : REFERRAL_MESSAGES.userData };
}

// ---------------------------------------------------------------------------
// Entering a code
// ---------------------------------------------------------------------------

type ReferralFailure = "no_profile" | "already_referred" | "own_code" | "invalid" | "not_confirmed";

export type EnterResult =
  { ok: true; outcome: ReferralOutcome; status: ReferralStatus } | { ok: false; reason: ReferralFailure; message: string };

const FAILURE_MESSAGES: Record<ReferralFailure, string> = {
  no_profile: REFERRAL_MESSAGES.userData,
  already_referred: REFERRAL_MESSAGES.alreadyReferred,
  own_code: REFERRAL_MESSAGES.ownCode,
  invalid: REFERRAL_MESSAGES.invalid,
  not_confirmed: REFERRAL_MESSAGES.notConfirmed,
};

const fail = (reason: ReferralFailure): EnterResult => ({ ok: false, reason, message: FAILURE_MESSAGES[reason] });

interface CodeOwner {
  user_id: string | null;
  influencer_id: string | null;
  influencer_active: boolean | null;
}

async function codeOwner(tx: Tx, code: string): Promise<CodeOwner | null> {
  const [row] = await queryRows<CodeOwner>(
    tx,
    sql`SELECT rc.user_id, rc.influencer_id, (i.status = 'active') AS influencer_active
          FROM referral_codes rc LEFT JOIN influencers i ON i.id = rc.influencer_id
         WHERE rc.code = ${code}`,
  );
  return row ?? null;
}

/**
 * docs/rules/loyalty.md#anti-abuse: a confirmed real address, or a completed trade (a Steam
 * account without an address). `tradeCompleting` counts the trade being completed right now.
 */
async function isConfirmed(tx: Tx, userId: string, tradeCompleting: boolean): Promise<boolean> {
  if (tradeCompleting) return true;
  const [row] = await queryRows<{ confirmed: boolean }>(
    tx,
    sql`SELECT (u.email_verified AND NOT p.email_is_placeholder)
               OR EXISTS (SELECT 1 FROM trades t WHERE t.user_id = p.user_id AND t.status = 'completed') AS confirmed
          FROM profiles p JOIN "user" u ON u.id = p.user_id
         WHERE p.user_id = ${userId}`,
  );
  return Boolean(row?.confirmed);
}

interface LockedProfile {
  user_id: string;
  referred_by: string | null;
  referred_by_influencer_id: string | null;
  signup_ip_hash: string | null;
}

/** Locks the friend's and the referrer's profiles, always in id order (no deadlock between two). */
async function lockProfiles(tx: Tx, ids: string[]): Promise<Map<string, LockedProfile>> {
  const rows = await queryRows<LockedProfile>(
    tx,
    sql`SELECT user_id, referred_by, referred_by_influencer_id, signup_ip_hash FROM profiles
         WHERE user_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY user_id FOR UPDATE`,
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** Sign-up rewards the referrer has earned since the start of today (Stockholm). */
async function referrerRewardsToday(tx: Tx, referrerId: string, now: Date): Promise<number> {
  const since = stockholmDayStart(stockholmDay(now)) ?? now;
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM points_transactions
         WHERE user_id = ${referrerId} AND created_at >= ${since.toISOString()}::timestamptz
           AND idempotency_key LIKE 'referral:referrer:%'`,
  );
  return Number(row?.n ?? 0);
}

async function payFriend(tx: Tx, friendId: string): Promise<void> {
  await creditPoints(tx, {
    userId: friendId,
    amount: REFERRAL.friendReward,
    reason: REFERRAL_LEDGER_REASONS.friend,
    idempotencyKey: referralKeys.friend(friendId),
  });
}

async function payReferrer(tx: Tx, referrerId: string, friendId: string): Promise<void> {
  await creditPoints(tx, {
    userId: referrerId,
    amount: REFERRAL.referrerReward,
    reason: REFERRAL_LEDGER_REASONS.referrer,
    referenceId: friendId,
    idempotencyKey: referralKeys.referrer(friendId),
  });
}

interface LinkOptions {
  source: "profile" | "signup";
  now: Date;
  /** The friend's first trade is being completed in this transaction (it confirms the account). */
  tradeCompleting?: boolean;
}

/** Records the referrer and pays what the rules allow, in the caller's transaction. */
async function linkReferral(tx: Tx, friendId: string, code: string, options: LinkOptions): Promise<EnterResult> {
  let owner: CodeOwner | null;
  try {
    owner = await codeOwner(tx, code);
  } catch (error) {
    throw new ReferralLookupError(error);
  }
  if (!owner || (owner.influencer_id && !owner.influencer_active)) return fail("invalid");
  if (owner.user_id === friendId) return fail("own_code");
  const referrerId = owner.user_id;
  const locked = await lockProfiles(tx, referrerId ? [friendId, referrerId] : [friendId]);
  const friend = locked.get(friendId);
  if (!friend) return fail("no_profile");
  if (friend.referred_by || friend.referred_by_influencer_id) return fail("already_referred");
  const referrer = referrerId ? locked.get(referrerId) : undefined;
  if (referrerId && !referrer) return fail("invalid");
  if (!(await isConfirmed(tx, friendId, options.tradeCompleting ?? false))) return fail("not_confirmed");

  let status: ReferralStatus = "paid";
  let outcome: ReferralOutcome = referrerId ? "paid" : "influencer";
  if (referrer) {
    // docs/rules/loyalty.md#anti-abuse: one address signing up both accounts holds both rewards.
    if (friend.signup_ip_hash && friend.signup_ip_hash === referrer.signup_ip_hash) {
      status = "pending_review";
      outcome = "pending_review";
    } else if ((await referrerRewardsToday(tx, referrer.user_id, options.now)) >= REFERRAL.dailyReferrerCap) {
      status = "capped";
      outcome = "capped";
    }
  }

  await tx
    .update(profiles)
    .set({
      referred_by: referrerId,
      referred_by_influencer_id: owner.influencer_id,
      referred_at: options.now,
      signup_referral_code: null,
      updated_at: options.now,
    })
    .where(eq(profiles.user_id, friendId));
  await tx.execute(
    sql`INSERT INTO referrals (friend_id, referrer_id, influencer_id, code, source, status, created_at)
        VALUES (${friendId}, ${referrerId}, ${owner.influencer_id}, ${code}, ${options.source}, ${status}, ${options.now.toISOString()})`,
  );
  if (status !== "pending_review") await payFriend(tx, friendId);
  if (status === "paid" && referrerId) await payReferrer(tx, referrerId, friendId);
  await checkMilestone(tx, friendId, options.now);
  await publishEvent(tx, { type: "account", userId: friendId, what: "referral" });
  if (referrerId) await publishEvent(tx, { type: "account", userId: referrerId, what: "referral" });
  return { ok: true, outcome, status };
}

/** A signed-in member enters a code on /profile (docs/rules/loyalty.md#entering-a-code). */
export function enterReferralCode(db: Db, friendId: string, code: string, now: Date = new Date()): Promise<EnterResult> {
  return db.transaction((tx) => linkReferral(tx, friendId, code, { source: "profile", now }));
}

/**
 * Applies the code captured at sign-up (`signup_referral_code`) once the account is confirmed,
 * by the same rules as entering it. A code that can never apply (unknown, own, already
 * referred) is dropped; one waiting for confirmation stays. Returns null when there was none.
 */
async function applySignupReferralInTx(
  tx: Tx,
  friendId: string,
  options: { now?: Date; tradeCompleting?: boolean } = {},
): Promise<EnterResult | null> {
  const [row] = await queryRows<{ code: string | null }>(
    tx,
    sql`SELECT signup_referral_code AS code FROM profiles WHERE user_id = ${friendId}`,
  );
  if (!row?.code) return null;
  // Nothing is decided before confirmation: the code waits as it came.
  if (!(await isConfirmed(tx, friendId, options.tradeCompleting ?? false))) return fail("not_confirmed");
  const result = await linkReferral(tx, friendId, row.code, {
    source: "signup",
    now: options.now ?? new Date(),
    tradeCompleting: options.tradeCompleting,
  });
  if (!result.ok && result.reason !== "not_confirmed") {
    await tx.execute(sql`UPDATE profiles SET signup_referral_code = NULL WHERE user_id = ${friendId}`);
  }
  return result;
}

export function applySignupReferral(db: Db, friendId: string, now?: Date): Promise<EnterResult | null> {
  return db.transaction((tx) => applySignupReferralInTx(tx, friendId, { now }));
}

/**
 * For the account hooks (a confirmed address): applies a waiting sign-up code, and never lets
 * a failure here break the sign-in it rides on.
 */
export async function applySignupReferralQuietly(db: Db, friendId: string): Promise<void> {
  try {
    await applySignupReferral(db, friendId);
  } catch (error) {
    logger.error({ err: error, userId: friendId }, "sign-up referral not applied");
  }
}

// ---------------------------------------------------------------------------
// Milestone (docs/rules/loyalty.md#milestone)
// ---------------------------------------------------------------------------

interface LockedReferral {
  referrer_id: string | null;
  status: ReferralStatus;
  milestone_paid_at: Date | null;
  milestone_clawed_back_at: Date | null;
}

/** Locks the friend's referral row: milestone checks for one friend run one at a time. */
async function lockReferral(tx: Tx, friendId: string): Promise<LockedReferral | null> {
  const [row] = await queryRows<LockedReferral>(
    tx,
    sql`SELECT referrer_id, status, milestone_paid_at, milestone_clawed_back_at FROM referrals
         WHERE friend_id = ${friendId} FOR UPDATE`,
  );
  return row ?? null;
}

/** Base totals of the friend's completed trades, sales and purchases, in öre. */
async function tradedOre(tx: Tx, friendId: string, excludeTradeId: string | null): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(
    tx,
    sql`SELECT COALESCE(SUM(base_total_ore), 0) AS total FROM trades
         WHERE user_id = ${friendId} AND status = 'completed'
           ${excludeTradeId ? sql`AND id <> ${excludeTradeId}` : sql``}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Pays the referrer's milestone once the friend's completed trades reach 5 000 kr. The lock on
 * the referral row comes before the sum, so of two trades completing at once the second sums
 * after the first has committed and sees both.
 */
async function checkMilestone(
  tx: Tx,
  friendId: string,
  now: Date,
  completing?: { tradeId: string; baseTotalOre: number },
): Promise<void> {
  const referral = await lockReferral(tx, friendId);
  if (!referral?.referrer_id || referral.milestone_paid_at) return;
  if (referral.status !== "paid" && referral.status !== "capped") return;
  const total =
    (await tradedOre(tx, friendId, completing?.tradeId ?? null)) + (completing ? completing.baseTotalOre : 0);
  if (total < MILESTONE_ORE) return;
  const paid = await creditPoints(tx, {
    userId: referral.referrer_id,
    amount: REFERRAL.milestoneReward,
    reason: REFERRAL_LEDGER_REASONS.milestone,
    referenceId: friendId,
    idempotencyKey: referralKeys.milestone(friendId),
  });
  if (paid.applied) {
    await tx.execute(sql`UPDATE referrals SET milestone_paid_at = ${now.toISOString()} WHERE friend_id = ${friendId}`);
  }
}

/**
 * Called by trades.server.ts inside the transaction that completes a trade, before the trade's
 * row changes status: the trade confirms a Steam account (a waiting sign-up code applies) and
 * counts towards the referrer's milestone.
 */
export async function onTradeCompleting(
  tx: Tx,
  trade: { id: string; userId: string; baseTotalOre: number },
  now: Date,
): Promise<void> {
  await applySignupReferralInTx(tx, trade.userId, { now, tradeCompleting: true });
  await checkMilestone(tx, trade.userId, now, { tradeId: trade.id, baseTotalOre: trade.baseTotalOre });
}

/**
 * Called by trades.server.ts when staff cancel a completed trade (a correction): if that takes
 * the friend back under 5 000 kr, the milestone is clawed back by the ledger's rule (what is
 * there is taken, the rest recorded as the shortfall). A clawed-back milestone is not paid
 * again: its ledger key is spent. docs/rules/loyalty.md#clawback
 */
export async function onCompletedTradeCancelling(tx: Tx, trade: { id: string; userId: string }, now: Date): Promise<void> {
  const referral = await lockReferral(tx, trade.userId);
  if (!referral?.referrer_id || !referral.milestone_paid_at || referral.milestone_clawed_back_at) return;
  if ((await tradedOre(tx, trade.userId, trade.id)) >= MILESTONE_ORE) return;
  const result = await clawbackPoints(tx, {
    userId: referral.referrer_id,
    amount: REFERRAL.milestoneReward,
    reason: REFERRAL_LEDGER_REASONS.milestoneClawback,
    referenceId: trade.userId,
    idempotencyKey: referralKeys.milestoneClawback(trade.userId),
  });
  await tx.execute(
    sql`UPDATE referrals SET milestone_clawed_back_at = ${now.toISOString()},
               milestone_clawback_shortfall = ${result.shortfall}
         WHERE friend_id = ${trade.userId}`,
  );
}

// ---------------------------------------------------------------------------
// Staff review (docs/rules/admin.md#referrals)
// ---------------------------------------------------------------------------

export type ReviewResult = { ok: true } | { ok: false; code: "not_found" | "already_reviewed"; message: string };

async function lockForReview(tx: Tx, friendId: string) {
  const [row] = await queryRows<{ friend_id: string; referrer_id: string | null; status: ReferralStatus; review_reason: string | null }>(
    tx,
    sql`SELECT friend_id, referrer_id, status, review_reason FROM referrals WHERE friend_id = ${friendId} FOR UPDATE`,
  );
  return row ?? null;
}

/** Staff approve held rewards: both are paid through the ledger, once. */
export function approveReferral(
  db: Db,
  input: { actorUserId: string; friendId: string; now?: Date },
): Promise<ReviewResult> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const before = await lockForReview(tx, input.friendId);
    if (!before) return { ok: false, code: "not_found", message: REVIEW_MESSAGES.notFound };
    if (before.status !== "pending_review") return { ok: false, code: "already_reviewed", message: REVIEW_MESSAGES.alreadyReviewed };
    await tx.execute(
      sql`UPDATE referrals SET status = 'paid', reviewed_by = ${input.actorUserId}, reviewed_at = ${now.toISOString()}
           WHERE friend_id = ${input.friendId}`,
    );
    await payFriend(tx, input.friendId);
    if (before.referrer_id) await payReferrer(tx, before.referrer_id, input.friendId);
    await checkMilestone(tx, input.friendId, now);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "referral.approve",
      entityType: "referral",
      entityId: input.friendId,
      before: { status: before.status },
      after: { status: "paid" },
    });
    return { ok: true };
  });
}

/** Staff reject held rewards: nothing is paid, and why is recorded. */
export function rejectReferral(
  db: Db,
  input: { actorUserId: string; friendId: string; reason: string; now?: Date },
): Promise<ReviewResult> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const before = await lockForReview(tx, input.friendId);
    if (!before) return { ok: false, code: "not_found", message: REVIEW_MESSAGES.notFound };
    if (before.status !== "pending_review") return { ok: false, code: "already_reviewed", message: REVIEW_MESSAGES.alreadyReviewed };
    await tx.execute(
      sql`UPDATE referrals SET status = 'rejected', review_reason = ${input.reason}, reviewed_by = ${input.actorUserId},
                 reviewed_at = ${now.toISOString()}
           WHERE friend_id = ${input.friendId}`,
    );
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "referral.reject",
      entityType: "referral",
      entityId: input.friendId,
      before: { status: before.status },
      after: { status: "rejected", reason: input.reason },
    });
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------
// The profile's view
// ---------------------------------------------------------------------------

export interface MemberReferralView {
  ownCode: string | null;
  /** Friends who entered the member's code. */
  friendsReferred: number;
  referredBy: {
    name: string;
    kind: "member" | "influencer";
    at: string;
    status: ReferralStatus;
    /** The member's own completed trading towards the referrer's milestone, in öre. */
    tradedOre: number;
    milestoneOre: number;
  } | null;
}

export async function memberReferralView(db: Db, userId: string): Promise<MemberReferralView | null> {
  const [row] = await queryRows<{
    referral_code: string | null;
    friends: string | number;
    referred_at: Date | string | null;
    referrer_name: string | null;
    influencer_name: string | null;
    is_influencer: boolean;
    status: ReferralStatus | null;
    traded: string | number;
  }>(
    db,
    sql`SELECT p.referral_code,
               (SELECT count(*) FROM referrals f WHERE f.referrer_id = p.user_id) AS friends,
               p.referred_at,
               COALESCE(NULLIF(trim(rp.display_name), ''), NULLIF(trim(rp.first_name), ''), 'En medlem') AS referrer_name,
               i.name AS influencer_name,
               (p.referred_by_influencer_id IS NOT NULL) AS is_influencer,
               r.status,
               (SELECT COALESCE(SUM(t.base_total_ore), 0) FROM trades t WHERE t.user_id = p.user_id AND t.status = 'completed') AS traded
          FROM profiles p
          LEFT JOIN profiles rp ON rp.user_id = p.referred_by
          LEFT JOIN influencers i ON i.id = p.referred_by_influencer_id
          LEFT JOIN referrals r ON r.friend_id = p.user_id
         WHERE p.user_id = ${userId}`,
  );
  if (!row) return null;
  const referred = row.referred_at && (row.is_influencer || row.referrer_name);
  return {
    ownCode: row.referral_code,
    friendsReferred: Number(row.friends),
    referredBy: referred
      ? {
          name: (row.is_influencer ? row.influencer_name : row.referrer_name) ?? "En medlem",
          kind: row.is_influencer ? "influencer" : "member",
          at: new Date(row.referred_at!).toISOString(),
          status: row.status ?? "paid",
          tradedOre: Number(row.traded),
          milestoneOre: MILESTONE_ORE,
        }
      : null,
  };
}
