/**
 * Referrals through the production build: the influencer-link endpoint (lookup, one click per
 * visitor per code per day, bots, hostile input), the profile's code forms as a browser without
 * JavaScript posts them, and the Referrals tab's review action and CSV export.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { INPUT_MESSAGES } from "~/lib/validation";
import { createMember as createLoyaltyMember } from "~/modules/loyalty/test-fixtures";
import { REFERRAL_MESSAGES, REFERRAL_OUTCOME_MESSAGES } from "~/modules/referrals/referral-code";
import { REFERRAL_VISIT_MESSAGES } from "~/modules/referrals/referral-visits.server";
import { queryRows } from "~/platform/db/client.server";
import { account, influencers, profiles, referrals, user } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { formBody, MEMBER_PASSWORD, signInCookie, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
const db = () => server.database.db;
let influencerId: string;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  server = await startInProcessServer();
  const [row] = await db().insert(influencers).values({ name: "Testpartner", referral_code: "TESTPART" }).returning();
  influencerId = row!.id;
  await db().insert(influencers).values({ name: "Vilande", referral_code: "VILANDE", status: "inactive" });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let passwordHash: string;
async function member(options: { code?: string; ipHash?: string } = {}): Promise<TestMember> {
  const email = `ref-${randomUUID().slice(0, 8)}@example.se`;
  const userId = await createLoyaltyMember(db(), { email });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db()
    .update(profiles)
    .set({ referral_code: options.code ?? null, signup_ip_hash: options.ipHash ?? null })
    .where(eq(profiles.user_id, userId));
  passwordHash ??= await hashPassword(MEMBER_PASSWORD);
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: passwordHash });
  return { userId, email, cookie: await signInCookie(server.url, email) };
}

function visit(body: BodyInit, options: { type?: string; userAgent?: string } = {}) {
  return fetch(`${server.url}/api/referral-visit`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": options.type ?? "application/json",
      "user-agent": options.userAgent ?? CHROME,
    },
    body,
  });
}

async function clicks(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM influencer_clicks WHERE influencer_id = ${influencerId}`,
  );
  return row!.n;
}

describe("POST /api/referral-visit", () => {
  it("answers an active influencer's name only and records one click per visitor per code per day", async () => {
    const before = await clicks();
    const response = await visit(JSON.stringify({ code: "testpart", utm_source: "youtube" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, name: "Testpartner", counted: true });
    await Promise.all(Array.from({ length: 5 }, () => visit(JSON.stringify({ code: "TESTPART" }))));
    expect(await clicks()).toBe(before + 1);
    const [click] = await queryRows<{ utm_source: string; utm_medium: string; utm_campaign: string; visitor_hash: string }>(
      db(),
      sql`SELECT utm_source, utm_medium, utm_campaign, visitor_hash FROM influencer_clicks WHERE influencer_id = ${influencerId} ORDER BY created_at LIMIT 1`,
    );
    expect(click).toMatchObject({ utm_source: "youtube", utm_medium: "referral", utm_campaign: "influencer" });
    expect(click!.visitor_hash).not.toContain("127.0.0.1");
    // Another browser on the address is another visitor; a bot is never counted.
    await visit(JSON.stringify({ code: "TESTPART" }), { userAgent: `${CHROME} Edg/131.0` });
    await visit(JSON.stringify({ code: "TESTPART" }), { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(await clicks()).toBe(before + 2);
  });

  it("answers the spec's texts for an empty, unknown or inactive code (the browser ignores them)", async () => {
    const empty = await visit(JSON.stringify({ code: "  " }));
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(REFERRAL_VISIT_MESSAGES.required);
    for (const code of ["FINNSINTE", "VILANDE"]) {
      const response = await visit(JSON.stringify({ code }));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ ok: false, message: REFERRAL_VISIT_MESSAGES.notFound });
    }
  });

  it("refuses hostile input with a 4xx and records nothing", async () => {
    const before = await clicks();
    const cases: Array<{ body: BodyInit; type?: string; message: string }> = [
      { body: JSON.stringify({ code: "TESTPART\u0000" }), message: INPUT_MESSAGES.controlCharacters },
      { body: JSON.stringify({ code: 42 }), message: REFERRAL_VISIT_MESSAGES.required },
      { body: JSON.stringify({ code: ["TESTPART"] }), message: REFERRAL_VISIT_MESSAGES.required },
      { body: JSON.stringify(["TESTPART"]), message: INPUT_MESSAGES.badRequest },
      { body: "{", message: INPUT_MESSAGES.badRequest },
      { body: JSON.stringify({ code: "A".repeat(10_000) }), message: REFERRAL_VISIT_MESSAGES.notFound },
      { body: JSON.stringify({ code: "TESTPART", referrer: "x".repeat(5_000) }), message: INPUT_MESSAGES.tooLong(500) },
    ];
    for (const { body, type, message } of cases) {
      const response = await visit(body, { type });
      const label = String(body).slice(0, 40);
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect((await response.json()).message, label).toBe(message);
    }
    expect(await clicks()).toBe(before);
    const get = await fetch(`${server.url}/api/referral-visit`);
    expect(get.status).toBe(405);
  });
});

function postProfile(who: TestMember, fields: Record<string, string>) {
  return fetch(`${server.url}/profile`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

describe("the profile's referral forms", () => {
  it("creates a code once, refuses a taken one, and enters a friend's code with the spec's texts", async () => {
    const referrer = await member();
    const created = await postProfile(referrer, { intent: "referral-create", code: "vnkod1" });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(REFERRAL_MESSAGES.created);
    const friend = await member();
    const taken = await postProfile(friend, { intent: "referral-create", code: "VNKOD1" });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(REFERRAL_MESSAGES.taken);
    const own = await postProfile(referrer, { intent: "referral-enter", code: "VNKOD1" });
    expect(await own.text()).toContain(REFERRAL_MESSAGES.ownCode);
    const entered = await postProfile(friend, { intent: "referral-enter", code: "VNKOD1" });
    expect(entered.status).toBe(200);
    expect(await entered.text()).toContain(REFERRAL_OUTCOME_MESSAGES.paid);
    const again = await postProfile(friend, { intent: "referral-enter", code: "TESTPART" });
    expect(await again.text()).toContain(REFERRAL_MESSAGES.alreadyReferred);
    const [row] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, referrer.userId));
    expect(row!.points).toBe(REFERRAL.referrerReward);
  });

  it("answers the validation texts and hostile input with a Swedish 400", async () => {
    const who = await member();
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "referral-enter", code: "" }, REFERRAL_MESSAGES.enterEmpty],
      [{ intent: "referral-create", code: "" }, REFERRAL_MESSAGES.createEmpty],
      [{ intent: "referral-enter", code: "AB" }, REFERRAL_MESSAGES.length],
      [{ intent: "referral-enter", code: "ÅÄÖÅÄ" }, REFERRAL_MESSAGES.characters],
      [{ intent: "referral-enter", code: "ABCD\u0000" }, INPUT_MESSAGES.controlCharacters],
      [{ intent: "referral-okänd", code: "ABCD" }, INPUT_MESSAGES.badRequest],
    ];
    for (const [fields, message] of cases) {
      const response = await postProfile(who, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toContain(message);
    }
    const [row] = await db().select().from(referrals).where(eq(referrals.friend_id, who.userId));
    expect(row).toBeUndefined();
  });
});

describe("the Referrals tab", () => {
  it("approves a held referral once, refuses an unknown intent, and exports the same filter as CSV", async () => {
    const admin = await member();
    await makeStaff(server, admin, "admin");
    const adminCookie = await signInCookie(server.url, admin.email);
    const referrer = await member({ code: "HALLEN1", ipHash: "samma" });
    const friend = await member({ ipHash: "samma" });
    const entered = await postProfile(friend, { intent: "referral-enter", code: "HALLEN1" });
    expect(await entered.text()).toContain(REFERRAL_OUTCOME_MESSAGES.pending_review);

    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/referrals`, {
        method: "POST",
        headers: { origin: server.url, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
        body: formBody(fields),
        redirect: "manual",
      });
    expect((await post({ intent: "delete", friendId: friend.userId })).status).toBe(400);
    expect((await post({ intent: "reject", friendId: friend.userId, reason: "" })).status).toBe(400);
    expect((await post({ intent: "approve", friendId: "inte-ett-id" })).status).toBe(400);
    expect((await post({ intent: "approve", friendId: friend.userId })).status).toBe(200);
    expect((await post({ intent: "approve", friendId: friend.userId })).status).toBe(409);
    const balances = await db().select({ id: profiles.user_id, points: profiles.points }).from(profiles);
    const pointsOf = (id: string) => balances.find((row) => row.id === id)?.points;
    expect(pointsOf(friend.userId)).toBe(REFERRAL.friendReward);
    expect(pointsOf(referrer.userId)).toBe(REFERRAL.referrerReward);

    const csv = await fetch(`${server.url}/admin/referrals/export.csv?status=paid`, { headers: { cookie: adminCookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("HALLEN1");
    expect(text).toContain("Utbetald");
    // A status the list would drop (showing every relation) is refused by the export, in Swedish.
    for (const query of ["status=%27%20OR%201=1", "status=paid&status=rejected"]) {
      const refused = await fetch(`${server.url}/admin/referrals/export.csv?${query}`, { headers: { cookie: adminCookie } });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Ogiltigt filter (status): exporten skapades inte.");
    }

    const page = await fetch(`${server.url}/admin/referrals?status=pending_review`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Inga värvningar med status väntar på granskning");
  });
});
