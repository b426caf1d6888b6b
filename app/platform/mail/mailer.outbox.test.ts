import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import { sendMail } from "./mailer.server";

let database: TestDatabase;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("mailer without SMTP_URL", () => {
  it("keeps the message in the outbox with Swedish HTML and text bodies", async () => {
    const result = await sendMail(
      { to: "kund@example.se", template: "resetPassword", data: { name: "Anna", url: "http://localhost:3000/auth?mode=reset-password&token=abc" } },
      database.db,
    );
    expect(result.delivery).toBe("outbox");
    const rows = await database.db.select().from(email_outbox);
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail.id).toBe(result.outboxId);
    expect(mail.to_address).toBe("kund@example.se");
    expect(mail.subject).toBe("Återställ ditt lösenord");
    expect(mail.html).toContain('<html lang="sv">');
    expect(mail.html).toContain("Välj nytt lösenord");
    expect(mail.html).toContain("mode=reset-password&amp;token=abc");
    expect(mail.text).toContain("Välj nytt lösenord: http://localhost:3000/auth?mode=reset-password&token=abc");
  });

  it("escapes user-supplied values in the HTML body", async () => {
    await sendMail(
      {
        to: "support@skinhamnen.se",
        template: "contactMessage",
        data: { name: "<script>alert(1)</script>", email: "x@example.se", subject: "Hej", message: "a & b" },
      },
      database.db,
    );
    const rows = await database.db.select().from(email_outbox);
    const mail = rows.find((row) => row.template === "contactMessage")!;
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain("Meddelande: a & b");
  });
});
