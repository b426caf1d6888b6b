/**
 * A member's data export (decision 048) against a real database: a member with a trade, a sell
 * order, referrals both ways, a newsletter record and BankID asks for an export, the job builds
 * it, and the test opens the ZIP and finds each area — and no secret, and no other person.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { createReferralCode, enterReferralCode } from "~/modules/referrals/referrals.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { acceptQuote } from "~/modules/selling/sell-orders.server";
import { clearTradeHoldCache } from "~/modules/selling/steam-trade-hold.server";
import { recordTrade } from "~/modules/trades/trades.server";
import { account, data_exports, mail_queue, session, user, verified_identities } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { runJobIfDue } from "~/platform/jobs/job-runner.server";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { saveNewsletterSettings } from "./profile-account.server";
import { DATA_EXPORT } from "./data-export-constants";
import {
  dataExportJob,
  latestDataExport,
  purgeExpiredDataExports,
  readDataExport,
  requestDataExport,
  runDataExportJob,
} from "./data-export.server";

let database: TestDatabase;
let fake: FakeSteamWebApi;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  fake = await new FakeSteamWebApi().start();
});
afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

function freshCode(prefix: string): string {
  return `${prefix}${randomBytes(3).toString("hex").toUpperCase()}`.slice(0, 12);
}

async function confirmed(userId: string) {
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/** Opens a ZIP and parses every JSON file in it. */
function openArchive(archive: Buffer): { files: Record<string, unknown>; raw: string } {
  const entries = unzipSync(new Uint8Array(archive));
  const files: Record<string, unknown> = {};
  let raw = "";
  for (const [name, bytes] of Object.entries(entries)) {
    const text = strFromU8(bytes);
    raw += text;
    files[name] = JSON.parse(text);
  }
  return { files, raw };
}

