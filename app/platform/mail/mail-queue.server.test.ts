/**
 * The mail queue against a real database and a real SMTP server on loopback (decision 034):
 * a row exists only when its transaction commits, is sent once with the Message-ID fixed when it
 * was queued, backs off while SMTP refuses, ends `failed` for admins, who can queue it again
 * (audited); concurrent senders never send one row twice, and a sender that died after SMTP
 * accepted its mail leaves a second copy with the same Message-ID, never a lost mail.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { audit_log, mail_queue, mail_queue_attachments } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import { MAIL_QUEUE } from "../platform-constants";
import {
  backoffMs,
  deliverQueuedMail,
  enqueueMail,
  listFailedMail,
  retryFailedMail,
  runMailQueue,
  sendQueuedMail,
} from "./mail-queue.server";
import { deliverMail, type OutgoingMail } from "./mailer.server";
import { messageIdOf, startTestSmtpServer, subjectOf, type TestSmtpServer } from "./test-smtp-server";

let database: TestDatabase;
let smtp: TestSmtpServer;
let adminId: string;
const db = () => database.db;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Read by the config module on first use in this file.
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "http://skinhamnen.test";
  database = await createTestDatabase();
  adminId = await createStaff(db(), "admin");
}, 60_000);
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.refuse = null;
  smtp.messages.length = 0;
  await db().delete(mail_queue);
});

const resetMail = (to: string) => ({
  to,
  template: "resetPassword" as const,
  data: { name: "Anna", url: "https://skinhamnen.test/auth?mode=reset-password&token=t" },
});

const queue = (to: string) => db().transaction((tx) => enqueueMail(tx, resetMail(to)));

async function row(id: string) {
  const [found] = await db().select().from(mail_queue).where(eq(mail_queue.id, id));
  return found!;
}

const sentTo = (to: string) => smtp.messages.filter((mail) => mail.to.includes(to));

describe("queueing in the change's transaction", () => {
  it("leaves nothing to send when the transaction rolls back", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, resetMail("aterkallad@example.se"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db().select().from(mail_queue)).toEqual([]);
    expect(await runMailQueue(db())).toMatchObject({ sent: 0 });
    expect(sentTo("aterkallad@example.se")).toEqual([]);
  });

  it("never queues a Steam account's placeholder address", async () => {
    expect(await queue("76561198000000001@steam.skinhamnen.invalid")).toBeNull();
    expect(await db().select().from(mail_queue)).toEqual([]);
  });

  it("sends a committed row once, with the Message-ID fixed when it was queued and its attachment", async () => {
    const id = await db().transaction((tx) =>
      enqueueMail(tx, {
        ...resetMail("kvitto@example.se"),
        attachments: [{ filename: "kvitto.txt", contentType: "text/plain", content: Buffer.from("Kvitto nr 123") }],
      }),
    );
    const queued = await row(id!);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, subject: "Återställ ditt lösenord" });
    expect(queued.message_id).toMatch(/^<[0-9a-f-]{36}@skinhamnen\.test>$/);
    expect(await db().select().from(mail_queue_attachments).where(eq(mail_queue_attachments.mail_id, id!))).toHaveLength(1);

    expect(await deliverQueuedMail(db(), [id])).toBe(true);
    const [mail] = sentTo("kvitto@example.se");
    expect(messageIdOf(mail!.raw)).toBe(queued.message_id);
    expect(subjectOf(mail!.raw)).toBe("Återställ ditt lösenord");
    expect(mail!.raw).toMatch(/filename=kvitto\.txt/);
    expect(mail!.raw).toContain(Buffer.from("Kvitto nr 123").toString("base64"));
    expect(await row(id!)).toMatchObject({ status: "sent", attempts: 1, locked_until: null, last_error: null });
    expect((await row(id!)).sent_at).toBeInstanceOf(Date);

    // Sent is sent: neither the kick nor the job sends it again.
    expect(await deliverQueuedMail(db(), [id])).toBe(false);
    await runMailQueue(db());
    expect(sentTo("kvitto@example.se")).toHaveLength(1);
  });
});

describe("when SMTP refuses", () => {
  it("backs off exponentially, marks the row failed after the last attempt, and an admin's retry sends it (audited)", async () => {
    smtp.refuse = { code: 451, message: "4.3.0 Tillfälligt fel, försök igen" };
    const id = (await queue("studsar@example.se"))!;
    const messageId = (await row(id)).message_id;
    for (let attempt = 1; attempt <= MAIL_QUEUE.maxAttempts; attempt++) {
      const startedAt = Date.now();
      const result = await sendQueuedMail(db(), { ids: [id] });
      const after = await row(id);
      expect(after.attempts).toBe(attempt);
      expect(after.last_error).toContain("451");
      expect(after.locked_until).toBeNull();
      if (attempt < MAIL_QUEUE.maxAttempts) {
        expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
        expect(after.status).toBe("pending");
        const wait = after.next_attempt_at.getTime() - startedAt;
        expect(wait).toBeGreaterThan(backoffMs(attempt) - 5_000);
        expect(wait).toBeLessThan(backoffMs(attempt) + 5_000);
        // Not due yet: a run now leaves it alone.
        expect(await sendQueuedMail(db(), { ids: [id] })).toEqual({ sent: 0, retrying: 0, failed: 0 });
        await db().update(mail_queue).set({ next_attempt_at: sql`now()` }).where(eq(mail_queue.id, id));
      } else {
        expect(result).toEqual({ sent: 0, retrying: 0, failed: 1 });
        expect(after.status).toBe("failed");
      }
    }
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(smtp.refused).toBeGreaterThanOrEqual(MAIL_QUEUE.maxAttempts);
    expect(sentTo("studsar@example.se")).toEqual([]);
    // A failed row is not tried again by the job.
    await runMailQueue(db());
    expect((await row(id)).status).toBe("failed");

    const listed = await listFailedMail(db());
    expect(listed.count).toEqual({ count: 1, capped: false });
    expect(listed.mails[0]).toMatchObject({ id, to: "studsar@example.se", subject: "Återställ ditt lösenord", attempts: MAIL_QUEUE.maxAttempts });

    smtp.refuse = null;
    expect(await retryFailedMail(db(), { actorUserId: adminId, mailId: id })).toEqual({ ok: true });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, message_id: messageId });
    const [mail] = sentTo("studsar@example.se");
    expect(messageIdOf(mail!.raw)).toBe(messageId);
    const audits = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, "mail.retry"), eq(audit_log.entity_id, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_user_id: adminId, entity_type: "mail_queue", before: { status: "failed" } });
    // Only a failed row can be retried; nothing more is audited.
    expect(await retryFailedMail(db(), { actorUserId: adminId, mailId: id })).toEqual({ ok: false, code: "not_found" });
    expect(await retryFailedMail(db(), { actorUserId: adminId, mailId: "inte-ett-id" })).toEqual({ ok: false, code: "not_found" });
    expect(await db().select().from(audit_log).where(eq(audit_log.action, "mail.retry"))).toHaveLength(1);
    expect((await listFailedMail(db())).count).toEqual({ count: 0, capped: false });
  });
});

describe("senders that overlap or die", () => {
  it("never sends one row twice when senders run at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await queue(`samtidig-${i}@example.se`))!);
    const delivered: string[] = [];
    const deliver = async (mail: OutgoingMail) => {
      delivered.push(mail.messageId!);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { delivery: "smtp" as const, messageId: mail.messageId };
    };
    // On PostgreSQL each sender claims through its own pooled connection.
    const results = await Promise.all([1, 2, 3, 4].map(() => sendQueuedMail(db(), { deliver })));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(40);
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
    const statuses = await db().select({ status: mail_queue.status }).from(mail_queue);
    expect(statuses.every((entry) => entry.status === "sent")).toBe(true);
  });

  it("sends a row again, with the same Message-ID, once the lease of a sender that died after SMTP accepted it runs out", async () => {
    const id = (await queue("dubblett@example.se"))!;
    const messageId = (await row(id)).message_id;
    let release!: () => void;
    const frozen = new Promise<void>((resolve) => (release = resolve));
    // Accepted by SMTP, then the sender stops before it records it (as a killed process would).
    const dying = sendQueuedMail(db(), {
      ids: [id],
      deliver: async (mail) => {
        const result = await deliverMail(mail, db());
        await frozen;
        return result;
      },
    });
    await smtp.waitFor((mail) => mail.to.includes("dubblett@example.se"));
    // The lease keeps it from everyone else meanwhile.
    expect(await runMailQueue(db())).toMatchObject({ sent: 0 });
    await db().update(mail_queue).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(mail_queue.id, id));
    expect(await runMailQueue(db())).toMatchObject({ sent: 1 });

    const copies = sentTo("dubblett@example.se");
    expect(copies).toHaveLength(2);
    expect(copies.map((mail) => messageIdOf(mail.raw))).toEqual([messageId, messageId]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
    release();
    expect(await dying).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks failed a row whose sender died on its last attempt, and deletes sent and failed rows after their retention", async () => {
    const dead = (await queue("sista@example.se"))!;
    await db()
      .update(mail_queue)
      .set({ attempts: MAIL_QUEUE.maxAttempts, locked_until: sql`now() - interval '1 second'` })
      .where(eq(mail_queue.id, dead));
    const old = (await queue("gammal@example.se"))!;
    await deliverQueuedMail(db(), [old]);
    await db()
      .update(mail_queue)
      .set({ sent_at: sql`now() - make_interval(days => ${MAIL_QUEUE.keepSentDays + 1})` })
      .where(eq(mail_queue.id, old));
    const recent = (await queue("ny@example.se"))!;
    await deliverQueuedMail(db(), [recent]);
    const givenUp = (await queue("uppgiven@example.se"))!;
    const givenUpRecently = (await queue("nyss.uppgiven@example.se"))!;
    await db()
      .update(mail_queue)
      .set({ status: "failed", updated_at: sql`now() - make_interval(days => ${MAIL_QUEUE.keepFailedDays + 1})` })
      .where(eq(mail_queue.id, givenUp));
    await db().update(mail_queue).set({ status: "failed" }).where(eq(mail_queue.id, givenUpRecently));

    expect(await runMailQueue(db())).toMatchObject({ exhausted: 1, purged: 2, sent: 0 });
    expect(await db().select().from(mail_queue).where(eq(mail_queue.id, givenUp))).toEqual([]);
    expect((await row(givenUpRecently)).status).toBe("failed");
    expect(await row(dead)).toMatchObject({ status: "failed", attempts: MAIL_QUEUE.maxAttempts });
    expect(sentTo("sista@example.se")).toEqual([]);
    expect(await db().select().from(mail_queue).where(eq(mail_queue.id, old))).toEqual([]);
    expect((await row(recent)).status).toBe("sent");
  });
});
