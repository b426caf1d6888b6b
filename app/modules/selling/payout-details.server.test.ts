/**
 * Payout details and seller requirements against a real database (PGlite, or PostgreSQL with
 * DATABASE_URL; the concurrency test is meaningful there).
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyForTest } from "~/modules/identity/test-identities";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { email_outbox, payout_details, payout_details_history, security_events, session, user } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { changePayoutDetails, getPayoutDetailsSummary, hasPassword, isRecentSignIn, readPayoutDetails } from "./payout-details.server";
import { swishMatchesIdentity } from "./payout-details-page.server";
import { createPayoutKeyring } from "./payout-encryption.server";
import type { PayoutDetails } from "./payout-rules";
import { sellerRequirements } from "./seller-requirements.server";
import { clearTradeHoldCache } from "./steam-trade-hold.server";

let database: TestDatabase;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const SWISH: PayoutDetails = { method: "swish", phone: "0701234512", personnummer: "191212121212" };

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("Swish to the verified personnummer only (decision 044)", () => {
  it("refuses another personnummer once verified; passes the own one, other methods and the unverified", async () => {
    const db = database.db;
    const userId = await createMember(db);
    expect(await swishMatchesIdentity(db, keyring, userId, SWISH)).toBe(true);
    await verifyForTest(db, keyring, userId, "198112189876");
    expect(await swishMatchesIdentity(db, keyring, userId, SWISH)).toBe(false);
    expect(await swishMatchesIdentity(db, keyring, userId, { ...SWISH, personnummer: "198112189876" })).toBe(true);
    expect(await swishMatchesIdentity(db, keyring, userId, { method: "crypto", network: "bitcoin", address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" } as PayoutDetails)).toBe(true);
  });
});

describe("changing payout details (docs/rules/selling.md#changing-payout-details)", () => {
  it("stores them sealed, masked, usable 24 h later by the database clock, with history, a security event and a mail", async () => {
    const db = database.db;
    const userId = await createMember(db, { email: "utbetalning@example.se", firstName: "Ada" });
    const result = await changePayoutDetails(db, keyring, { userId, details: SWISH, confirmedBy: "password", ipAddress: "203.0.113.9" });
    expect(result).toMatchObject({ revision: 1, firstTime: true, summary: { label: "Swish", masked: "07•• ••• •12", usable: false } });

    const [row] = await db
      .select({
        ciphertext: payout_details.ciphertext,
        delay: sql<number>`extract(epoch from ${payout_details.usable_at} - ${payout_details.updated_at})::int`,
      })
      .from(payout_details)
      .where(eq(payout_details.user_id, userId));
    expect(row!.delay).toBe(24 * 3600);
    expect(row!.ciphertext).not.toMatch(/0701234512|191212121212/);
    expect(await readPayoutDetails(db, keyring, userId)).toEqual(SWISH);

    const summary = await getPayoutDetailsSummary(db, userId);
    expect(summary).toMatchObject({ method: "swish", masked: "07•• ••• •12", usable: false });

    const history = await db.select().from(payout_details_history).where(eq(payout_details_history.user_id, userId));
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history)).not.toMatch(/0701234512|191212121212/);

    const events = await db
      .select()
      .from(security_events)
      .where(and(eq(security_events.user_id, userId), eq(security_events.event_type, "payout_details_changed")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: "medium", ip_address: "203.0.113.9" });
    expect(JSON.stringify(events[0]!.details)).not.toMatch(/0701234512|191212121212/);

    const mails = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "utbetalning@example.se"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Dina utbetalningsuppgifter har sparats");
    expect(mails[0]!.text).toContain("07•• ••• •12");
    expect(mails[0]!.text).toContain("24 timmar");
    expect(mails[0]!.text).not.toMatch(/0701234512|191212121212/);

    // Once the wait has passed (moved in the database), the details are usable.
    await db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
    expect((await getPayoutDetailsSummary(db, userId))?.usable).toBe(true);

    // A change starts the wait again and says "ändrats".
    const changed = await changePayoutDetails(db, keyring, {
      userId,
      details: { method: "bank", format: "iban", iban: "SE4550000000058398257466" },
      confirmedBy: "password",
    });
    expect(changed).toMatchObject({ revision: 2, firstTime: false, summary: { label: "IBAN (SE)", masked: "••••7466" } });
    expect((await getPayoutDetailsSummary(db, userId))?.usable).toBe(false);
    const [latest] = await db.select().from(email_outbox).where(eq(email_outbox.subject, "Dina utbetalningsuppgifter har ändrats"));
    expect(latest?.to_address).toBe("utbetalning@example.se");
  });

  it("leaves one consistent row when changes race (each its own revision, the row is the last)", async () => {
    const db = database.db;
    const userId = await createMember(db);
    const addresses = [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
      "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ];
    const results = await Promise.all(
      addresses.map((address) =>
        changePayoutDetails(db, keyring, { userId, details: { method: "crypto", network: "ethereum", address }, confirmedBy: "password" }),
      ),
    );
    expect(results.map((result) => result.revision).sort()).toEqual([1, 2, 3, 4]);
    const rows = await db.select().from(payout_details).where(eq(payout_details.user_id, userId));
    expect(rows).toHaveLength(1);
    const history = await db.select().from(payout_details_history).where(eq(payout_details_history.user_id, userId));
    expect(history.map((entry) => entry.revision).sort()).toEqual([1, 2, 3, 4]);
    const last = history.find((entry) => entry.revision === 4)!;
    expect(rows[0]!.masked_value).toBe(last.masked_value);
    expect(rows[0]!.revision).toBe(4);
    const stored = await readPayoutDetails(db, keyring, userId);
    expect(stored && stored.method === "crypto" ? `••••${stored.address.slice(-4)}` : null).toBe(last.masked_value);
  });

  it("knows whether an account has a password and whether a session began within 10 minutes", async () => {
    const db = database.db;
    const userId = await createMember(db);
    expect(await hasPassword(db, userId)).toBe(false);
    const [fresh] = await db
      .insert(session)
      .values({ token: randomBytes(16).toString("hex"), userId, expiresAt: sql`now() + interval '1 day'` })
      .returning({ id: session.id });
    const [old] = await db
      .insert(session)
      .values({
        token: randomBytes(16).toString("hex"),
        userId,
        expiresAt: sql`now() + interval '1 day'`,
        createdAt: sql`now() - interval '11 minutes'`,
      })
      .returning({ id: session.id });
    expect(await isRecentSignIn(db, fresh!.id)).toBe(true);
    expect(await isRecentSignIn(db, old!.id)).toBe(false);
    await db.delete(user).where(eq(user.id, userId));
  });
});

describe("seller requirements (docs/rules/selling.md#seller-requirements)", () => {
  const steamId = "76561198000000042";
  // partner 39734314 = 76561198000000042 − 76561197960265728
  const tradeLink = "https://steamcommunity.com/tradeoffer/new/?partner=39734314&token=AbCd_123";
  const steamAnswer = (seconds: number) => async (url: string | URL | Request) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ response: { their_escrow: { escrow_end_duration_seconds: seconds } } }), { status: 200 });
  };
  let calls: string[] = [];
  beforeEach(() => {
    calls = [];
    clearTradeHoldCache();
  });

  async function member(withPayout: boolean, link: string | null = tradeLink) {
    const db = database.db;
    const userId = await createMember(db, { steamId: `7656119800${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}` });
    await db.execute(sql`update profiles set steam_id = ${steamId}, steam_trade_link = ${link} where user_id = ${userId}`);
    if (withPayout) await changePayoutDetails(db, keyring, { userId, details: SWISH, confirmedBy: "password" });
    return userId;
  }

  it("lists what is missing for a signed-out visitor and a bare member", async () => {
    const anonymous = await sellerRequirements(database.db, null);
    expect(anonymous.ready).toBe(false);
    expect(anonymous.requirements.find((r) => r.id === "signed_in")?.state).toBe("missing");
    const userId = await createMember(database.db);
    const bare = await sellerRequirements(database.db, userId, { apiKey: "k", fetchImpl: steamAnswer(0) as typeof fetch });
    expect(Object.fromEntries(bare.requirements.map((r) => [r.id, r.state]))).toEqual({
      signed_in: "met",
      bankid: "missing",
      steam_linked: "missing",
      trade_link: "missing",
      trade_hold: "missing",
      payout_details: "missing",
    });
    expect(calls).toHaveLength(0);
  });

  it("is ready with a matching trade link, no hold and usable details; asks Steam once within the cache time", async () => {
    const db = database.db;
    const userId = await member(true);
    await verifyForTest(db, keyring, userId);
    await db.update(payout_details).set({ usable_at: sql`now() - interval '1 second'` }).where(eq(payout_details.user_id, userId));
    await db.execute(sql`update profiles set steam_id = null where steam_id = ${steamId} and user_id <> ${userId}`);
    const options = { apiUrl: "http://127.0.0.1:9", apiKey: "nyckel", fetchImpl: steamAnswer(0) as typeof fetch };
    const checklist = await sellerRequirements(db, userId, options);
    expect(checklist.ready).toBe(true);
    await sellerRequirements(db, userId, options);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain("/IEconService/GetTradeHoldDurations/v1/");
    expect(calls[0]).toContain(`steamid_target=${steamId}`);
    expect(calls[0]).toContain("trade_offer_access_token=AbCd_123");
    await db.delete(user).where(eq(user.id, userId));
  });

  it("explains a hold, a failed check, waiting details and a link for another account", async () => {
    const db = database.db;
    const userId = await member(true);
    const hold = await sellerRequirements(db, userId, { apiKey: "k", fetchImpl: steamAnswer(15 * 86_400) as typeof fetch });
    const holdItem = hold.requirements.find((r) => r.id === "trade_hold")!;
    expect(holdItem).toMatchObject({ state: "missing" });
    expect(holdItem.explanation).toContain("15 dagar");
    expect(holdItem.explanation).toContain("Steam Guard Mobile Authenticator");
    expect(hold.requirements.find((r) => r.id === "payout_details")?.state).toBe("waiting");

    clearTradeHoldCache();
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const unknown = await sellerRequirements(db, userId, { apiKey: "k", fetchImpl: failing });
    expect(unknown.ready).toBe(false);
    expect(unknown.requirements.find((r) => r.id === "trade_hold")).toMatchObject({ state: "unknown" });
    const unconfigured = await sellerRequirements(db, userId, { apiKey: undefined });
    expect(unconfigured.requirements.find((r) => r.id === "trade_hold")?.state).toBe("unknown");

    await db.execute(sql`update profiles set steam_trade_link = ${"https://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCd_123"} where user_id = ${userId}`);
    const mismatch = await sellerRequirements(db, userId, { apiKey: "k", fetchImpl: steamAnswer(0) as typeof fetch });
    expect(mismatch.requirements.find((r) => r.id === "trade_link")?.explanation).toContain("annat Steam-konto");
    await db.delete(user).where(eq(user.id, userId));
  });
});