describe("a member's data archive", () => {
  it("holds the member's trades, sell order, quotes, referrals, newsletter, consent, ledger, sessions, BankID and payout details — masked, without secrets or other people", async () => {
    const staffId = await createStaff(db());
    const referrerId = await createMember(db(), { email: `varvare-${randomBytes(3).toString("hex")}@example.se` });
    await confirmed(referrerId);
    const referrerCode = freshCode("VARV");
    expect(await createReferralCode(db(), referrerId, referrerCode)).toMatchObject({ ok: true });

    const memberId = await createSeller(db(), keyring, { firstName: "Alva", lastName: "Export" });
    await confirmed(memberId);
    expect(await enterReferralCode(db(), memberId, referrerCode)).toMatchObject({ ok: true });
    const ownCode = freshCode("ALVA");
    expect(await createReferralCode(db(), memberId, ownCode)).toMatchObject({ ok: true });
    const friendEmail = `van-${randomBytes(3).toString("hex")}@example.se`;
    const friendId = await createMember(db(), { email: friendEmail, firstName: "Hemligvän" });
    await confirmed(friendId);
    expect(await enterReferralCode(db(), friendId, ownCode)).toMatchObject({ ok: true });

    const trade = await recordTrade(db(), {
      actorUserId: staffId,
      input: { memberId, type: "sale", items: [{ skinName: "M4A4 | Howl", wear: "MW", price: "1234" }], payoutMethod: "swish" },
    });
    expect(trade.ok).toBe(true);
    const quoteId = await createQuote(db(), memberId, { prices: [30_000] });
    clearTradeHoldCache();
    const order = await acceptQuote(db(), { userId: memberId, quoteId }, { steam: { apiUrl: fake.url, apiKey: fake.apiKey } });
    if (!order.ok) throw new Error(order.message);
    await saveNewsletterSettings(db(), memberId, { email_subscribed: true, phone_subscribed: false });

    // Secrets the archive must never carry.
    const sessionToken = `sessionstoken-${randomBytes(12).toString("hex")}`;
    await db().insert(session).values({ userId: memberId, token: sessionToken, expiresAt: new Date(Date.now() + DAY), ipAddress: "203.0.113.7", userAgent: "Testläsare/1.0" });
    const passwordHash = `losenordshash-${randomBytes(12).toString("hex")}`;
    await db().insert(account).values({ userId: memberId, accountId: memberId, providerId: "credential", password: passwordHash });
    const [identity] = await db().select().from(verified_identities).where(eq(verified_identities.user_id, memberId));

    expect(await requestDataExport(db(), memberId)).toMatchObject({ ok: true });
    expect((await latestDataExport(db(), memberId))?.status).toBe("pending");
    expect(await runJobIfDue(database, dataExportJob, new Date(), { force: true })).toMatchObject({ status: "ran", result: { built: 1, failed: 0 } });

    const latest = await latestDataExport(db(), memberId);
    expect(latest).toMatchObject({ status: "ready" });
    expect(new Date(latest!.expiresAt!).getTime() - new Date(latest!.readyAt!).getTime()).toBe(DATA_EXPORT.downloadDays * DAY);
    const download = await readDataExport(db(), { userId: memberId, exportId: latest!.id });
    expect(download?.filename).toMatch(/^mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip$/);
    const { files, raw } = openArchive(download!.archive);

    const profile = files["profil.json"] as { account: { email: string }; profile: { first_name: string; has_member_referrer: boolean }; sign_in_methods: Array<{ provider: string; password_set: boolean }> };
    expect(profile.profile.first_name).toBe("Alva");
    expect(profile.profile.has_member_referrer).toBe(true);
    expect(profile.sign_in_methods).toEqual([expect.objectContaining({ provider: "credential", password_set: true })]);

    const tradesFile = files["affarer.json"] as Array<{ type: string; items: Array<{ skin_name: string; price_ore: number }> }>;
    expect(tradesFile).toHaveLength(1);
    expect(tradesFile[0]!.items[0]).toMatchObject({ skin_name: "M4A4 | Howl", price_ore: 123_400 });

    const selling = files["saljordrar.json"] as { orders: Array<{ id: string; items: Array<{ price_ore: number }>; events: unknown[] }> };
    expect(selling.orders.map((row) => row.id)).toEqual([order.value.id]);
    expect(selling.orders[0]!.items).toEqual([expect.objectContaining({ price_ore: 30_000 })]);
    expect(selling.orders[0]!.events.length).toBeGreaterThan(0);
    expect((files["offerter.json"] as Array<{ id: string; items: unknown[] }>)[0]).toMatchObject({ id: quoteId });

    const referralsFile = files["vanvarvning.json"] as { own_codes: string[]; referred_by: { code: string }; referred_friends: Array<{ friend: string }> };
    expect(referralsFile.own_codes).toEqual([ownCode]);
    expect(referralsFile.referred_by.code).toBe(referrerCode);
    expect(referralsFile.referred_friends).toEqual([expect.objectContaining({ friend: "Vän 1" })]);

    expect(files["nyhetsbrev.json"]).toMatchObject({ subscription: { email_subscribed: true, phone_subscribed: false } });
    expect(files["samtycken.json"]).toMatchObject({ newsletter: { email_subscribed: true } });
    expect(files["sessioner.json"]).toEqual([expect.objectContaining({ ip_address: "203.0.113.7", user_agent: "Testläsare/1.0" })]);
    expect(files["bankid.json"]).toMatchObject({ masked_personnummer: identity!.masked_personnummer });
    expect(files["utbetalningsuppgifter.json"]).toMatchObject({ current: { method: "swish", masked_value: expect.stringContaining("•") } });
    expect((files["poang-och-xp.json"] as { points_ledger: unknown[] }).points_ledger).toBeInstanceOf(Array);
    for (const name of ["sakerhetshandelser.json", "poangbutik.json", "giveaways.json", "kontakt.json", "utskick.json", "besok.json", "om-filen.json"]) {
      expect(files, name).toHaveProperty([name]);
    }

    // No secrets, no other person.
    for (const secret of [sessionToken, passwordHash, identity!.ciphertext, identity!.personnummer_hmac, friendId, friendEmail, "Hemligvän", referrerId, staffId]) {
      expect(raw.includes(secret), `${secret} near ${raw.slice(Math.max(0, raw.indexOf(secret) - 300), raw.indexOf(secret) + 50)}`).toBe(false);
    }
    // No field named after a secret, either (a value like "password", how a change was confirmed, is fine).
    expect(raw).not.toMatch(/"(ciphertext|personnummer_hmac|token|password|secret|backup_codes|confirmation_token_hash|pdf)":/);

    // The member is mailed once, with a link to /profile rather than the file.
    const member = await db().select({ email: user.email }).from(user).where(eq(user.id, memberId));
    const mails = await db().select().from(mail_queue).where(eq(mail_queue.template, "dataExportReady"));
    expect(mails.map((mail) => mail.to_address)).toEqual([member[0]!.email]);
    expect(mails[0]!.subject).toBe("Dina uppgifter är klara att ladda ner");
    expect(mails[0]!.text).toContain("/profile#dina-uppgifter");
  });

  it("is refused to any other member, looking the same as one that does not exist", async () => {
    const owner = await createMember(db());
    const other = await createMember(db());
    expect(await requestDataExport(db(), owner)).toMatchObject({ ok: true });
    await runDataExportJob(db(), new Date());
    const ready = await latestDataExport(db(), owner);
    expect(ready?.status).toBe("ready");
    expect(await readDataExport(db(), { userId: other, exportId: ready!.id })).toBeNull();
    expect(await readDataExport(db(), { userId: owner, exportId: ready!.id })).not.toBeNull();
    expect(await latestDataExport(db(), other)).toBeNull();
  });

  it("allows one pending export and one new export a day; a failed one does not count", async () => {
    const memberId = await createMember(db());
    const now = new Date();
    const first = await requestDataExport(db(), memberId, now);
    expect(first.ok).toBe(true);
    expect(await requestDataExport(db(), memberId, now)).toMatchObject({ ok: false, reason: "pending" });
    // Two at once make one pending row (the partial unique index).
    await Promise.all([requestDataExport(db(), memberId, now), requestDataExport(db(), memberId, now)]);
    expect(await db().select().from(data_exports).where(eq(data_exports.user_id, memberId))).toHaveLength(1);

    await runDataExportJob(db(), now);
    const later = new Date(now.getTime() + 23 * 60 * 60_000);
    expect(await requestDataExport(db(), memberId, later)).toMatchObject({ ok: false, reason: "rate-limited" });
    const nextDay = new Date(now.getTime() + DATA_EXPORT.requestCooldownHours * 60 * 60_000 + 1_000);
    const second = await requestDataExport(db(), memberId, nextDay);
    expect(second.ok).toBe(true);

    if (!second.ok) return;
    await db().update(data_exports).set({ status: "failed" }).where(eq(data_exports.id, second.id));
    expect(await requestDataExport(db(), memberId, nextDay)).toMatchObject({ ok: true });
  });

  it("stops offering the archive when its time is up, and the job deletes it", async () => {
    const memberId = await createMember(db());
    const now = new Date();
    await requestDataExport(db(), memberId, now);
    await runDataExportJob(db(), now);
    const ready = (await latestDataExport(db(), memberId, now))!;
    const justBefore = new Date(now.getTime() + DATA_EXPORT.downloadDays * DAY - 1_000);
    const after = new Date(now.getTime() + DATA_EXPORT.downloadDays * DAY + 1_000);
    await purgeExpiredDataExports(db(), justBefore);
    expect(await db().select().from(data_exports).where(eq(data_exports.id, ready.id))).toHaveLength(1);
    expect(await readDataExport(db(), { userId: memberId, exportId: ready.id, now: justBefore })).not.toBeNull();
    expect(await readDataExport(db(), { userId: memberId, exportId: ready.id, now: after })).toBeNull();
    expect((await latestDataExport(db(), memberId, after))?.status).toBe("expired");
    const result = await runDataExportJob(db(), after);
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(data_exports).where(eq(data_exports.id, ready.id))).toHaveLength(0);
  });
});
