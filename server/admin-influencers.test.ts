/**
 * The Influencers and Analytics tabs through the production build (docs/rules/admin.md#influencers):
 * create, edit and deactivate over HTTP with their audit rows, a taken code as a Swedish 409,
 * hostile bodies as Swedish 4xx that change nothing, an unknown influencer as 404, and the
 * commission CSV through the one CSV path.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { INFLUENCER_MESSAGES } from "~/modules/influencers/influencer-schema";
import { queryRows } from "~/platform/db/client.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "influencer.admin@example.se");
  await makeStaff(server, admin, "admin");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(target: string, body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}${target}`, {
    method: "POST",
    headers: { origin: server.url, cookie: admin.cookie, "content-type": contentType },
    body,
    redirect: "manual",
  });
}

async function snapshot(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db(),
    sql`SELECT md5(coalesce((SELECT string_agg(i::text, '|' ORDER BY i.id) FROM influencers i), '') || (SELECT count(*) FROM audit_log)::text) AS digest`,
  );
  return row!.digest;
}

describe("Influencers over HTTP", () => {
  let influencerId: string;

  it("creates an influencer, leading to its page, with an audit row", async () => {
    // A plain form post (no JavaScript): the answer is the redirect itself.
    const response = await post("/admin/influencers", formBody({ intent: "create", name: "Hugo Höjd", referralCode: "hugo1", contact: "@hugo", commissionPercent: "5" }));
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/influencers\/[0-9a-f-]{36}\?skapad=1$/);
    influencerId = location.split("/")[3]!.split("?")[0]!;
    const [row] = await queryRows<{ referral_code: string; commission_percent: string }>(db(), sql`SELECT referral_code, commission_percent FROM influencers WHERE id = ${influencerId}`);
    expect(row).toEqual({ referral_code: "HUGO1", commission_percent: "5.00" });
    const page = await fetch(`${server.url}${location}`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Hugo Höjd");
  });

  it("answers a taken code with a Swedish 409 and writes nothing", async () => {
    const before = await snapshot();
    const response = await post("/admin/influencers.data", formBody({ intent: "create", name: "Kopia", referralCode: "HUGO1" }));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(INFLUENCER_MESSAGES.codeTaken);
    expect(await snapshot()).toBe(before);
  });

  it("edits and deactivates on the influencer's page, audited", async () => {
    const target = `/admin/influencers/${influencerId}.data`;
    expect((await post(target, formBody({ intent: "update", name: "Hugo H", referralCode: "HUGO2", contact: "", commissionPercent: "7,25" }))).status).toBe(200);
    expect((await post(target, formBody({ intent: "set-status", status: "inactive" }))).status).toBe(200);
    const [row] = await queryRows<{ name: string; referral_code: string; status: string; commission_percent: string }>(
      db(),
      sql`SELECT name, referral_code, status, commission_percent FROM influencers WHERE id = ${influencerId}`,
    );
    expect(row).toEqual({ name: "Hugo H", referral_code: "HUGO2", status: "inactive", commission_percent: "7.25" });
    const actions = await queryRows<{ action: string }>(db(), sql`SELECT action FROM audit_log WHERE entity_id = ${influencerId} ORDER BY created_at, id`);
    expect(actions.map((entry) => entry.action)).toEqual(["influencer.create", "influencer.update", "influencer.deactivate"]);
  });

  it("answers every hostile body with a Swedish 4xx and changes nothing", async () => {
    const form = (fields: Record<string, string>) => formBody(fields).toString();
    const detail = `/admin/influencers/${influencerId}.data`;
    const cases: Array<[string, string, string, string?]> = [
      ["NUL in the name", "/admin/influencers.data", form({ intent: "create", name: "A\u0000", referralCode: "NULL1" })],
      ["a bad code", "/admin/influencers.data", form({ intent: "create", name: "A", referralCode: "ÅÄÖ!" })],
      ["a short code", "/admin/influencers.data", form({ intent: "create", name: "A", referralCode: "AB" })],
      ["a commission above 100", "/admin/influencers.data", form({ intent: "create", name: "A", referralCode: "PROV1", commissionPercent: "150" })],
      ["an oversize contact", "/admin/influencers.data", form({ intent: "create", name: "A", referralCode: "LONG1", contact: "x".repeat(5_000) })],
      ["an unknown intent", "/admin/influencers.data", form({ intent: "drop" })],
      ["no intent", "/admin/influencers.data", form({})],
      ["JSON with wrong types", "/admin/influencers.data", JSON.stringify({ intent: "create", name: ["A"], referralCode: 12345 }), "application/json"],
      ["a JSON array", "/admin/influencers.data", "[1]", "application/json"],
      ["a text body", "/admin/influencers.data", "hej", "text/plain"],
      ["an unknown status", detail, form({ intent: "set-status", status: "deleted" })],
      ["an unknown intent on the page", detail, form({ intent: "delete" })],
      ["NUL on edit", detail, form({ intent: "update", name: "B\u0000", referralCode: "HUGO2" })],
      ["an id that is no uuid", "/admin/influencers/1%20OR%201=1.data", form({ intent: "set-status", status: "inactive" })],
      ["an influencer that does not exist", `/admin/influencers/${crypto.randomUUID()}.data`, form({ intent: "set-status", status: "inactive" })],
      ["oversize body", "/admin/influencers.data", form({ intent: "create", name: "x".repeat(70_000), referralCode: "BIG1" })],
    ];
    const before = await snapshot();
    const failures: string[] = [];
    for (const [label, target, body, type] of cases) {
      const response = await post(target, body, type);
      const text = await response.text();
      if (response.status < 400 || response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      else if (!/[åäöÅÄÖ]|Ogiltig|Ange|Koden|Provisionen|Fältet|finns inte/.test(text)) failures.push(`${label}: no Swedish message in ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("answers an unknown influencer's page and CSV with 404, and streams the commission CSV", async () => {
    for (const target of [`/admin/influencers/${crypto.randomUUID()}`, "/admin/influencers/inte-ett-id", `/admin/influencers/${crypto.randomUUID()}/commission.csv`]) {
      const response = await fetch(`${server.url}${target}`, { headers: { cookie: admin.cookie } });
      await response.arrayBuffer();
      expect(response.status, target).toBe(404);
    }
    const csv = await fetch(`${server.url}/admin/influencers/${influencerId}/commission.csv?manad=2026-13`, { headers: { cookie: admin.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="provision-hugo2-\d{4}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toContain("Månad,Influencer,Kod");
  });

  it("answers the Analytics tab with its figures, whatever the period parameter", async () => {
    for (const query of ["", "?period=7", "?period=abc", "?period=-1&sidor=99999999", "?sidor=1%20OR%201=1"]) {
      const response = await fetch(`${server.url}/admin/analytics${query}`, { headers: { cookie: admin.cookie } });
      expect(response.status, query).toBe(200);
      expect(await response.text()).toContain("Besökare online nu");
    }
  });
});
