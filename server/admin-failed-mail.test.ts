/**
 * "Misslyckade utskick" through the production build (docs/decisions/034-mail-queue.md): an admin
 * sees the mail the queue gave up on with its last error and queues it again (audited, then sent:
 * here into the outbox, as without SMTP_URL); a blog editor is refused on the server; hostile input
 * is a Swedish 4xx that changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILED_MAIL_MESSAGES } from "~/modules/admin/failed-mail-schema";
import { audit_log, email_outbox, mail_queue } from "~/platform/db/schema";
import { enqueueMail } from "~/platform/mail/mail-queue.server";
import { MAIL_QUEUE } from "~/platform/platform-constants";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let writer: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "utskick.admin@example.se");
  writer = await createMember(server, "utskick.blogg@example.se");
  await makeStaff(server, admin, "admin");
  await makeStaff(server, writer, "blog");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function failedMail(to: string): Promise<string> {
  const id = await db().transaction((tx) =>
    enqueueMail(tx, { to, template: "resetPassword", data: { name: "Anna", url: `${server.url}/auth?mode=reset-password&token=t` } }),
  );
  await db()
    .update(mail_queue)
    .set({ status: "failed", attempts: MAIL_QUEUE.maxAttempts, last_error: "Message failed: 550 5.1.1 Mottagaren finns inte" })
    .where(eq(mail_queue.id, id!));
  return id!;
}

function post(who: TestMember, fields: Record<string, string>) {
  return fetch(`${server.url}/admin/dashboard/utskick`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

describe("/admin/dashboard/utskick", () => {
  it("lists a failed mail with its error and queues it again on an admin's retry, audited and sent", async () => {
    const id = await failedMail("studsad@example.se");
    const dashboard = await (await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: admin.cookie } })).text();
    expect(dashboard).toContain('href="/admin/dashboard/utskick"');
    const page = await fetch(`${server.url}/admin/dashboard/utskick`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Misslyckade utskick");
    expect(html).toContain("studsad@example.se");
    expect(html).toContain("550 5.1.1 Mottagaren finns inte");
    expect(html).toContain("Försök igen");

    const refused = await post(writer, { intent: "retry-mail", mailId: id });
    expect(refused.status).toBe(403);
    expect((await db().select().from(mail_queue).where(eq(mail_queue.id, id)))[0]!.status).toBe("failed");

    const retried = await post(admin, { intent: "retry-mail", mailId: id });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain(FAILED_MAIL_MESSAGES.retried);
    const [row] = await db().select().from(mail_queue).where(eq(mail_queue.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(await db().select().from(email_outbox).where(eq(email_outbox.to_address, "studsad@example.se"))).toHaveLength(1);
    const audits = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, "mail.retry"), eq(audit_log.entity_id, id)));
    expect(audits).toMatchObject([{ actor_user_id: admin.userId, entity_type: "mail_queue" }]);

    // Retried already: a second post finds nothing failed and audits nothing more.
    const again = await post(admin, { intent: "retry-mail", mailId: id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(FAILED_MAIL_MESSAGES.notFailed);
    expect(await db().select().from(audit_log).where(eq(audit_log.action, "mail.retry"))).toHaveLength(1);
  });

  it("answers hostile input with a Swedish 400 and changes nothing", async () => {
    const id = await failedMail("orord@example.se");
    const hostile: Array<Record<string, string>> = [{ intent: "retry-mail", mailId: "'; DROP TABLE mail_queue; --" }, { intent: "radera", mailId: id }, {}];
    for (const fields of hostile) {
      const response = await post(admin, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/Ogiltig förfrågan|Utskicket saknas eller är ogiltigt/);
    }
    expect((await db().select().from(mail_queue).where(eq(mail_queue.id, id)))[0]!.status).toBe("failed");
  });
});
