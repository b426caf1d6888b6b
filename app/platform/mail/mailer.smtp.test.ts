import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "./test-smtp-server";
import { sendMail } from "./mailer.server";

let database: TestDatabase;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Read by the config module on first use in this file.
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Skinhamnen <no-reply@skinhamnen.se>";
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

describe("mailer with SMTP_URL", () => {
  it("delivers over SMTP and keeps nothing in the outbox", async () => {
    const result = await sendMail(
      { to: "kund@example.se", template: "confirmEmail", data: { name: "Bertil", url: "http://localhost:3000/verify?token=t1" } },
      database.db,
    );
    expect(result.delivery).toBe("smtp");
    const mail = await smtp.waitFor((m) => m.to.includes("kund@example.se"));
    expect(mail.from).toBe("no-reply@skinhamnen.se");
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Bekräfta e-postadress");
    expect(body).toContain("http://localhost:3000/verify?token=t1");
    expect(await database.db.select().from(email_outbox)).toHaveLength(0);
  });
});
