import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { listAudit } from "~/platform/audit/audit.server";
import { debitPoints, reconcileLedger } from "~/modules/loyalty/ledger.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { cancelTrade, completeTrade, recordTrade } from "~/modules/trades/trades.server";
import { queryRows } from "~/platform/db/client.server";
import { hasPgCode, PG_ERRORS } from "~/platform/db/errors";
import { influencers, points_transactions, profiles, referrals, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REFERRAL_MESSAGES, REFERRAL_OUTCOME_MESSAGES } from "./referral-code";
import {
  applySignupReferral,
  approveReferral,
  createReferralCode,
  enterReferralCode,
  memberReferralView,
  referralKeys,
  rejectReferral,
} from "./referrals.server";

let database: TestDatabase;
const db = () => database.db;
let staffId: string;
const onPostgres = Boolean(process.env.DATABASE_URL);
const on = onPostgres ? " (PostgreSQL)" : "";

beforeAll(async () => {
  database = await createTestDatabase();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

let codeCounter = 0;
function freshCode(prefix = "KOD"): string {
  codeCounter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase().slice(-4)}${codeCounter}`.slice(0, 12);
}

/** A member whose address is confirmed, optionally with a sign-up address hash and an own code. */
async function confirmedMember(options: { ipHash?: string; code?: string; signupCode?: string; confirmed?: boolean } = {}) {
  const userId = await createMember(db());
  await db().update(user).set({ emailVerified: options.confirmed ?? true }).where(eq(user.id, userId));
  await db()
    .update(profiles)
    .set({
      signup_ip_hash: options.ipHash ?? null,
      referral_code: options.code ?? null,
      signup_referral_code: options.signupCode ?? null,
    })
    .where(eq(profiles.user_id, userId));
  return userId;
}

async function points(userId: string): Promise<number> {
  const [row] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, userId));
  return row!.points;
}

async function ledgerKeys(friendId: string): Promise<string[]> {
  const rows = await db()
    .select({ key: points_transactions.idempotency_key })
    .from(points_transactions)
    .where(like(points_transactions.idempotency_key, `referral:%:${friendId}%`));
  return rows.map((row) => row.key!).sort();
}

async function tradeFor(memberId: string, priceSek: number) {
  const result = await recordTrade(db(), {
    actorUserId: staffId,
    input: {
      memberId,
      type: "sale",
      items: [{ skinName: "AK-47 | Redline", wear: "FT", price: String(priceSek) }],
      payoutMethod: "swish",
    },
  });
  if (!result.ok) throw new Error(result.message);
  return result.trade.id;
}

describe("creating a referral code", () => {
  it("gives the member the code once and refuses a second one", async () => {
    const memberId = await confirmedMember();
    const code = freshCode("EGEN");
    expect(await createReferralCode(db(), memberId, code)).toEqual({ ok: true, code });
    expect(await createReferralCode(db(), memberId, freshCode())).toEqual({ ok: false, message: REFERRAL_MESSAGES.alreadyHasCode });
  });

  it("refuses a code another member or an influencer holds with a clear message", async () => {
    const code = freshCode("TAGEN");
    await confirmedMember({ code });
    const memberId = await confirmedMember();
    expect(await createReferralCode(db(), memberId, code)).toEqual({ ok: false, message: REFERRAL_MESSAGES.taken });
    const influencerCode = freshCode("INFL");
    await db().insert(influencers).values({ name: "Partner", referral_code: influencerCode });
    expect(await createReferralCode(db(), memberId, influencerCode)).toEqual({ ok: false, message: REFERRAL_MESSAGES.taken });
  });

  it("makes an influencer's code that a member holds a unique violation (23505) on the influencer's insert", async () => {
    const code = freshCode("KROCK");
    await confirmedMember({ code });
    const error = await db()
      .insert(influencers)
      .values({ name: "Krock", referral_code: code })
      .then(() => null, (caught: unknown) => caught);
    expect(hasPgCode(error, PG_ERRORS.uniqueViolation)).toBe(true);
    // And the other way: renaming an influencer's code frees the old one.
    const old = freshCode("GAMMAL");
    const [partner] = await db().insert(influencers).values({ name: "Byter", referral_code: old }).returning();
    await db().update(influencers).set({ referral_code: freshCode("NY") }).where(eq(influencers.id, partner!.id));
    const memberId = await confirmedMember();
    expect(await createReferralCode(db(), memberId, old)).toEqual({ ok: true, code: old });
  });
});

describe("entering a code", () => {
  it("pays 500 to both with the keyed ledger rows and shows the spec's success text's outcome", async () => {
    const code = freshCode("VAN");
    const referrerId = await confirmedMember({ code });
    const friendId = await confirmedMember();
    const result = await enterReferralCode(db(), friendId, code);
    expect(result).toEqual({ ok: true, outcome: "paid", status: "paid" });
    expect(REFERRAL_OUTCOME_MESSAGES.paid).toBe(
      "Referenskod tillagd! Du har fått 500 poäng och din referent har också fått 500 poäng!",
    );
    expect(await points(friendId)).toBe(REFERRAL.friendReward);
    expect(await points(referrerId)).toBe(REFERRAL.referrerReward);
    expect(await ledgerKeys(friendId)).toEqual([referralKeys.friend(friendId), referralKeys.referrer(friendId)].sort());
    const view = await memberReferralView(db(), friendId);
    expect(view?.referredBy).toMatchObject({ kind: "member", status: "paid" });
  });

  it("refuses the member's own code, a second code and an unknown code with the spec's texts", async () => {
    const own = freshCode("EGEN");
    const memberId = await confirmedMember({ code: own });
    expect(await enterReferralCode(db(), memberId, own)).toMatchObject({ ok: false, message: REFERRAL_MESSAGES.ownCode });
    expect(await enterReferralCode(db(), memberId, "FINNSINTE99")).toMatchObject({ ok: false, message: REFERRAL_MESSAGES.invalid });
    const first = freshCode("FORSTA");
    await confirmedMember({ code: first });
    const second = freshCode("ANDRA");
    await confirmedMember({ code: second });
    expect(await enterReferralCode(db(), memberId, first)).toMatchObject({ ok: true });
    expect(await enterReferralCode(db(), memberId, second)).toMatchObject({ ok: false, message: REFERRAL_MESSAGES.alreadyReferred });
    expect(await points(memberId)).toBe(REFERRAL.friendReward);
  });

  it("refuses an inactive influencer's code, and attributes an active one's with the friend's 500 only", async () => {
    const inactive = freshCode("AV");
    await db().insert(influencers).values({ name: "Vilande", referral_code: inactive, status: "inactive" });
    const friendId = await confirmedMember();
    expect(await enterReferralCode(db(), friendId, inactive)).toMatchObject({ ok: false, message: REFERRAL_MESSAGES.invalid });
    const active = freshCode("PARTNER");
    const [partner] = await db().insert(influencers).values({ name: "Aktiv", referral_code: active }).returning();
    expect(await enterReferralCode(db(), friendId, active)).toEqual({ ok: true, outcome: "influencer", status: "paid" });
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, friendId));
    expect(profile).toMatchObject({ referred_by: null, referred_by_influencer_id: partner!.id });
    expect(await points(friendId)).toBe(REFERRAL.friendReward);
  });

  it("refuses a Steam account without a confirmed address or a completed trade", async () => {
    const code = freshCode("STEAM");
    await confirmedMember({ code });
    const friendId = await confirmedMember({ confirmed: false });
    expect(await enterReferralCode(db(), friendId, code)).toMatchObject({ ok: false, message: REFERRAL_MESSAGES.notConfirmed });
  });

  it("pays a referrer for at most 10 friends a day; the 11th friend is paid, the referrer is not", async () => {
    const code = freshCode("TAK");
    const referrerId = await confirmedMember({ code });
    const outcomes: string[] = [];
    for (let i = 0; i < REFERRAL.dailyReferrerCap + 1; i++) {
      const friendId = await confirmedMember();
      const result = await enterReferralCode(db(), friendId, code);
      outcomes.push(result.ok ? result.outcome : result.reason);
    }
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(REFERRAL.dailyReferrerCap);
    expect(outcomes.at(-1)).toBe("capped");
    expect(await points(referrerId)).toBe(REFERRAL.dailyReferrerCap * REFERRAL.referrerReward);
  });
});

describe(`concurrent entries${on}`, () => {
  it("50 concurrent attempts to enter codes for the same member: one referrer, one pair of rewards", async () => {
    const codes: string[] = [];
    const referrers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const code = freshCode("SAMT");
      codes.push(code);
      referrers.push(await confirmedMember({ code }));
    }
    const friendId = await confirmedMember();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => enterReferralCode(db(), friendId, codes[i % codes.length]!)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "already_referred")).toBe(true);
    expect(await points(friendId)).toBe(REFERRAL.friendReward);
    const paid = await Promise.all(referrers.map(points));
    expect(paid.reduce((sum, value) => sum + value, 0)).toBe(REFERRAL.referrerReward);
    expect(await ledgerKeys(friendId)).toHaveLength(2);
    expect(await db().select().from(referrals).where(eq(referrals.friend_id, friendId))).toHaveLength(1);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});

describe("held for review", () => {
  it("holds both rewards when friend and referrer signed up from the same address; approval pays once", async () => {
    const code = freshCode("SAMMA");
    const referrerId = await confirmedMember({ code, ipHash: "hash-delad" });
    const friendId = await confirmedMember({ ipHash: "hash-delad" });
    expect(await enterReferralCode(db(), friendId, code)).toEqual({ ok: true, outcome: "pending_review", status: "pending_review" });
    expect(await points(friendId)).toBe(0);
    expect(await points(referrerId)).toBe(0);
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () => approveReferral(db(), { actorUserId: staffId, friendId })),
    );
    expect(approvals.filter((result) => result.ok)).toHaveLength(1);
    expect(await points(friendId)).toBe(REFERRAL.friendReward);
    expect(await points(referrerId)).toBe(REFERRAL.referrerReward);
    expect(await rejectReferral(db(), { actorUserId: staffId, friendId, reason: "sent" })).toMatchObject({ ok: false, code: "already_reviewed" });
    const audit = await listAudit(db(), { entityType: "referral", entityId: friendId });
    expect(audit.entries.map((entry) => entry.action)).toEqual(["referral.approve"]);
  });

  it("rejection pays nothing and records why", async () => {
    const code = freshCode("NEJ");
    await confirmedMember({ code, ipHash: "hash-nej" });
    const friendId = await confirmedMember({ ipHash: "hash-nej" });
    await enterReferralCode(db(), friendId, code);
    expect(await rejectReferral(db(), { actorUserId: staffId, friendId, reason: "Samma person" })).toEqual({ ok: true });
    expect(await approveReferral(db(), { actorUserId: staffId, friendId })).toMatchObject({ ok: false });
    const [row] = await db().select().from(referrals).where(eq(referrals.friend_id, friendId));
    expect(row).toMatchObject({ status: "rejected", review_reason: "Samma person" });
    expect(await ledgerKeys(friendId)).toEqual([]);
  });
});

describe("the code captured at sign-up", () => {
  it("waits for confirmation, then applies through the same service; a Steam account's first completed trade confirms it", async () => {
    const code = freshCode("SIGNUP");
    const referrerId = await confirmedMember({ code });
    const friendId = await confirmedMember({ confirmed: false, signupCode: code });
    expect(await applySignupReferral(db(), friendId)).toMatchObject({ ok: false, reason: "not_confirmed" });
    const tradeId = await tradeFor(friendId, 100);
    const completed = await completeTrade(db(), { actorUserId: staffId, tradeId });
    expect(completed.ok).toBe(true);
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, friendId));
    expect(profile).toMatchObject({ referred_by: referrerId, signup_referral_code: null });
    expect(await ledgerKeys(friendId)).toEqual([referralKeys.friend(friendId), referralKeys.referrer(friendId)].sort());
  });

  it("drops a captured code that can never apply (unknown)", async () => {
    const friendId = await confirmedMember({ signupCode: "OKANDKOD" });
    expect(await applySignupReferral(db(), friendId)).toMatchObject({ ok: false, reason: "invalid" });
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, friendId));
    expect(profile?.signup_referral_code).toBeNull();
  });
});

describe(`the milestone${on}`, () => {
  it("is paid once when concurrent trade completions cross 5 000 kr, and clawed back by a correction under it", async () => {
    const code = freshCode("MILE");
    const referrerId = await confirmedMember({ code });
    const friendId = await confirmedMember();
    await enterReferralCode(db(), friendId, code);
    const tradeIds: string[] = [];
    for (let i = 0; i < 6; i++) tradeIds.push(await tradeFor(friendId, 1_000));
    const results = await Promise.all(tradeIds.map((tradeId) => completeTrade(db(), { actorUserId: staffId, tradeId })));
    expect(results.every((result) => result.ok)).toBe(true);
    const milestones = await queryRows<{ n: string | number }>(
      db(),
      sql`SELECT count(*) AS n FROM points_transactions WHERE idempotency_key = ${referralKeys.milestone(friendId)}`,
    );
    expect(Number(milestones[0]!.n)).toBe(1);
    expect(await points(referrerId)).toBe(REFERRAL.referrerReward + REFERRAL.milestoneReward);

    // 6 000 kr → cancelling one leaves 5 000: still reached, nothing moves.
    await cancelTrade(db(), { actorUserId: staffId, tradeId: tradeIds[0]!, reason: "Rättelse" });
    expect(await points(referrerId)).toBe(REFERRAL.referrerReward + REFERRAL.milestoneReward);
    // The referrer spends some; the next correction takes what is there and records the rest.
    await db().transaction((tx) =>
      debitPoints(tx, { userId: referrerId, amount: 20_000, reason: "Point shop purchase: Test" }),
    );
    await cancelTrade(db(), { actorUserId: staffId, tradeId: tradeIds[1]!, reason: "Rättelse" });
    expect(await points(referrerId)).toBe(0);
    const [row] = await db().select().from(referrals).where(eq(referrals.friend_id, friendId));
    expect(row?.milestone_clawed_back_at).not.toBeNull();
    expect(row?.milestone_clawback_shortfall).toBe(REFERRAL.milestoneReward - 5_500);
    expect(await reconcileLedger(db())).toEqual([]);
  });
});
