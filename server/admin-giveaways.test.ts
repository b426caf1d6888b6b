/**
 * Monthly giveaways through the production build: the staff page creates and draws (once),
 * hostile input is a Swedish 4xx, and an eligible member's /profile shows the giveaway.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockholmMonth } from "~/lib/stockholm-time";
import { creditXp } from "~/modules/loyalty/ledger.server";
import { audit_log, email_outbox, giveaways } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let gold: TestMember;
let silver: TestMember;
const db = () => server.database.db;
const month = stockholmMonth(new Date());

async function giveXp(userId: string, amount: number) {
  await db().transaction((tx) => creditXp(tx, { userId, amount, reason: "Test", idempotencyKey: `test:${crypto.randomUUID()}` }));
}

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "giveaway.admin@example.se");
  gold = await createMember(server, "giveaway.guld@example.se", { firstName: "Guldis" });
  silver = await createMember(server, "giveaway.silver@example.se");
  await makeStaff(server, admin, "admin");
  await giveXp(gold.userId, 150_000);
  await giveXp(silver.userId, 6_000);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(who: TestMember, fields: Record<string, string>) {
  return fetch(`${server.url}/admin/point-shop/giveaways`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

describe("/admin/point-shop/giveaways", () => {
  it("creates a giveaway from the form, draws its winner once, audits and mails it", async () => {
    const created = await post(admin, { intent: "create", title: "Guldgiveaway", prize: "Karambit | Fade", month, "level-gold": "on", "level-platinum": "on" });
    expect(created.status).toBe(200);
    const [row] = await db().select().from(giveaways).where(eq(giveaways.title, "Guldgiveaway"));
    expect(row).toMatchObject({ month, eligible_levels: ["gold", "platinum"], created_by: admin.userId });

    const page = await fetch(`${server.url}/admin/point-shop/giveaways`, { headers: { cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Guldgiveaway");
    expect(html).toContain("Dra vinnare");

    const drawn = await post(admin, { intent: "draw", giveawayId: row!.id });
    expect(drawn.status).toBe(200);
    const [after] = await db().select().from(giveaways).where(eq(giveaways.id, row!.id));
    // The only Gold or Platinum member (staff never take part).
    expect(after).toMatchObject({ winner_user_id: gold.userId, candidate_count: 1, drawn_by: admin.userId });
    expect(after!.seed).toMatch(/^[0-9a-f]{64}$/);
    const audits = await db().select().from(audit_log).where(and(eq(audit_log.entity_id, row!.id), eq(audit_log.action, "giveaway.draw")));
    expect(audits).toHaveLength(1);
    const mails = await db().select().from(email_outbox).where(eq(email_outbox.template, "giveawayWon"));
    expect(mails.map((mail) => mail.to_address)).toContain("giveaway.guld@example.se");

    const again = await post(admin, { intent: "draw", giveawayId: row!.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Vinnaren är redan dragen");

    const listed = await (await fetch(`${server.url}/admin/point-shop/giveaways`, { headers: { cookie: admin.cookie } })).text();
    expect(listed).toContain(after!.seed!);
    expect(listed).toContain("Bland 1 medlem ·");
  });

  it("refuses a draw with nobody eligible with a Swedish 409", async () => {
    const created = await post(admin, { intent: "create", title: "Platinaspecial", prize: "AWP | Dragon Lore", month, eligibleLevels: "platinum" });
    expect(created.status).toBe(200);
    const [row] = await db().select().from(giveaways).where(eq(giveaways.title, "Platinaspecial"));
    const refused = await post(admin, { intent: "draw", giveawayId: row!.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Det finns inga medlemmar på de valda nivåerna");
  });

  it("answers hostile input with a Swedish 400 (or 404), never a 5xx", async () => {
    const cases: Record<string, string>[] = [
      { intent: "create", title: "", prize: "X", month, "level-gold": "on" },
      { intent: "create", title: "X", prize: "", month, "level-gold": "on" },
      { intent: "create", title: "X", prize: "Y", month },
      { intent: "create", title: "X", prize: "Y", month: "2026-13", "level-gold": "on" },
      { intent: "create", title: "X", prize: "Y", month: "'; DROP TABLE giveaways; --", "level-gold": "on" },
      { intent: "create", title: "X", prize: "Y", month, eligibleLevels: "diamond" },
      { intent: "create", title: "X\u0000", prize: "Y", month, "level-gold": "on" },
      { intent: "create", title: "x".repeat(500), prize: "Y", month, "level-gold": "on" },
      { intent: "draw", giveawayId: "1 OR 1=1" },
      { intent: "draw" },
      { intent: "nuke" },
      {},
    ];
    for (const fields of cases) {
      const response = await post(admin, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toMatch(/Ange|Välj|högst|tecken|Ogiltig|Fältet|Felaktig|förfrågan/);
    }
    const unknown = await post(admin, { intent: "draw", giveawayId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Giveawayen finns inte.");
    const json = await fetch(`${server.url}/admin/point-shop/giveaways`, {
      method: "POST",
      headers: { origin: server.url, cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ intent: "create", title: ["a"], prize: { x: 1 }, month: 202611, eligibleLevels: [1, 2] }),
    });
    expect(json.status).toBe(400);
    expect((await post(gold, { intent: "draw", giveawayId: crypto.randomUUID() })).status).toBe(403);
    const pageParam = await fetch(`${server.url}/admin/point-shop/giveaways?page=-3`, { headers: { cookie: admin.cookie } });
    expect(pageParam.status).toBe(200);
  });

  it("links from the Point Shop tab", async () => {
    const html = await (await fetch(`${server.url}/admin/point-shop`, { headers: { cookie: admin.cookie } })).text();
    expect(html).toContain('href="/admin/point-shop/giveaways"');
  });
});

describe("/profile", () => {
  it("shows a Gold member this month's Gold giveaways and that they won; a Silver member sees none of them", async () => {
    const goldPage = await (await fetch(`${server.url}/profile`, { headers: { cookie: gold.cookie } })).text();
    expect(goldPage).toContain("Månadens giveaways");
    expect(goldPage).toContain("Guldgiveaway");
    expect(goldPage).toContain("Du vann!");
    const silverPage = await (await fetch(`${server.url}/profile`, { headers: { cookie: silver.cookie } })).text();
    expect(silverPage).not.toContain("Guldgiveaway");
    expect(silverPage).not.toContain("Månadens giveaways");
  });
});
