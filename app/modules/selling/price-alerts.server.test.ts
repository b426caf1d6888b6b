/**
 * Sell-side price alerts (docs/rules/selling.md#price-alerts) against a real database and the
 * Steam fakes: created at a target above today's price, fired once per crossing by every kind of
 * price write (staff edit, CSV import, price source), armed again below the target; a visitor's
 * alert only after the double opt-in; signed links; limits; a member's own list.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mail_queue, price_alerts } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { priceAlertToken, readPriceAlertToken } from "./price-alert-firing.server";
import {
  answerAlertLink,
  createPriceAlert,
  deleteMemberAlert,
  memberAlerts,
  PRICE_ALERT_MESSAGES,
  purgeUnconfirmedAlerts,
} from "./price-alerts.server";
import { importPriceCsv, setPrice, writeSourcePrices } from "./price-list.server";
import { PRICE_ALERTS } from "./selling-constants";
import { registerSteamFakes } from "./test-steam-fakes";

const STEAM_ID = "76561198000000071";
const AK = "AK-47 | Redline (Field-Tested)";
const KNIFE = "★ Karambit | Doppler (Factory New)";
let database: TestDatabase;
const fakes = registerSteamFakes();
let staff: string;
let ipCounter = 0;
const ip = () => `198.51.100.${++ipCounter}`;
const db = () => database.db;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  fakes.community.setInventory(STEAM_ID, [
    { assetId: "1", marketHashName: AK },
    { assetId: "2", marketHashName: AK },
    { assetId: "3", marketHashName: KNIFE, type: { internal: "CSGO_Type_Knife", name: "Knife" } },
  ]);
  staff = await createMember(db(), { email: "bevakning-admin@example.se" });
  await setPrice(db(), { actorUserId: staff, input: { market_hash_name: AK, price: "312,50" } });
  await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10000" } });
});
afterAll(async () => {
  await database?.close();
});

const reachedMails = async (to: string) =>
  db().select({ subject: mail_queue.subject, text: mail_queue.text }).from(mail_queue).where(and(eq(mail_queue.to_address, to), eq(mail_queue.template, "priceAlertReached")));
const setAk = (price: string) => setPrice(db(), { actorUserId: staff, input: { market_hash_name: AK, price } });

describe("price alerts", () => {
  it("fires a member's item alert once per crossing, from staff edits and imports, and arms it again below the target", async () => {
    const email = "bevakare@example.se";
    const member = await createMember(db(), { email });
    // 70 % of 312,50 kr = 218,75 kr today: a target at or under that is refused.
    const refused = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "218,75" }, member: { userId: member }, ip: ip() }, fakes.deps);
    expect(refused).toEqual({ ok: false, status: 400, message: PRICE_ALERT_MESSAGES.alreadyReached(21_875) });
    const created = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "250" }, member: { userId: member }, ip: ip() }, fakes.deps);
    expect(created).toMatchObject({ ok: true, confirmed: true });
    if (!created.ok) return;

    await setAk("340"); // 238 kr: under the target
    expect(await reachedMails(email)).toHaveLength(0);
    await setAk("360"); // 252 kr: crosses
    const [mail] = await reachedMails(email);
    expect(mail?.subject).toBe(`Prisbevakning: ${AK} har nått ditt mål`);
    expect(mail?.text).toContain("/salja");
    await importPriceCsv(db(), { actorUserId: staff, text: `market_hash_name;price\n${AK};370` }); // still over: same crossing
    await writeSourcePrices(db(), "skinport", [{ marketHashName: "Något annat (Field-Tested)", priceOre: 1_000 }], new Date());
    expect(await reachedMails(email)).toHaveLength(1);
    await setAk("300"); // under again: armed
    const [armed] = await db().select().from(price_alerts).where(eq(price_alerts.id, created.alertId));
    expect(armed).toMatchObject({ reached: false, fire_count: 1, last_value_ore: 21_000 });
    await importPriceCsv(db(), { actorUserId: staff, text: `market_hash_name;price\n${AK};400` });
    expect(await reachedMails(email)).toHaveLength(2);
    expect((await memberAlerts(db(), member))[0]).toMatchObject({ reached: true, lastValueOre: 28_000, targetOre: 25_000, confirmed: true });
    await setAk("312,50");
  });

  it("fires once when two writes of different items cross one inventory's target at the same time (real races on PostgreSQL)", async () => {
    const email = "samtidig@example.se";
    const member = await createMember(db(), { email });
    // 7 937,50 kr today; each write below alone lifts the inventory over 8 000 kr.
    const created = await createPriceAlert(db(), { form: { steam: STEAM_ID, target: "8000" }, member: { userId: member }, ip: ip() }, fakes.deps);
    expect(created.ok).toBe(true);
    await Promise.all([setAk("400"), setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10200" } })]);
    expect(await reachedMails(email)).toHaveLength(1);
    await setAk("312,50");
    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10000" } });
    await db().delete(price_alerts).where(eq(price_alerts.user_id, member));
  });

  it("watches a whole inventory's total and fires on a price-source import", async () => {
    const email = "lagerbevakare@example.se";
    const member = await createMember(db(), { email });
    // 2 × 218,75 + 7 500 = 7 937,50 kr today.
    const created = await createPriceAlert(db(), { form: { steam: `https://steamcommunity.com/profiles/${STEAM_ID}`, target: "8000" }, member: { userId: member }, ip: ip() }, fakes.deps);
    expect(created).toMatchObject({ ok: true });
    const [row] = await db().select().from(price_alerts).where(eq(price_alerts.user_id, member));
    expect(row).toMatchObject({ kind: "inventory", last_value_ore: 793_750, label: "Hela lagret (3 föremål)" });
    // A staff CSV import raises the knife to 10 100 kr: 2 × 218,75 + 7 575 = 8 012,50 kr.
    await importPriceCsv(db(), { actorUserId: staff, text: `market_hash_name;price\n${KNIFE};10100` });
    expect(await reachedMails(email)).toHaveLength(1);
    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10000" } });
  });

  it("keeps a visitor's alert silent until the double opt-in, then fires; the signed link ends it", async () => {
    const email = "besokare@example.se";
    const noEmail = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "3", target: "7600" }, member: null, ip: ip() }, fakes.deps);
    expect(noEmail).toEqual({ ok: false, status: 400, message: PRICE_ALERT_MESSAGES.emailNeeded });
    const created = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "3", target: "7600", email: "Besokare@Example.se" }, member: null, ip: ip() }, fakes.deps);
    expect(created).toMatchObject({ ok: true, confirmed: false });
    if (!created.ok) return;
    const [confirmMail] = await db().select().from(mail_queue).where(and(eq(mail_queue.to_address, email), eq(mail_queue.template, "priceAlertConfirm")));
    const token = priceAlertToken(created.alertId);
    expect(confirmMail?.text).toContain(`/prisbevakning?token=${token}`);

    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10200" } }); // 7 650 kr
    expect(await reachedMails(email)).toHaveLength(0);
    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10000" } });
    expect(await answerAlertLink(db(), { token, intent: "confirm" })).toMatchObject({ ok: true, alert: { confirmed: true } });
    expect(await answerAlertLink(db(), { token, intent: "confirm" })).toMatchObject({ ok: true, alert: { confirmed: true } });
    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10200" } });
    const mails = await reachedMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/salja/vardering?steam=${STEAM_ID}`);
    expect(mails[0]?.text).toContain(token);

    expect(await answerAlertLink(db(), { token: `${created.alertId}.${"A".repeat(43)}`, intent: "stop" })).toMatchObject({ ok: false, status: 400 });
    expect(await answerAlertLink(db(), { token, intent: "stop" })).toEqual({ ok: true, alert: null });
    expect(await db().$count(price_alerts, eq(price_alerts.id, created.alertId))).toBe(0);
    await setPrice(db(), { actorUserId: staff, input: { market_hash_name: KNIFE, price: "10000" } });
  });

  it("refuses forged links and removes visitors' alerts not confirmed in time", async () => {
    expect(readPriceAlertToken("nonsens")).toBeNull();
    expect(readPriceAlertToken({ token: 1 })).toBeNull();
    const created = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "500", email: "sen@example.se" }, member: null, ip: ip() }, fakes.deps);
    if (!created.ok) throw new Error(created.message);
    const later = new Date(Date.now() + (PRICE_ALERTS.confirmHours + 1) * 60 * 60_000);
    expect(await answerAlertLink(db(), { token: priceAlertToken(created.alertId), intent: "confirm", now: later })).toEqual({
      ok: false,
      status: 410,
      message: PRICE_ALERT_MESSAGES.expired,
    });
    const other = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "500", email: "sen2@example.se" }, member: null, ip: ip() }, fakes.deps);
    expect(other.ok).toBe(true);
    expect(await purgeUnconfirmedAlerts(db(), later)).toEqual({ removed: 1 });
  });

  it("limits alerts per member and per address, and a member removes only their own", async () => {
    const member = await createMember(db(), { email: "manga@example.se" });
    for (let i = 0; i < PRICE_ALERTS.maxPerMember; i++) {
      const result = await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: String(300 + i) }, member: { userId: member }, ip: ip() }, fakes.deps);
      expect(result.ok).toBe(true);
    }
    expect(await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "999" }, member: { userId: member }, ip: ip() }, fakes.deps)).toEqual({
      ok: false,
      status: 409,
      message: PRICE_ALERT_MESSAGES.tooManyForMember,
    });
    const [first] = await memberAlerts(db(), member);
    const stranger = await createMember(db(), { email: "frammande@example.se" });
    expect(await deleteMemberAlert(db(), stranger, first!.id)).toBe(false);
    expect(await deleteMemberAlert(db(), member, first!.id)).toBe(true);
    expect(await memberAlerts(db(), member)).toHaveLength(PRICE_ALERTS.maxPerMember - 1);

    const client = ip();
    const results = [];
    for (let i = 0; i <= PRICE_ALERTS.createRateLimit.limit; i++) {
      results.push(await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "1", target: "999", email: `grans${i}@example.se` }, member: null, ip: client }, fakes.deps));
    }
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429 });
  });

  it("answers hostile input in Swedish and stores nothing", async () => {
    const before = await db().$count(price_alerts);
    for (const form of [
      {},
      { steam: STEAM_ID, target: "-5", email: "x@example.se" },
      { steam: STEAM_ID, target: "1e9", email: "x@example.se" },
      { steam: STEAM_ID, assetId: "1; DROP TABLE price_alerts", target: "10", email: "x@example.se" },
      { steam: STEAM_ID, target: "10", email: "inte en adress" },
      { steam: "https://evil.example/id/x", target: "10", email: "x@example.se" },
    ]) {
      const result = await createPriceAlert(db(), { form, member: null, ip: ip() }, fakes.deps);
      expect(result.ok, JSON.stringify(form)).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/[åäöÅÄÖ]|Ange|Klistra|Välj/);
    }
    expect(await createPriceAlert(db(), { form: { steam: STEAM_ID, assetId: "999", target: "10", email: "x@example.se" }, member: null, ip: ip() }, fakes.deps)).toMatchObject({
      ok: false,
      message: PRICE_ALERT_MESSAGES.itemGone,
    });
    expect(await db().$count(price_alerts)).toBe(before);
  });
});
