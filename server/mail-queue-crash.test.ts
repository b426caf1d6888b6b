/**
 * Mail a committed purchase owes survives the server being killed (docs/decisions/034-mail-queue.md).
 * The production server mails a real SMTP server on loopback that takes a while to accept each
 * message; members fire concurrent point-shop purchases and the server is SIGKILLed while some are
 * committed and waiting on SMTP, some are in flight and some not yet started. A second server on the
 * same database must then deliver every committed order's confirmation (at least once; a second copy
 * carries the same Message-ID), and nothing for a purchase that never committed.
 *
 * Two processes need a database they can share, so this runs on PostgreSQL only (CI's PostgreSQL
 * stage); without DATABASE_URL it is skipped.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { openPostgres, type Database } from "~/platform/db/client.server";
import { account, mail_queue, point_shop_items, point_shop_orders, user } from "~/platform/db/schema";
import { JOB_RUNNER, MAIL_QUEUE } from "~/platform/platform-constants";
import {
  decodeQuotedPrintable,
  messageIdOf,
  startTestSmtpServer,
  subjectOf,
  type ReceivedMail,
  type TestSmtpServer,
} from "~/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "./test-server";
import { formBody, MEMBER_PASSWORD, signInCookie } from "./test-members";

const onPostgres = Boolean(process.env.DATABASE_URL);
const MEMBERS = 5;
/** The shop's per-member limit (SHOP_PURCHASE_RATE_LIMIT) allows ten in ten minutes. */
const PURCHASES_PER_MEMBER = 10;
const ITEM = { id: randomUUID(), name: "Kraschtestmugg", point_cost: 100 };
const SUBJECT = `Orderbekräftelse: ${ITEM.name}`;

let smtp: TestSmtpServer | undefined;
let first: TestServer | undefined;
let second: TestServer | undefined;
let reader: Database | undefined;

afterAll(async () => {
  await reader?.close();
  await second?.stop("SIGKILL");
  // The owner drops the shared database.
  await first?.stop("SIGKILL");
  await smtp?.close();
});

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
    smtp.delayMs = 200;
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

    let answered = 0;
    const purchases = cookies.flatMap((cookie) =>
      Array.from({ length: PURCHASES_PER_MEMBER }, () =>
        fetch(`${server.url}/point-shop`, {
          method: "POST",
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie },
          body: formBody({ itemId: ITEM.id }),
          redirect: "manual",
        }).then(async (response) => {
          await response.text();
          answered += 1;
          return response.status;
        }),
      ),
    );
    await until(() => answered >= 3, 60_000, "the first purchases to be answered");
    server.process.kill("SIGKILL");
    const outcomes = await Promise.allSettled(purchases);
    const confirmed = outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value === 200).length;
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
    const confirmations = () => smtp!.messages.filter((mail) => subjectOf(mail.raw) === SUBJECT);
    const mailedOrders = () => new Set(confirmations().map((mail) => orderIdIn(mail, orderIds)));
    // A row the killed server had claimed waits out its lease, then the next tick sends it.
    await until(
      () => [...orderIds].every((id) => mailedOrders().has(id)),
      MAIL_QUEUE.leaseMs + 2 * JOB_RUNNER.tickMs + 30_000,
      "every committed order's confirmation",
    );

    const byMessageId = new Map<string, Set<string | undefined>>();
    for (const mail of confirmations()) {
      const messageId = messageIdOf(mail.raw);
      expect(messageId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);
      const orderId = orderIdIn(mail, orderIds);
      // No confirmation names anything but a committed order.
      expect(orderId).toBeDefined();
      byMessageId.set(messageId!, (byMessageId.get(messageId!) ?? new Set()).add(orderId));
    }
    // One Message-ID per order: a copy sent again after the crash is the same message.
    expect(byMessageId.size).toBe(orderIds.size);
    for (const ids of byMessageId.values()) expect(ids.size).toBe(1);
    expect(new Set(queued.map((row) => row.message_id))).toEqual(new Set(byMessageId.keys()));
    await until(
      async () => (await db.select().from(mail_queue).where(eq(mail_queue.status, "sent"))).length === orderIds.size,
      10_000,
      "every queued row to be marked sent",
    );
  }, 300_000);
});
