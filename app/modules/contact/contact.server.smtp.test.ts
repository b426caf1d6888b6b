import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contact_messages, mail_queue } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";
import { contactSchema } from "./contact";
import { submitContactMessage } from "./contact.server";

let database: TestDatabase;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Read by the config module on first use in this file.
  process.env.SMTP_URL = smtp.url;
  process.env.SUPPORT_EMAIL = "kundtjanst@example.se";
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close().catch(() => {});
});

const input = contactSchema.parse({
  name: "Sara Ek",
  email: "sara@example.se",
  subject: "Trade Protection",
  message: "Hur länge dröjer utbetalningen?",
});

describe("submitContactMessage over SMTP", () => {
  it("delivers the message to support with reply-to set to the sender", async () => {
    const result = await submitContactMessage(database.db, input, { ip: "203.0.113.10" });
    expect(result).toMatchObject({ status: "sent", mailed: true });
    const mail = await smtp.waitFor((m) => m.to.includes("kundtjanst@example.se"));
    expect(mail.raw).toMatch(/^Reply-To: sara@example\.se/im);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Kontaktformulär: Trade Protection");
    expect(body).toContain("Hur länge dröjer utbetalningen?");
  });

  it("keeps the stored message when the mail server is unreachable", async () => {
    await smtp.close();
    const result = await submitContactMessage(
      database.db,
      { ...input, subject: "Skickas när servern är nere" },
      { ip: "203.0.113.11" },
    );
    expect(result).toMatchObject({ status: "sent", mailed: false });
    const subjects = (await database.db.select().from(contact_messages)).map((row) => row.subject);
    expect(subjects).toContain("Skickas när servern är nere");
    // Its mail is not lost: it waits in the queue for the mail-queue job, with the reason.
    const [queued] = await database.db.select().from(mail_queue).where(eq(mail_queue.subject, "Kontaktformulär: Skickas när servern är nere"));
    expect(queued).toMatchObject({ status: "pending", attempts: 1, to_address: "kundtjanst@example.se" });
    expect(queued!.last_error).toBeTruthy();
  });
});
