/**
 * Purchase documents (decision 047) against a real database: issued in the payout's transaction,
 * stored and read back byte for byte, every required field in the PDF's text, attached to the
 * paid mail, corrections as new numbers, and — on PostgreSQL — one gapless series under 50
 * concurrent payouts.
 */
import { randomBytes } from "node:crypto";
import iconv from "iconv-lite";
import { asc, eq, inArray } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { formatSek } from "~/lib/format";
import { stockholmDay } from "~/lib/stockholm-time";
import { config } from "~/platform/config.server";
import { mail_queue, mail_queue_attachments, profiles, purchase_documents, user, verified_identities } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { FakeSteamWebApi } from "../../../server/fakes/steam-web-api";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { runSellOrderJob } from "~/modules/selling/sell-order-job.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { acceptQuote, correctOrderDocument, markPaid, setTradeOffer } from "~/modules/selling/sell-orders.server";
import { clearTradeHoldCache } from "~/modules/selling/steam-trade-hold.server";
import { steamTradeApi } from "~/modules/selling/steam-trade-offers.server";
import { listOrderDocuments, readOrderDocument } from "./purchase-documents.server";
import { documentNumberLabel } from "./purchase-document-rules";
import { encodeSie, sieExportText } from "./bookkeeping-export.server";
import { SKATTEVERKET_OTHER_ASSETS_URL, statementCsv, statementPdf, statementYears, yearlyStatement } from "./yearly-statement.server";
import { sieVerifications } from "./sie-fixtures";

let database: TestDatabase;
let fake: FakeSteamWebApi;
let staffId: string;
const db = () => database.db;
const keyring = createPayoutKeyring(randomBytes(32).toString("base64"));
const DAY = 24 * 60 * 60_000;
let counter = 8_000_000_000;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
  fake = await new FakeSteamWebApi().start();
  staffId = await createStaff(db());
});
afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

/** Sellers with orders past their Trade Protection, in the payout queue. */
async function duePayouts(count: number, prices = [25_000, 15_000]): Promise<{ userId: string; orderId: string }[]> {
  const steam = { apiUrl: fake.url, apiKey: fake.apiKey };
  const due: { userId: string; orderId: string }[] = [];
  for (let index = 0; index < count; index++) {
    const userId = await createSeller(db(), keyring, { firstName: "Åsa", lastName: "Öberg" });
    clearTradeHoldCache();
    const accepted = await acceptQuote(db(), { userId, quoteId: await createQuote(db(), userId, { prices, levelBonusPercent: 1, bulkBonusPercent: 2 }) }, { steam });
    if (!accepted.ok) throw new Error(accepted.message);
    const offerId = String(counter++);
    const tradeId = String(counter++);
    const sent = await setTradeOffer(db(), { actorUserId: staffId, orderId: accepted.value.id, tradeOfferId: offerId });
    if (!sent.ok) throw new Error(sent.message);
    const tradeTime = Math.floor((Date.now() - 9 * DAY) / 1000);
    fake.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: tradeTime });
    fake.setTrade(tradeId, 3, { time_init: tradeTime });
    due.push({ userId, orderId: accepted.value.id });
  }
  await runSellOrderJob(db(), new Date(), steamTradeApi(steam));
  await runSellOrderJob(db(), new Date(), steamTradeApi(steam));
  return due;
}

