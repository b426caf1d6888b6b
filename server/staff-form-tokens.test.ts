/**
 * Every staff form that moves points, XP, money or stock posts a one-time token
 * (docs/decisions/036-staff-form-tokens.md): the same post repeated — a double click, a retried
 * request, ten at once — applies once and each repeat gets the first answer; a post without a
 * token, or with one spent on another form, is refused in Swedish; a refused post leaves its
 * token usable. Races are real on PostgreSQL (DATABASE_URL).
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { points_transactions, point_shop_items, profiles, trades } from "~/platform/db/schema";
import { FORM_TOKEN_MESSAGES } from "~/platform/form-tokens/form-tokens.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "tokens.admin@example.se", { firstName: "Tova", lastName: "Admin" });
  member = await createMember(server, "tokens.medlem@example.se", { firstName: "Malte", lastName: "Medlem" });
  await makeStaff(server, admin, "admin");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

/** Posts as the page's fetcher does. */
function post(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}.data`, {
    method: "POST",
    headers: { origin: server.url, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

/** The token a page renders into its form, or hands its dialog's form in the loader data. */
async function tokenOn(path: string): Promise<string> {
  const html = await (await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie } })).text();
  const token = (/name="formToken" value="([0-9a-f-]{36})"/.exec(html) ?? /\\"formToken\\",\\"([0-9a-f-]{36})\\"/.exec(html))?.[1];
  if (!token) throw new Error(`no form token on ${path}`);
  return token;
}

const points = async () => (await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, member.userId)))[0]!.points;
const ledgerRows = async () => (await db().select({ n: count() }).from(points_transactions).where(eq(points_transactions.user_id, member.userId)))[0]!.n;

describe("a member's points adjustment", () => {
  it("applies once when the same form is posted ten times at once, and every post gets the first answer", async () => {
    const memberPage = `/admin/users/${member.userId}`;
    const token = await tokenOn(memberPage);
    expect(await tokenOn(memberPage)).not.toBe(token);
    const fields = { intent: "adjust", formToken: token, currency: "points", direction: "credit", amount: "100", reason: "Kompensation" };
    const before = await points();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(memberPage, fields)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain("Saldot är justerat");
    expect(await points()).toBe(before + 100);
    expect(await ledgerRows()).toBe(1);

    // The page's next render is a new form: the next deliberate adjustment applies.
    const next = await post(memberPage, { ...fields, formToken: await tokenOn(memberPage) });
    expect(next.status).toBe(200);
    expect(await points()).toBe(before + 200);
  });

  it("leaves a refused post's token usable, and refuses a post without a token or with another form's", async () => {
    const memberPage = `/admin/users/${member.userId}`;
    const token = await tokenOn(memberPage);
    const before = await points();
    const refused = await post(memberPage, { intent: "adjust", formToken: token, currency: "points", direction: "debit", amount: "999999", reason: "För mycket" });
    expect(refused.status).toBe(409);
    const corrected = await post(memberPage, { intent: "adjust", formToken: token, currency: "points", direction: "debit", amount: "50", reason: "Rättelse" });
    expect(corrected.status).toBe(200);
    expect(await points()).toBe(before - 50);

    const missing = await post(memberPage, { intent: "adjust", currency: "points", direction: "credit", amount: "5", reason: "Utan kod" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(FORM_TOKEN_MESSAGES.missing);

    const spentElsewhere = await tokenOn("/admin/transactions");
    const trade = await post("/admin/transactions", recordFields(spentElsewhere));
    expect(trade.status).toBe(200);
    const mixed = await post(memberPage, { intent: "adjust", formToken: spentElsewhere, currency: "points", direction: "credit", amount: "5", reason: "Fel formulär" });
    expect(mixed.status).toBe(400);
    expect(await mixed.text()).toContain(FORM_TOKEN_MESSAGES.otherAction);
    expect(await points()).toBe(before - 50);
  });
});

function recordFields(formToken: string) {
  return {
    intent: "record",
    formToken,
    memberId: member.userId,
    type: "sale",
    payoutMethod: "swish",
    items: JSON.stringify([{ skinName: "AK-47 | Redline", wear: "FT", price: "250" }]),
  };
}

describe("recording a trade", () => {
  it("records one trade for a form posted twice, both answers naming it", async () => {
    const token = await tokenOn("/admin/transactions");
    const before = (await db().select({ n: count() }).from(trades).where(eq(trades.user_id, member.userId)))[0]!.n;
    const [first, second] = await Promise.all([post("/admin/transactions", recordFields(token)), post("/admin/transactions", recordFields(token))]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    const ids = [await first!.text(), await second!.text()].map((body) => /"tradeId","([0-9a-f-]{36})"/.exec(body)?.[1]);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    expect((await db().select({ n: count() }).from(trades).where(eq(trades.user_id, member.userId)))[0]!.n).toBe(before + 1);
  });
});

describe("creating a point-shop reward", () => {
  it("creates one reward with its stock for a form posted twice", async () => {
    const token = await tokenOn("/admin/point-shop/items/new");
    const fields = { formToken: token, name: "Musmatta", pointCost: "300", category: "gaming", stockQuantity: "7", isActive: "on" };
    const answers = await Promise.all([post("/admin/point-shop/items/new", fields), post("/admin/point-shop/items/new", fields)]);
    expect(answers.map((answer) => answer.status).every((status) => status < 400)).toBe(true);
    const rows = await db().select().from(point_shop_items).where(eq(point_shop_items.name, "Musmatta"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stock_quantity: 7 });
  });
});
