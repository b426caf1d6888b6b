/**
 * Mail a committed purchase owes survives the server being killed (docs/decisions/034-mail-queue.md).
 * The production server mails a real SMTP server on loopback that takes a while to accept each
 * message; members fire concurrent point-shop purchases and the server is SIGKILLed while some are
 * committed and waiting on SMTP, some are in flight and some not yet started. A second server on the
 * same database must then deliver every committed order's confirmation (at least once; a second copy
 * carries the same Message-ID), and nothing for a purchase that never committed.
 *
 * The same for payouts: staff mark many due sell orders paid at once (each a transaction that also
 * records the sale, its points and XP) and the server is killed amid them; every order that ended
 * paid must have its "Utbetald" mail delivered after the restart.
 *
 * Two processes need a database they can share, so this runs on PostgreSQL only (CI's PostgreSQL
 * stage); without DATABASE_URL it is skipped.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { grantRole } from "~/modules/accounts/roles.server";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createPayoutKeyring } from "~/modules/selling/payout-encryption.server";
import { runSellOrderJob } from "~/modules/selling/sell-order-job.server";
import { createQuote, createSeller } from "~/modules/selling/sell-order-fixtures";
import { acceptQuote, setTradeOffer } from "~/modules/selling/sell-orders.server";
import { steamTradeApi } from "~/modules/selling/steam-trade-offers.server";
import { openPostgres, type Database } from "~/platform/db/client.server";
import { account, mail_queue, point_shop_items, point_shop_orders, sell_orders, user } from "~/platform/db/schema";
import { JOB_RUNNER, MAIL_QUEUE } from "~/platform/platform-constants";
import {
  decodeQuotedPrintable,
  messageIdOf,
  startTestSmtpServer,
  subjectOf,
  type ReceivedMail,
  type TestSmtpServer,
} from "~/platform/mail/test-smtp-server";
import { FakeSteamWebApi } from "./fakes/steam-web-api";
import { startTestServer, type TestServer } from "./test-server";
import { formBody, MEMBER_PASSWORD, signInCookie } from "./test-members";

const onPostgres = Boolean(process.env.DATABASE_URL);
const MEMBERS = 5;
/** The shop's per-member limit (SHOP_PURCHASE_RATE_LIMIT) allows ten in ten minutes. */
const PURCHASES_PER_MEMBER = 10;
const ITEM = { id: randomUUID(), name: "Kraschtestmugg", point_cost: 100 };
const SUBJECT = `Orderbekräftelse: ${ITEM.name}`;
/** Sell orders due for payout, each its own seller (one open order per seller). */
const PAYOUTS = 12;

let smtp: TestSmtpServer | undefined;
let first: TestServer | undefined;
let second: TestServer | undefined;
let reader: Database | undefined;
let steam: FakeSteamWebApi | undefined;

/** Stops what a scenario started (the owner of the shared database last: it drops it). */
async function stopAll(): Promise<void> {
  await reader?.close();
  await second?.stop("SIGKILL");
  await first?.stop("SIGKILL");
  await smtp?.close();
  await steam?.stop();
  reader = second = first = smtp = steam = undefined;
}

afterAll(stopAll);

/** Fires every request at once and SIGKILLs the server as soon as `killWhen` holds. */
async function killAmid(server: TestServer, requests: Array<() => Promise<Response>>, killWhen: (answered: number) => boolean) {
  let answered = 0;
  const pending = requests.map((request) =>
    request().then(async (response) => {
      await response.text();
      answered += 1;
      return response.status;
    }),
  );
  // Polled often: the moment lasts about one SMTP delay.
  const deadline = Date.now() + 60_000;
  while (!killWhen(answered)) {
    if (Date.now() > deadline) throw new Error("the moment to kill the server never came");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  server.process.kill("SIGKILL");
  const outcomes = await Promise.allSettled(pending);
  // The pause was for the kill; the restarted server's sends need not wait for it.
  await new Promise((resolve) => setTimeout(resolve, smtp!.delayMs + 200));
  smtp!.delayMs = 0;
  return outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value === 200).length;
}