describe("the purchase document of a paid sell order", () => {
  it("is issued when the order is paid, with every required field in its text, and attached to the paid mail", async () => {
    const { userId, orderId } = (await duePayouts(1))[0]!;
    // The document names the person BankID verified, not what the profile says today.
    await db().update(profiles).set({ first_name: "Smeknamn" }).where(eq(profiles.user_id, userId));
    const paid = await markPaid(db(), { actorUserId: staffId, orderId: orderId!, reference: "SWISH-4711", keyring });
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    const documents = await listOrderDocuments(db(), orderId!, userId);
    expect(documents).toHaveLength(1);
    const stored = await readOrderDocument(db(), { orderId: orderId!, number: documents[0]!.number, userId });
    const { text } = await extractText(new Uint8Array(stored!.pdf), { mergePages: true });
    const order = paid.value;
    // The seller's BankID-verified personnummer, as the document masks it (birth date, then XXXX).
    const [identity] = await db()
      .select({ masked: verified_identities.masked_personnummer })
      .from(verified_identities)
      .where(eq(verified_identities.user_id, userId));
    const maskedPersonnummer = `${identity!.masked.slice(0, 8)}-XXXX`;
    for (const expected of [
      "Avräkningsnota",
      config().COMPANY_NAME,
      config().COMPANY_ORG_NUMBER,
      documentNumberLabel(documents[0]!.number),
      stockholmDay(order.paidAt!),
      "Åsa Öberg",
      maskedPersonnummer,
      "AK-47 | Redline",
      "AWP | Asiimov 1",
      formatSek(25_000),
      formatSek(15_000),
      `Nivåbonus ${order.levelBonusPercent} %`,
      formatSek(order.levelBonusOre),
      `Volymbonus ${order.bulkBonusPercent} %`,
      formatSek(order.bulkBonusOre),
      formatSek(order.totalOre),
      "Swish 07•• ••• •12",
      "SWISH-4711",
    ]) {
      expect(text.replace(/\s+/g, " "), expected).toContain(expected.replace(/\s+/g, " "));
    }
    // The full personnummer never appears, in either form.
    expect(text).not.toMatch(/\d{12}|\d{8}-?\d{4}/);

    const [mail] = await db()
      .select({ id: mail_queue.id })
      .from(mail_queue)
      .innerJoin(user, eq(user.email, mail_queue.to_address))
      .where(eq(user.id, userId))
      .orderBy(asc(mail_queue.created_at));
    const attachments = await db()
      .select()
      .from(mail_queue_attachments)
      .innerJoin(mail_queue, eq(mail_queue.id, mail_queue_attachments.mail_id))
      .innerJoin(user, eq(user.email, mail_queue.to_address))
      .where(eq(user.id, userId));
    expect(mail).toBeDefined();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.mail_queue_attachments.filename).toBe(`avrakningsnota-${documentNumberLabel(documents[0]!.number)}.pdf`);
    expect(Buffer.from(attachments[0]!.mail_queue_attachments.content).equals(stored!.pdf)).toBe(true);
  });

  it("downloads byte-identical every time, only for its owner, and a correction is a new number that refers to it", async () => {
    const [mine, other] = await duePayouts(2);
    const { userId, orderId } = mine!;
    expect((await markPaid(db(), { actorUserId: staffId, orderId: orderId!, reference: "BANK-1" })).ok).toBe(true);
    const [first] = await listOrderDocuments(db(), orderId!);
    const one = await readOrderDocument(db(), { orderId: orderId!, number: first!.number, userId });
    const two = await readOrderDocument(db(), { orderId: orderId!, number: first!.number });
    expect(one!.pdf.equals(two!.pdf)).toBe(true);
    expect(await readOrderDocument(db(), { orderId: orderId!, number: first!.number, userId: other!.userId })).toBeNull();
    expect(await readOrderDocument(db(), { orderId: "not-a-uuid", number: first!.number })).toBeNull();

    const corrected = await correctOrderDocument(db(), {
      actorUserId: staffId,
      orderId: orderId!,
      sellerName: "Åsa Öberg-Lind",
      reference: "BANK-1-RÄTT",
      note: "Fel referens",
    });
    expect(corrected.ok).toBe(true);
    const documents = await listOrderDocuments(db(), orderId!, userId);
    expect(documents.map((document) => document.correctsNumber)).toEqual([null, first!.number]);
    const correction = await readOrderDocument(db(), { orderId: orderId!, number: documents[1]!.number, userId });
    const { text } = await extractText(new Uint8Array(correction!.pdf), { mergePages: true });
    expect(text).toContain(`Rättar avräkningsnota ${documentNumberLabel(first!.number)}`);
    expect(text).toContain("BANK-1-RÄTT");
    // The first is never changed.
    const again = await readOrderDocument(db(), { orderId: orderId!, number: first!.number });
    expect(again!.pdf.equals(one!.pdf)).toBe(true);
  });

  it("books the period's payouts in the SIE export: balanced verifications whose totals equal the payouts", async () => {
    const due = await duePayouts(2, [12_345]);
    for (const { orderId } of due) expect((await markPaid(db(), { actorUserId: staffId, orderId, reference: `SIE-${orderId.slice(0, 4)}` })).ok).toBe(true);
    const today = stockholmDay(new Date());
    const text = iconv.decode(encodeSie(await sieExportText(db(), { from: today, to: today })), "cp437");
    const verifications = sieVerifications(text);
    const paid = await db().select({ total: purchase_documents.total_ore, correction: purchase_documents.corrects_id }).from(purchase_documents);
    const expected = paid.filter((row) => row.correction === null).reduce((sum, row) => sum + row.total, 0);
    expect(verifications).toHaveLength(paid.filter((row) => row.correction === null).length);
    for (const verification of verifications) expect(verification.trans.reduce((sum, [, ore]) => sum + ore, 0)).toBe(0);
    const debited = verifications.flatMap((verification) => verification.trans).filter(([account]) => account === "4000");
    expect(debited.reduce((sum, [, ore]) => sum + ore, 0)).toBe(expected);
    expect(text).toContain("Åsa Öberg");
    // A period without payouts has none.
    expect(sieVerifications(iconv.decode(encodeSie(await sieExportText(db(), { from: "2020-01-01", to: "2020-12-31" })), "cp437"))).toEqual([]);
  });

  it("keeps the document, byte for byte and in the SIE export, after the member's account is deleted", async () => {
    const [due] = await duePayouts(1, [31_415]);
    expect((await markPaid(db(), { actorUserId: staffId, orderId: due!.orderId, reference: "KVAR-1" })).ok).toBe(true);
    const [issued] = await db().select().from(purchase_documents).where(eq(purchase_documents.order_id, due!.orderId));
    await db().delete(user).where(eq(user.id, due!.userId));
    const [kept] = await db().select().from(purchase_documents).where(eq(purchase_documents.id, issued!.id));
    expect(kept).toMatchObject({ number: issued!.number, user_id: null, order_id: null });
    expect(Buffer.from(kept!.pdf).equals(Buffer.from(issued!.pdf))).toBe(true);
    const today = stockholmDay(new Date());
    const text = iconv.decode(encodeSie(await sieExportText(db(), { from: today, to: today })), "cp437");
    expect(text).toContain("KVAR-1");
  });

  it("lists the paid sale in the member's yearly statement, as PDF and CSV with the tax line", async () => {
    const due = await duePayouts(2, [20_000]);
    const { userId, orderId } = due[0]!;
    const unpaid = due[1]!;
    const paid = await markPaid(db(), { actorUserId: staffId, orderId, reference: "ÅR-1" });
    if (!paid.ok) throw new Error(paid.message);
    const year = Number(stockholmDay(paid.value.paidAt!).slice(0, 4));
    expect(await statementYears(db(), userId)).toEqual([{ year, count: 1, totalOre: paid.value.totalOre }]);
    expect(await statementYears(db(), unpaid.userId)).toEqual([]);
    const statement = await yearlyStatement(db(), userId, year);
    expect(statement.sales.map((sale) => sale.orderId)).toEqual([orderId]);
    expect(statement.totalOre).toBe(paid.value.totalOre);
    expect((await yearlyStatement(db(), userId, year - 1)).sales).toEqual([]);
    const csv = statementCsv(statement);
    const kronor = (paid.value.totalOre / 100).toFixed(2).replace(".", ",");
    expect(csv).toContain(stockholmDay(paid.value.paidAt!));
    expect(csv).toContain(kronor);
    expect(csv).toContain(SKATTEVERKET_OTHER_ASSETS_URL);
    const { text } = await extractText(new Uint8Array(await statementPdf(statement, { name: "Åsa Öberg" })), { mergePages: true });
    expect(text).toContain(`Årsbesked ${year}`);
    expect(text.replace(/\s+/g, " ")).toContain(formatSek(paid.value.totalOre).replace(/\s+/g, " "));
    expect(text).toContain("kan vara skattepliktig");
  });

  it.runIf(process.env.DATABASE_URL)("numbers 50 concurrent payouts (and their repeated clicks) from one gapless series", async () => {
    const due = await duePayouts(50, [10_000]);
    const results = await Promise.all(
      due.flatMap(({ orderId }) => [
        markPaid(db(), { actorUserId: staffId, orderId, reference: `R-${orderId.slice(0, 8)}` }),
        markPaid(db(), { actorUserId: staffId, orderId, reference: `R2-${orderId.slice(0, 8)}` }),
      ]),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(50);
    const rows = await db()
      .select({ number: purchase_documents.number })
      .from(purchase_documents)
      .where(inArray(purchase_documents.order_id, due.map((entry) => entry.orderId)));
    const numbers = rows.map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toHaveLength(50);
    const all = (await db().select({ number: purchase_documents.number }).from(purchase_documents)).map((row) => row.number).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  }, 300_000);
});
