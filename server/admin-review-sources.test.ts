/**
 * The review sources form through the production build (docs/decisions/055-site-figures.md):
 * admins only (a member and the seo role are refused), hostile input refused in Swedish with
 * nothing changed, https-only source links, an audit row per change, one change per form token,
 * and the public pages showing each source with its link — or no rating at all when none is set.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_SOURCE_MESSAGES } from "~/modules/marketing/review-source-schema";
import { FORM_TOKEN_MESSAGES } from "~/platform/form-tokens/form-tokens.server";
import { queryRows } from "~/platform/db/client.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, makeStaff, type TestMember } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let seo: TestMember;
let member: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer({ HTML_CACHE_MB: "0" });
  admin = await createMember(server, "reviews.admin@example.se");
  await makeStaff(server, admin, "admin");
  seo = await createMember(server, "reviews.seo@example.se");
  await makeStaff(server, seo, "seo");
  member = await createMember(server, "reviews.member@example.se");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(who: TestMember, fields: Record<string, string>) {
  return fetch(`${server.url}/admin/seo/omdomen`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

const trustpilot = { intent: "save", platform: "Trustpilot", rating: "4,8", count: "2 847", url: "https://se.trustpilot.com/review/skinhamnen.se" };

async function state(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db(),
    sql`SELECT coalesce((SELECT string_agg(platform || rating_tenths || review_count || url, '|' ORDER BY platform) FROM review_sources), '')
               || '#' || (SELECT count(*) FROM audit_log WHERE entity_type = 'review_source')::text AS digest`,
  );
  return row!.digest;
}

/** Text as a reader sees it: React's text separators gone, entities and no-break spaces plain. */
const readable = (html: string) =>
  html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/\u00a0|\u202f|&nbsp;/g, " ");
const page = async (path: string) => readable(await (await fetch(`${server.url}${path}`)).text());

describe("review sources (admin only)", () => {
  it("shows no rating or review count on the public pages while none is configured", async () => {
    for (const path of ["/", "/omdomen", "/om-oss"]) {
      const html = await page(path);
      expect(html, path).not.toContain("Källa:");
      expect(html, path).not.toContain('data-testid="review-sources"');
      expect(html, path).not.toMatch(/snittbetyg \d/i);
    }
  });

  it("refuses a member and the seo role, and the page itself to both", async () => {
    const before = await state();
    for (const who of [member, seo]) {
      expect((await post(who, { ...trustpilot, formToken: crypto.randomUUID() })).status).toBe(403);
      expect((await fetch(`${server.url}/admin/seo/omdomen`, { headers: { cookie: who.cookie } })).status).toBe(403);
    }
    expect(await state()).toBe(before);
  });

  it("refuses hostile and wrong input in Swedish and changes nothing", async () => {
    const before = await state();
    const cases: Array<[Record<string, string>, string]> = [
      [{ url: "http://se.trustpilot.com/review/skinhamnen.se" }, REVIEW_SOURCE_MESSAGES.url],
      [{ url: "javascript:alert(1)" }, REVIEW_SOURCE_MESSAGES.url],
      [{ url: "https://exempel.se/<script>" }, REVIEW_SOURCE_MESSAGES.url],
      [{ url: "https://" }, REVIEW_SOURCE_MESSAGES.url],
      [{ rating: "5,1" }, REVIEW_SOURCE_MESSAGES.rating],
      [{ rating: "0,9" }, REVIEW_SOURCE_MESSAGES.rating],
      [{ rating: "4,85" }, REVIEW_SOURCE_MESSAGES.rating],
      [{ rating: "NaN" }, REVIEW_SOURCE_MESSAGES.rating],
      [{ count: "-1" }, REVIEW_SOURCE_MESSAGES.count],
      [{ count: "1e9" }, REVIEW_SOURCE_MESSAGES.count],
      [{ platform: "Facebook" }, REVIEW_SOURCE_MESSAGES.platform],
    ];
    for (const [change, message] of cases) {
      const response = await post(admin, { ...trustpilot, ...change, formToken: crypto.randomUUID() });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(readable(await response.text()), JSON.stringify(change)).toContain(readable(message));
    }
    const withoutToken = await post(admin, trustpilot);
    expect(readable(await withoutToken.text())).toContain(FORM_TOKEN_MESSAGES.missing);
    expect(await state()).toBe(before);
  });

  it("saves a source once per form token, audited, and the public pages show it with its link", async () => {
    const formToken = crypto.randomUUID();
    const [first, second] = await Promise.all([post(admin, { ...trustpilot, formToken }), post(admin, { ...trustpilot, formToken })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = await queryRows<{ rating_tenths: number; review_count: number; url: string }>(db(), sql`SELECT rating_tenths, review_count, url FROM review_sources`);
    expect(rows).toEqual([{ rating_tenths: 48, review_count: 2847, url: trustpilot.url }]);
    const audit = await queryRows<{ action: string; actor: string }>(
      db(),
      sql`SELECT action, actor_user_id::text AS actor FROM audit_log WHERE entity_type = 'review_source'`,
    );
    expect(audit).toEqual([{ action: "review_source.save", actor: admin.userId }]);

    await post(admin, { intent: "save", platform: "Google", rating: "4.2", count: "1000", url: "https://g.page/r/skinhamnen/review", formToken: crypto.randomUUID() });
    for (const path of ["/", "/omdomen", "/om-oss"]) {
      const html = await page(path);
      expect(html, path).toContain("Källa: Trustpilot");
      expect(html, path).toContain(`href="${trustpilot.url}"`);
      expect(html, path).toContain("Källa: Google");
      // (4,8·2 847 + 4,2·1 000) / 3 847 = 4,64… → 4,6 of 3 847 reviews.
      expect(html, path).toContain("3 847");
      expect(html, path).toMatch(/>4,6</);
    }
  });

  it("removes a source, audited; the pages stop showing it", async () => {
    const response = await post(admin, { intent: "remove", platform: "Google", formToken: crypto.randomUUID() });
    expect(response.status).toBe(200);
    const html = await page("/omdomen");
    expect(html).not.toContain("Källa: Google");
    expect(html).toContain("Källa: Trustpilot");
    const actions = await queryRows<{ action: string }>(db(), sql`SELECT action FROM audit_log WHERE entity_type = 'review_source' ORDER BY created_at`);
    expect(actions.map((row) => row.action)).toEqual(["review_source.save", "review_source.save", "review_source.remove"]);
  });
});