/** Waits until every id has a mail in the sink that names it; returns the mails by Message-ID. */
async function awaitMailFor(ids: Set<string>, subject: (s: string | null) => boolean) {
  const mails = () => smtp!.messages.filter((mail) => subject(subjectOf(mail.raw)));
  // A row the killed server had claimed waits out its lease, then the next tick sends it.
  await until(
    () => {
      const named = new Set(mails().map((mail) => orderIdIn(mail, ids)));
      return [...ids].every((id) => named.has(id));
    },
    MAIL_QUEUE.leaseMs + 2 * JOB_RUNNER.tickMs + 30_000,
    "every committed change's mail",
  );
  const byMessageId = new Map<string, Set<string | undefined>>();
  for (const mail of mails()) {
    const messageId = messageIdOf(mail.raw);
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);
    byMessageId.set(messageId!, (byMessageId.get(messageId!) ?? new Set()).add(orderIdIn(mail, ids)));
  }
  return byMessageId;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The order id a confirmation names ("Ordernummer …"). */
function orderIdIn(mail: ReceivedMail, orderIds: Set<string>): string | undefined {
  const body = decodeQuotedPrintable(mail.raw);
  return [...orderIds].find((id) => body.includes(id));
}

describe.skipIf(!onPostgres)("mail owed by committed purchases when the server is killed", () => {
  it("reaches the SMTP server for every committed order after a restart, and for no other", async () => {
    smtp = await startTestSmtpServer();
    // Each mail is accepted only after a pause, so the kill finds purchases committed but not mailed.
    smtp.delayMs = 1_000;
    const emails = Array.from({ length: MEMBERS }, (_, i) => `krasch-${i}-${randomUUID().slice(0, 8)}@example.se`);
    const passwordHash = await hashPassword(MEMBER_PASSWORD);
    first = await startTestServer(
      { SMTP_URL: smtp.url },
      {
        prepare: async (database) => {
          const db = database.db;
          await db.insert(point_shop_items).values({
            ...ITEM,
            description: "Köps under ett kraschtest.",
            category: "other",
            is_active: true,
            stock_quantity: null,
            min_level: null,
          });
          for (const email of emails) {
            const userId = await createMember(db, { email, points: ITEM.point_cost * PURCHASES_PER_MEMBER });
            await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
            await db.insert(account).values({ accountId: userId, providerId: "credential", userId, password: passwordHash });
          }
        },
      },
    );
    const server = first;
    const cookies = await Promise.all(emails.map((email) => signInCookie(server.url, email)));

    const confirmed = await killAmid(
      server,
      cookies.flatMap((cookie) =>
        Array.from({ length: PURCHASES_PER_MEMBER }, () => () =>
          fetch(`${server.url}/point-shop`, {
            method: "POST",
            headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie },
            body: formBody({ itemId: ITEM.id }),
            redirect: "manual",
          }),
        ),
      ),
      // The first confirmation is at the SMTP server: other purchases are committed or still running.
      () => smtp!.receiving > 0,
    );
    const mailedBeforeKill = smtp.messages.length;

    reader = openPostgres(server.databaseUrl!);
    const db = reader.db;
    const orders = await db.select({ id: point_shop_orders.id }).from(point_shop_orders).where(eq(point_shop_orders.item_id, ITEM.id));
    const orderIds = new Set(orders.map((order) => order.id));
    // Every answered purchase committed; the kill also caught committed ones whose mail had not gone out.
    expect(orderIds.size).toBeGreaterThanOrEqual(confirmed);
    expect(mailedBeforeKill).toBeLessThan(orderIds.size);
    // One queued mail per committed order, none for a purchase that rolled back or never ran.
    const queued = await db.select().from(mail_queue).where(eq(mail_queue.subject, SUBJECT));
    expect(queued).toHaveLength(orderIds.size);

    second = await startTestServer({ SMTP_URL: smtp.url }, { shareDatabaseWith: server });
    const byMessageId = await awaitMailFor(orderIds, (subject) => subject === SUBJECT);
    // One Message-ID per order, naming a committed order: a copy sent again after the crash is the same message.
    expect(byMessageId.size).toBe(orderIds.size);
    for (const ids of byMessageId.values()) expect([...ids].every((id) => id !== undefined) && ids.size === 1).toBe(true);
    expect(new Set(queued.map((row) => row.message_id))).toEqual(new Set(byMessageId.keys()));
    await until(
      async () => (await db.select().from(mail_queue).where(eq(mail_queue.status, "sent"))).length === orderIds.size,
      10_000,
      "every queued row to be marked sent",
    );
  }, 300_000);

  it("reaches the SMTP server for every payout marked paid after a restart, and for no other order", async () => {
    await stopAll();
    smtp = await startTestSmtpServer();
    smtp.delayMs = 1_000;
    steam = await new FakeSteamWebApi().start();
    const fake = steam;
    const payoutKey = randomBytes(32).toString("base64");
    const keyring = createPayoutKeyring(payoutKey);
    const adminEmail = `utbetalare-${randomUUID().slice(0, 8)}@example.se`;
    const passwordHash = await hashPassword(MEMBER_PASSWORD);
    const orderIds: string[] = [];
    let offer = 8_100_000_000;
    first = await startTestServer(
      { SMTP_URL: smtp.url, PAYOUT_DETAILS_KEY: payoutKey },
      {
        prepare: async (database) => {
          const db = database.db;
          const adminId = await createMember(db, { email: adminEmail });
          await db.update(user).set({ emailVerified: true }).where(eq(user.id, adminId));
          await db.insert(account).values({ accountId: adminId, providerId: "credential", userId: adminId, password: passwordHash });
          await grantRole(adminId, "admin", db);
          const steamOptions = { apiUrl: fake.url, apiKey: fake.apiKey };
          // Due sell orders, each through the real flow: accepted, offer sent and accepted in Steam
          // nine days ago, protected, then scheduled for payout (their mails go to this process's outbox).
          for (let i = 0; i < PAYOUTS; i++) {
            const userId = await createSeller(db, keyring);
            const accepted = await acceptQuote(db, { userId, quoteId: await createQuote(db, userId, { prices: [10_000] }) }, { steam: steamOptions });
            if (!accepted.ok) throw new Error(accepted.message);
            const offerId = String(offer++);
            const tradeId = String(offer++);
            const sent = await setTradeOffer(db, { actorUserId: adminId, orderId: accepted.value.id, tradeOfferId: offerId });
            if (!sent.ok) throw new Error(sent.message);
            const acceptedAt = Math.floor((Date.now() - 9 * 24 * 60 * 60_000) / 1000);
            fake.setOffer(offerId, { state: 3, tradeid: tradeId, time_updated: acceptedAt });
            fake.setTrade(tradeId, 3, { time_init: acceptedAt });
            orderIds.push(accepted.value.id);
          }
          await runSellOrderJob(db, new Date(), steamTradeApi(steamOptions));
          await runSellOrderJob(db, new Date(), steamTradeApi(steamOptions));
          const due = await db.select({ id: sell_orders.id }).from(sell_orders).where(eq(sell_orders.status, "payout_scheduled"));
          if (due.length !== PAYOUTS) throw new Error(`${due.length} of ${PAYOUTS} orders are due for payout`);
        },
      },
    );
    const server = first;
    const cookie = await signInCookie(server.url, adminEmail);
    const confirmed = await killAmid(
      server,
      orderIds.map((orderId, i) => () =>
        fetch(`${server.url}/admin/transactions/utbetalningar`, {
          method: "POST",
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie },
          body: formBody({ intent: "mark-paid", orderId, reference: `KRASCH-${i}` }),
          redirect: "manual",
        }),
      ),
      // The first payout's mail is at the SMTP server: others are committed or still running.
      () => smtp!.receiving > 0,
    );
    const mailedBeforeKill = smtp.messages.length;

    reader = openPostgres(server.databaseUrl!);
    const db = reader.db;
    const paid = new Set(
      (await db.select({ id: sell_orders.id }).from(sell_orders).where(eq(sell_orders.status, "paid"))).map((row) => row.id),
    );
    expect(paid.size).toBeGreaterThanOrEqual(confirmed);
    expect(mailedBeforeKill).toBeLessThan(paid.size);
    // "Din säljorder: Utbetald 100 kr via Swish, referens …"
    const paidSubject = "Din säljorder: Utbetald ";
    const isPaidMail = (subject: string | null) => subject?.startsWith(paidSubject) ?? false;
    const queued = await db.select().from(mail_queue).where(like(mail_queue.subject, `${paidSubject}%`));
    expect(queued).toHaveLength(paid.size);

    second = await startTestServer({ SMTP_URL: smtp.url, PAYOUT_DETAILS_KEY: payoutKey }, { shareDatabaseWith: server });
    const byMessageId = await awaitMailFor(paid, isPaidMail);
    // Only the paid orders were mailed, once per Message-ID and order.
    expect(smtp.messages.every((mail) => isPaidMail(subjectOf(mail.raw)))).toBe(true);
    expect(byMessageId.size).toBe(paid.size);
    for (const ids of byMessageId.values()) expect([...ids].every((id) => id !== undefined) && ids.size === 1).toBe(true);
    expect(new Set(queued.map((row) => row.message_id))).toEqual(new Set(byMessageId.keys()));
  }, 300_000);
});
