/**
 * The Dashboard and LTV Analytics tabs through the production build: the figures the pages
 * show from seeded rows, moving a contact message forward (audited) and hostile input to that
 * action, and the LTV CSV download.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { insertTrade } from "~/modules/insights/insights-fixtures";
import { queryRows } from "~/platform/db/client.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let seller: TestMember;
let messageId: string;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "personal.admin@example.se", { firstName: "Alva", lastName: "Admin" });
  seller = await createMember(server, "saljare@example.se", { firstName: "Sanna", lastName: "Säljare" });
  await makeStaff(server, admin, "admin");
  const now = Date.now();
  await insertTrade(db(), { userId: seller.userId, type: "sale", ore: 123_400, completedAt: new Date(now - 60_000).toISOString() });
  await insertTrade(db(), { userId: seller.userId, type: "purchase", ore: 56_700, completedAt: new Date(now - 120_000).toISOString() });
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`INSERT INTO contact_messages (name, email, subject, message) VALUES ('Kund', 'kund@example.se', 'Fråga om Swish', 'Hej!') RETURNING id`,
  );
  messageId = row!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function get(target: string, cookie = admin.cookie) {
  return fetch(`${server.url}${target}`, { headers: { cookie }, redirect: "manual" });
}

function post(body: string, contentType = "application/x-www-form-urlencoded", cookie = admin.cookie) {
  return fetch(`${server.url}/admin/dashboard.data`, {
    method: "POST",
    headers: { origin: server.url, cookie, "content-type": contentType },
    body,
    redirect: "manual",
  });
}

async function contactState() {
  const [row] = await queryRows<{ status: string; audits: number | string }>(
    db(),
    sql`SELECT status, (SELECT count(*) FROM audit_log WHERE entity_type = 'contact_message') AS audits FROM contact_messages WHERE id = ${messageId}`,
  );
  return { status: row!.status, audits: Number(row!.audits) };
}

describe("the Dashboard tab", () => {
  it("shows the period's volume, the waiting message and the newest trades", async () => {
    const response = await get("/admin/dashboard?period=1");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Nyckeltal");
    expect(html).toContain("1\u00a0234\u00a0kr");
    expect(html).toContain("567\u00a0kr");
    expect(html).toContain("Fråga om Swish");
    expect(html).toContain("Sanna");
    expect(html).toContain('data-testid="volume-chart"');
  });

  it("answers hostile contact-status bodies with a Swedish 4xx and changes nothing", async () => {
    const form = (fields: Record<string, string>) => formBody(fields).toString();
    const bodies: Array<[string, string, string?]> = [
      ["no intent", form({ messageId, status: "read" })],
      ["an unknown intent", form({ intent: "delete", messageId })],
      ["a message id that is no uuid", form({ intent: "contact-status", messageId: "1 OR 1=1", status: "read" })],
      ["a message that does not exist", form({ intent: "contact-status", messageId: crypto.randomUUID(), status: "read" })],
      ["moving back to new", form({ intent: "contact-status", messageId, status: "new" })],
      ["an unknown status", form({ intent: "contact-status", messageId, status: "deleted" })],
      ["NUL in the status", form({ intent: "contact-status", messageId, status: "read\u0000" })],
      // The last of repeated fields counts (formToObject), here one that is refused.
      ["repeated fields", `intent=contact-status&messageId=${messageId}&status=answered&status=new`],
      ["JSON with arrays", JSON.stringify({ intent: "contact-status", messageId: [messageId], status: ["read"] }), "application/json"],
      ["__proto__ keys", `{"__proto__":{"status":"read"},"intent":"contact-status","messageId":"${messageId}"}`, "application/json"],
      ["malformed JSON", '{"intent": ', "application/json"],
      ["a text body", "hej", "text/plain"],
    ];
    const before = await contactState();
    const failures: string[] = [];
    for (const [label, body, type] of bodies) {
      const response = await post(body, type);
      const text = await response.text();
      if (response.status < 400 || response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      else if (!/[åäöÅÄÖ]|Ogiltig|Välj/.test(text)) failures.push(`${label}: no Swedish message in ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await contactState()).toEqual(before);
    for (const query of ["kontakt=%27%3B--&kontaktsida=-5", "period=999", "kontakt[]=new"]) {
      expect((await get(`/admin/dashboard?${query}`)).status, query).toBe(200);
    }
  });

  it("moves a contact message new → read → answered, each audited, and refuses going back", async () => {
    expect(await contactState()).toEqual({ status: "new", audits: 0 });
    expect((await post(formBody({ intent: "contact-status", messageId, status: "read" }).toString())).status).toBe(200);
    expect(await contactState()).toEqual({ status: "read", audits: 1 });
    expect((await post(formBody({ intent: "contact-status", messageId, status: "answered" }).toString())).status).toBe(200);
    expect(await contactState()).toEqual({ status: "answered", audits: 2 });
    const again = await post(formBody({ intent: "contact-status", messageId, status: "read" }).toString());
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("ny → läst → besvarad");
    expect(await contactState()).toEqual({ status: "answered", audits: 2 });
  });
});

describe("the LTV Analytics tab", () => {
  it("ranks members by lifetime value and explains the figures", async () => {
    const html = await (await get("/admin/ltv")).text();
    expect(html).toContain("Topp 50 medlemmar");
    expect(html).toContain("Sanna");
    expect(html).toContain("1\u00a0801\u00a0kr");
    expect(html).toContain("Kohorter per registreringsmånad");
    expect(html).toContain("Värde per nivå");
  });

  it("downloads every trading member as CSV with a BOM", async () => {
    const response = await get("/admin/ltv/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="livstidsvarde-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${seller.userId},Sanna,saljare@example.se,Bronze,1234,567,1801,2,`);
  });
});
