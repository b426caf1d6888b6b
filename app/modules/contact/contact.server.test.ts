import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT } from "~/modules/contact/contact-constants";
import { contact_messages, email_outbox } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { contactSchema } from "./contact";
import { submitContactMessage } from "./contact.server";

let database: TestDatabase;
beforeAll(async () => {
  // No SMTP_URL: mail goes to the outbox table, where the test can read it.
  delete process.env.SMTP_URL;
  process.env.SUPPORT_EMAIL = "support@example.se";
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const message = (overrides: Record<string, string> = {}) =>
  contactSchema.parse({
    name: "Erik Lund",
    email: "erik@example.se",
    phone: "070-123 45 67",
    subject: "Min Swish-utbetalning",
    message: "Hej!\nJag sålde en AK-47 igår. <b>När</b> kommer pengarna?",
    ...overrides,
  });

describe("submitContactMessage", () => {
  it("stores the message, then mails it to support with the sender's details", async () => {
    const result = await submitContactMessage(database.db, message(), { ip: "198.51.100.1" });
    expect(result.status).toBe("sent");
    if (result.status !== "sent") return;
    expect(result.mailed).toBe(true);

    const stored = await database.db.select().from(contact_messages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: result.id,
      name: "Erik Lund",
      email: "erik@example.se",
      phone: "0701234567",
      subject: "Min Swish-utbetalning",
      status: "new",
    });

    const mails = await database.db.select().from(email_outbox);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe("support@example.se");
    expect(mail.template).toBe("contactMessage");
    expect(mail.subject).toBe("Kontaktformulär: Min Swish-utbetalning");
    expect(mail.text).toContain("E-post: erik@example.se");
    expect(mail.text).toContain("Telefon: 070-123 45 67");
    // The sender's text is escaped in the HTML body, never rendered as markup.
    expect(mail.html).toContain("&lt;b&gt;När&lt;/b&gt;");
    expect(mail.created_at.getTime()).toBeGreaterThanOrEqual(stored[0]!.created_at.getTime());
  });

  it("answers a filled honeypot as if sent, but stores and mails nothing", async () => {
    const before = {
      messages: (await database.db.select().from(contact_messages)).length,
      mails: (await database.db.select().from(email_outbox)).length,
    };
    const result = await submitContactMessage(
      database.db,
      message({ website: "https://spam.example" }),
      { ip: "198.51.100.2" },
    );
    expect(result.status).toBe("ignored");
    expect(await database.db.select().from(contact_messages)).toHaveLength(before.messages);
    expect(await database.db.select().from(email_outbox)).toHaveLength(before.mails);
  });

  it(`refuses the ${CONTACT.rateLimit.limit + 1}th message from one IP within an hour, storing nothing`, async () => {
    const ip = "198.51.100.3";
    const statuses: string[] = [];
    for (let i = 0; i < CONTACT.rateLimit.limit; i++) {
      statuses.push((await submitContactMessage(database.db, message({ subject: `Fråga ${i}` }), { ip })).status);
    }
    expect(statuses).toEqual(Array(CONTACT.rateLimit.limit).fill("sent"));
    const count = (await database.db.select().from(contact_messages)).length;

    const refused = await submitContactMessage(database.db, message({ subject: "En till" }), { ip });
    expect(refused.status).toBe("rate_limited");
    if (refused.status === "rate_limited") {
      expect(refused.limit.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.limit.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    expect(await database.db.select().from(contact_messages)).toHaveLength(count);

    // Another address is not affected.
    expect((await submitContactMessage(database.db, message(), { ip: "198.51.100.4" })).status).toBe("sent");
  });
});
