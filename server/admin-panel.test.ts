/**
 * The staff panel through the production build: what refused visitors read, the panel's
 * noindex, the Transactions tab's writes, list, export and member search as staff use them,
 * hostile input to all of it, the secure sign-out, and that no admin code reaches a public
 * page's JavaScript.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM, csvRow } from "~/lib/csv";
import { STAFF_MESSAGES } from "~/modules/accounts/staff-messages";
import { TRADE_CSV_HEADER, TRADE_ERRORS } from "~/modules/trades/trades.server";
import { queryRows } from "~/platform/db/client.server";
import { audit_log, points_transactions, security_events, session, trades } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, signInCookie, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let blogger: TestMember;
let seller: TestMember;
let buyer: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "personal.admin@example.se", { firstName: "Alva", lastName: "Admin" });
  blogger = await createMember(server, "personal.blogg@example.se");
  seller = await createMember(server, "saljare@example.se", { firstName: "Sanna", lastName: "Säljare" });
  buyer = await createMember(server, "kopare@example.se", { firstName: "Kalle", lastName: "Köpare" });
  await makeStaff(server, admin, "admin");
  await makeStaff(server, blogger, "blog");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;

function get(target: string, cookie?: string) {
  return fetch(`${server.url}${target}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

/** Posts to the Transactions tab's action as the page's fetcher does. */
function post(body: BodyInit, cookie: string, contentType = "application/x-www-form-urlencoded", target = "/admin/transactions.data") {
  return fetch(`${server.url}${target}`, {
    method: "POST",
    headers: { origin: server.url, cookie, "content-type": contentType },
    body,
    redirect: "manual",
  });
}

const items = (...list: Array<Record<string, string>>) => JSON.stringify(list);

async function recordSale(cookie = admin.cookie, price = "1249,50") {
  const response = await post(
    formBody({
      intent: "record",
      formToken: crypto.randomUUID(),
      memberId: seller.userId,
      type: "sale",
      items: items({ skinName: "AK-47 | Redline", wear: "FT", float: "0,2", variant: "stattrak", price }),
      payoutMethod: "swish",
      note: "Via chatten",
    }),
    cookie,
  );
  const [row] = await db().select().from(trades).where(eq(trades.user_id, seller.userId)).orderBy(sql`created_at DESC`).limit(1);
  return { response, trade: row };
}

describe("what the panel tells a refused visitor (docs/rules/admin.md#refusals)", () => {
  it("asks a signed-out visitor to sign in, with 'Logga in' leading back to the tab", async () => {
    const response = await get("/admin/transactions");
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(STAFF_MESSAGES.loginRequiredTitle);
    expect(html).toContain(STAFF_MESSAGES.loginRequired);
    expect(html).toContain('href="/auth?redirectTo=%2Fadmin%2Ftransactions"');
    expect(html).toContain(">Logga in<");
  });

  it("refuses a member with both 'Åtkomst nekad' sentences", async () => {
    const response = await get("/admin", seller.cookie);
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain(STAFF_MESSAGES.accessDeniedTitle);
    expect(html).toContain(STAFF_MESSAGES.accessDenied);
    expect(html).toContain(STAFF_MESSAGES.contactAdmin);
  });

  it("shows the blog role its own tab beside the refusal of another, and never the admin tabs", async () => {
    const response = await get("/admin/transactions", blogger.cookie);
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain(STAFF_MESSAGES.contactAdmin);
    expect(html).toContain('href="/admin/blog"');
    expect(html).not.toContain('href="/admin/dashboard"');
    expect(html).toContain("Welcome back");
  });
});

describe("the panel is kept out of search engines", () => {
  it("answers every panel page, refusals included, with noindex in the header and the page", async () => {
    for (const [target, cookie, status] of [
      ["/admin/analytics", admin.cookie, 200],
      ["/admin/analytics", blogger.cookie, 403],
      ["/admin/blog", undefined, 401],
    ] as const) {
      const response = await get(target, cookie);
      expect(response.status, target).toBe(status);
      expect(response.headers.get("x-robots-tag"), target).toBe("noindex, nofollow");
      expect(await response.text(), target).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it("greets the staff member on every tab, the SEO Dashboard among them", async () => {
    const html = await (await get("/admin/seo", admin.cookie)).text();
    expect(html).toContain('data-testid="seo-site-checks"');
    expect(html).toContain("Welcome back");
    expect(html).toContain(admin.email);
  });
});

describe("the Transactions tab", () => {
  it("records a sale through the trade service, which fixes its extras and audits it", async () => {
    const { response, trade } = await recordSale();
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Affären är registrerad");
    expect(trade).toMatchObject({ type: "sale", status: "pending", base_total_ore: 124_950, recorded_by: admin.userId, note: "Via chatten" });
    const [audit] = await db().select().from(audit_log).where(and(eq(audit_log.entity_id, trade!.id), eq(audit_log.action, "trade.record")));
    expect(audit?.actor_user_id).toBe(admin.userId);
  });

  it("refuses a trade without a member or payout method with the schema's Swedish messages, writing nothing", async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(trades);
    const response = await post(
      formBody({ intent: "record", formToken: crypto.randomUUID(), memberId: "", type: "sale", items: items({ skinName: "AWP | Asiimov", wear: "BS", price: "300" }) }),
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Välj en medlem.");
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(trades);
    expect(after).toEqual(before);
  });

  it("completes a sale once: points and XP are credited, a second completion is refused and credits nothing", async () => {
    const { trade } = await recordSale(admin.cookie, "500");
    const first = await post(formBody({ intent: "complete", tradeId: trade!.id }), admin.cookie);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Medlemmen fick 1\u00a0000 poäng och 1\u00a0000 XP.");
    const second = await post(formBody({ intent: "complete", tradeId: trade!.id }), admin.cookie);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain(TRADE_ERRORS.alreadyCompleted);
    const credits = await db().select().from(points_transactions).where(eq(points_transactions.reference_id, trade!.id));
    expect(credits.map((row) => row.amount)).toEqual([1_000]);
  });

  it("reverses a pending sale and cancels a completed one, clawing back its points, each audited with its reason", async () => {
    const { trade: pending } = await recordSale(admin.cookie, "100");
    const reversed = await post(formBody({ intent: "reverse", tradeId: pending!.id, reason: "Rullades tillbaka" }), admin.cookie);
    expect(reversed.status).toBe(200);
    const { trade: done } = await recordSale(admin.cookie, "200");
    await post(formBody({ intent: "complete", tradeId: done!.id }), admin.cookie);
    const cancelled = await post(formBody({ intent: "cancel", tradeId: done!.id, reason: "Fel medlem" }), admin.cookie);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Poäng och XP från affären är återtagna.");
    const ledger = await db().select().from(points_transactions).where(eq(points_transactions.reference_id, done!.id));
    expect(ledger.map((row) => row.amount).sort((a, b) => a - b)).toEqual([-400, 400]);
    const audits = await db().select().from(audit_log).where(eq(audit_log.action, "trade.cancel"));
    expect(audits.find((row) => row.entity_id === done!.id)?.after).toMatchObject({ reason: "Fel medlem" });
    const [reversedRow] = await db().select().from(trades).where(eq(trades.id, pending!.id));
    expect(reversedRow?.status).toBe("reversed");
  });

  it("lists, filters and totals from the URL, and says when nothing matches", async () => {
    await post(
      formBody({
        intent: "record",
        formToken: crypto.randomUUID(),
        memberId: buyer.userId,
        type: "purchase",
        items: items({ skinName: "Karambit | Doppler", wear: "FN", price: "4000" }),
        paymentMethod: "Klarna",
      }),
      admin.cookie,
    );
    const purchases = await (await get("/admin/transactions?type=purchase", admin.cookie)).text();
    expect(purchases).toContain("Karambit | Doppler (FN)");
    expect(purchases).not.toContain("AK-47 | Redline");
    const bySeller = await (await get(`/admin/transactions?q=${encodeURIComponent("saljare@example")}`, admin.cookie)).text();
    expect(bySeller).toContain("AK-47 | Redline");
    expect(bySeller).not.toContain("Karambit");
    const none = await (await get("/admin/transactions?q=ingen-sadan-medlem", admin.cookie)).text();
    expect(none).toContain("Inga affärer matchar filtret");
  });

  it("exports the filtered rows as a CSV download from the same query", async () => {
    const response = await get("/admin/transactions/export.csv?type=sale&sort=total&dir=asc", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="transaktioner-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // Read raw: fetch's text() would drop the byte-order mark Excel needs.
    const text = bytes.toString("utf8");
    expect(text.startsWith(CSV_BOM + csvRow(TRADE_CSV_HEADER))).toBe(true);
    const lines = text.trim().split("\r\n").slice(1);
    const [sales] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM trades WHERE type = 'sale'`);
    expect(lines).toHaveLength(sales!.n);
    expect(lines.every((line) => line.includes(",Försäljning,"))).toBe(true);
    expect(text).not.toContain("Karambit");
  });

  it("finds members for a new trade and gives the chosen one's standing; junk finds nothing", async () => {
    const found = (await (await get("/admin/transactions/members?q=saljare", admin.cookie)).json()) as {
      members: Array<{ userId: string; level: string }>;
    };
    expect(found.members.map((member) => member.userId)).toEqual([seller.userId]);
    const standing = (await (await get(`/admin/transactions/members?id=${seller.userId}`, admin.cookie)).json()) as {
      standing: { level: string; pointsMultiplier: number };
    };
    expect(standing.standing).toMatchObject({ level: "bronze", pointsMultiplier: 1 });
    for (const query of ["q=a", "q=%20%20", `q=${"x".repeat(500)}`, "q=1&q=2", "q=%E2%80%AE"]) {
      const response = await get(`/admin/transactions/members?${query}`, admin.cookie);
      expect(response.status, query).toBe(200);
      expect(((await response.json()) as { members: unknown[] }).members, query).toEqual([]);
    }
    const missing = await get("/admin/transactions/members?id=inte-ett-id", admin.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Medlemmen finns inte.");
  });
});

describe("hostile input to the Transactions tab", () => {
  const TABLES = ["trades", "trade_items", "audit_log", "points_transactions", "xp_transactions", "profiles", "member_perks"];

  async function snapshot(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const table of TABLES) {
      const [row] = await queryRows<{ digest: string }>(
        db(),
        sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`),
      );
      result[table] = row!.digest;
    }
    return result;
  }

  it("answers every hostile body with a Swedish 4xx and changes nothing", async () => {
    const [trade] = await db().select().from(trades).limit(1);
    const base = { intent: "record", formToken: crypto.randomUUID(), memberId: seller.userId, type: "sale", payoutMethod: "swish" };
    const form = (fields: Record<string, string>) => formBody(fields).toString();
    const bodies: Array<[string, string, string?]> = [
      ["NUL in the skin name", form({ ...base, items: items({ skinName: "AK\u0000", wear: "FT", price: "1" }) })],
      ["NUL in the note", form({ ...base, items: items({ skinName: "AK", wear: "FT", price: "1" }), note: "a\u0000b" })],
      ["a 60 KB note", form({ ...base, items: items({ skinName: "AK", wear: "FT", price: "1" }), note: "å".repeat(30_000) })],
      ["items that are not JSON", form({ ...base, items: "[{" })],
      ["items of the wrong shape", form({ ...base, items: JSON.stringify([1, "x", null]) })],
      ["a negative price", form({ ...base, items: items({ skinName: "AK", wear: "FT", price: "-5" }) })],
      ["an unknown wear", form({ ...base, items: items({ skinName: "AK", wear: "XX", price: "5" }) })],
      ["a float above 1", form({ ...base, items: items({ skinName: "AK", wear: "FT", price: "5", float: "1.5" }) })],
      ["101 items", form({ ...base, items: JSON.stringify(Array.from({ length: 101 }, () => ({ skinName: "AK", wear: "FT", price: "1" }))) })],
      ["a member that does not exist", form({ ...base, memberId: crypto.randomUUID(), items: items({ skinName: "AK", wear: "FT", price: "5" }) })],
      ["a trade for oneself", form({ ...base, memberId: admin.userId, items: items({ skinName: "AK", wear: "FT", price: "5" }) })],
      ["a purchase paid with bitcoin", form({ ...base, type: "purchase", paymentMethod: "Bitcoin", items: items({ skinName: "AK", wear: "FT", price: "5" }) })],
      ["repeated fields", "intent=record&memberId=a&memberId=b&items=%5B%5D&items=x"],
      ["an unknown intent", form({ intent: "drop" })],
      ["no intent", form({})],
      ["completing a trade id that is no uuid", form({ intent: "complete", tradeId: "1 OR 1=1" })],
      ["completing a trade that does not exist", form({ intent: "complete", tradeId: crypto.randomUUID() })],
      ["reversing a purchase", form({ intent: "reverse", tradeId: (await db().select().from(trades).where(eq(trades.type, "purchase")).limit(1))[0]!.id })],
      ["a 600-character reason", form({ intent: "cancel", tradeId: trade!.id, reason: "x".repeat(600) })],
      ["JSON with arrays for strings", JSON.stringify({ intent: ["record"], memberId: [seller.userId], type: ["sale"], items: [] }), "application/json"],
      ["JSON with numbers", JSON.stringify({ intent: "record", memberId: 5, type: 1, items: 7, payoutMethod: true }), "application/json"],
      ["a JSON array", "[1,2,3]", "application/json"],
      ["malformed JSON", '{"intent": ', "application/json"],
      ["__proto__ keys", '{"__proto__":{"isAdmin":true},"intent":"complete","tradeId":"x"}', "application/json"],
      ["a text body", "hej", "text/plain"],
    ];
    const before = await snapshot();
    const failures: string[] = [];
    for (const [label, body, type] of bodies) {
      const response = await post(body, admin.cookie, type);
      const text = await response.text();
      if (response.status < 400 || response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      else if (!/[åäöÅÄÖ]|Ogiltig|Välj|Ange|Lägg/.test(text)) failures.push(`${label}: no Swedish message in ${text.slice(0, 200)}`);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${server.url}/admin/transactions`, { method, headers: { origin: server.url, cookie: admin.cookie } });
      if (response.status !== 405) failures.push(`${method}: ${response.status}`);
    }
    // The server refuses control characters anywhere in an address before any route runs.
    for (const target of ["/admin/transactions?q=%00", "/admin/transactions/export.csv?q=%1B%5B31m", "/admin/transactions/members?q=%00"]) {
      const response = await get(target, admin.cookie);
      if (response.status !== 400 || !(await response.text()).includes("Ogiltig adress.")) failures.push(`GET ${target}: ${response.status}`);
    }
    // The list shows everything for a filter it cannot read; the export refuses it (400, in
    // Swedish), so a download never holds more than the filtered table showed.
    const refusedByExport = new Set(["from=2025-13-45&to=x", "sort=id;DROP TABLE trades&dir=sideways", "memberId=1%20OR%201=1", "type=sale&type=purchase"]);
    for (const query of ["q=%27%3B--%20%25_", "from=2025-13-45&to=x", "sort=id;DROP TABLE trades&dir=sideways", "page=-1&pageSize=100000", "type[]=sale", "memberId=1%20OR%201=1", "type=sale&type=purchase"]) {
      for (const target of ["/admin/transactions", "/admin/transactions/export.csv"]) {
        const response = await get(`${target}?${query}`, admin.cookie);
        const text = await response.text();
        const refused = target.endsWith(".csv") && refusedByExport.has(query);
        if (response.status !== (refused ? 400 : 200)) failures.push(`GET ${target}?${query}: ${response.status}`);
        if (refused && !text.includes("Ogiltigt filter")) failures.push(`GET ${target}?${query}: no Swedish message in ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe("the staff's secure sign-out (docs/rules/admin.md#secure-sign-out)", () => {
  it("refuses someone without a staff role and leaves their session alone", async () => {
    const response = await fetch(`${server.url}/admin/sign-out`, {
      method: "POST",
      headers: { origin: server.url, cookie: seller.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect((await get("/profile", seller.cookie)).status).toBe(200);
  });

  it("ends every session of the staff member, records one user_logout and lands on /auth", async () => {
    const other = await signInCookie(server.url, blogger.email);
    const logouts = async () =>
      (
        await db()
          .select()
          .from(security_events)
          .where(and(eq(security_events.user_id, blogger.userId), eq(security_events.event_type, "user_logout")))
      ).length;
    const before = await logouts();
    const response = await fetch(`${server.url}/admin/sign-out`, {
      method: "POST",
      headers: { origin: server.url, cookie: blogger.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?message=signed-out&redirectTo=%2Fadmin");
    expect(response.headers.get("set-cookie")).toMatch(/skinhamnen\.session_token=;.*Max-Age=0/i);
    expect(await db().select().from(session).where(eq(session.userId, blogger.userId))).toEqual([]);
    expect(await logouts()).toBe(before + 1);
    for (const cookie of [blogger.cookie, other]) expect((await get("/admin/blog", cookie)).status).toBe(401);
  });
});

describe("the panel's code stays out of public pages", () => {
  it("loads no admin module or admin-only library on any public page", () => {
    const assets = server.build.assets as unknown as {
      entry: { module: string; imports?: string[] };
      routes: Record<string, { module: string; imports?: string[] }>;
    };
    const files = (entry: { module: string; imports?: string[] }) => [entry.module, ...(entry.imports ?? [])];
    const publicFiles = new Set([
      ...files(assets.entry),
      ...Object.entries(assets.routes)
        .filter(([id]) => !id.startsWith("routes/admin/"))
        .flatMap(([, route]) => files(route)),
    ]);
    const adminModules = Object.entries(assets.routes)
      .filter(([id]) => id.startsWith("routes/admin/"))
      .map(([, route]) => route.module);
    expect(adminModules.length).toBeGreaterThan(10);
    // Strings only admin code holds: the tab table, the panel's texts, TanStack Table's API, the chart library.
    const markers = ["LTV Analytics", "Registrera affär", "getToggleSortingHandler", "recharts-bar"];
    const leaks: string[] = [];
    for (const file of publicFiles) {
      if (adminModules.includes(file)) leaks.push(`${file} is an admin route module`);
      const text = readFileSync(path.join("build/client", file), "utf8");
      for (const marker of markers) if (text.includes(marker)) leaks.push(`${file} contains "${marker}"`);
    }
    expect(leaks).toEqual([]);
    // The markers do exist in the admin chunks (the routes, their imports and the chunks they
    // load later, such as the dashboard's chart), so their absence above means something.
    const adminText = adminModules.map((file) => readFileSync(path.join("build/client", file), "utf8")).join("");
    const adminImports = Object.entries(assets.routes)
      .filter(([id]) => id.startsWith("routes/admin/"))
      .flatMap(([, route]) => route.imports ?? [])
      .map((file) => readFileSync(path.join("build/client", file), "utf8"))
      .join("");
    const laterChunks = readdirSync("build/client/assets")
      .filter((name) => name.endsWith(".js") && !publicFiles.has(`/assets/${name}`))
      .map((name) => readFileSync(path.join("build/client/assets", name), "utf8"))
      .join("");
    for (const marker of markers) expect(adminText + adminImports + laterChunks, marker).toContain(marker);
  });
});
