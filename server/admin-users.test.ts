/**
 * The Users tab through the production build (docs/rules/admin.md#users): search, a member's
 * page, each staff action as the page posts it, refusals and hostile input (Swedish 4xx,
 * never a 500), the block at sign-in, the contact person on /profile and the audit export.
 * Who may open what is in server/authorization.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { SIGN_IN_BLOCKED_MESSAGE } from "~/modules/accounts/social-sign-in-errors";
import { MEMBER_MESSAGES } from "~/modules/accounts/member-admin.server";
import { creditPoints, creditXp } from "~/modules/loyalty/ledger.server";
import { shopPurchaseReason } from "~/modules/shop/shop-constants";
import { audit_log, points_transactions, profiles, session, user } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, MEMBER_PASSWORD, signInCookie, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let blogger: TestMember;
let member: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "users.admin@example.se", { firstName: "Alva", lastName: "Admin" });
  blogger = await createMember(server, "users.blogg@example.se");
  member = await createMember(server, "users.medlem@example.se", { firstName: "Mira", lastName: "Medlemsson" });
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

/** Posts to the member page's action as its fetcher does. */
function act(userId: string, body: BodyInit, cookie = admin.cookie, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}/admin/users/${userId}.data`, {
    method: "POST",
    headers: { origin: server.url, cookie, "content-type": contentType },
    body,
    redirect: "manual",
  });
}

const memberAudit = (userId: string) =>
  db().select().from(audit_log).where(and(eq(audit_log.entity_type, "member"), eq(audit_log.entity_id, userId)));

describe("search", () => {
  it("finds a member by name and by email, the search in the URL", async () => {
    for (const q of ["Medlemsson", "users.medlem"]) {
      const response = await get(`/admin/users?q=${encodeURIComponent(q)}`, admin.cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("users.medlem@example.se");
      expect(html).not.toContain("users.blogg@example.se");
    }
  });

  it.each(["%", "_", "'; DROP TABLE profiles; --", "a%00b", "x".repeat(5_000), "💥".repeat(60)])("answers hostile search %j without failing", async (q) => {
    const response = await get(`/admin/users?q=${encodeURIComponent(q)}&page=-1`, admin.cookie);
    expect(response.status).toBe(200);
  });

  it("pages by cursor: first, previous and next as links, each row once", async () => {
    const emails = Array.from({ length: 27 }, (_, i) => `users.sida${String(i).padStart(2, "0")}@example.se`);
    const ids = await db().insert(user).values(emails.map((email) => ({ name: "Sida", email }))).returning({ id: user.id, email: user.email });
    await db().insert(profiles).values(ids.map(({ id, email }) => ({ user_id: id, email })));
    // Each row shows in the table, as a card and in the page's data: its first appearance counts.
    const emailsOf = (html: string) => [...new Set([...html.matchAll(/users\.sida\d\d@example\.se/g)].map((match) => match[0]))];
    const hrefOf = (html: string, label: string) => {
      const link = html.match(new RegExp(`<a [^>]*title="${label}" href="([^"]+)"`));
      return link ? link[1]!.replaceAll("&amp;", "&") : null;
    };
    const first = await (await get("/admin/users?q=users.sida", admin.cookie)).text();
    expect(first).toContain("27 medlemmar");
    const firstRows = emailsOf(first);
    expect(firstRows).toHaveLength(25);
    expect(hrefOf(first, "Föregående sida")).toBeNull();
    const next = hrefOf(first, "Nästa sida");
    expect(next).toMatch(/^\/admin\/users\?q=users\.sida&efter=[A-Za-z0-9_-]+$/);
    const second = await (await get(next!, admin.cookie)).text();
    const secondRows = emailsOf(second);
    expect([...firstRows, ...secondRows].sort()).toEqual(emails);
    expect(hrefOf(second, "Nästa sida")).toBeNull();
    const back = await (await get(hrefOf(second, "Föregående sida")!, admin.cookie)).text();
    expect(emailsOf(back)).toEqual(firstRows);
    expect(hrefOf(second, "Första sidan")).toBe("/admin/users?q=users.sida");
  });

  it.each(["JTsgRFJPUCBUQUJMRSB1c2VyOw", "'%20OR%201=1--", "x".repeat(5_000), "%F0%9F%92%A5", "MjAyNi0xMy00NVQ5OTo5OTo5OS45OTk5OTlafm5vdC1hLXV1aWQ"])(
    "answers a hostile cursor %j with the first page on every keyset list",
    async (cursor) => {
      for (const target of ["/admin/users", "/admin/transactions", "/admin/referrals", "/admin/newsletter"]) {
        for (const key of ["efter", "fore"]) {
          const response = await get(`${target}?${key}=${cursor}`, admin.cookie);
          expect(response.status, `${target}?${key}=${cursor.slice(0, 30)}`).toBe(200);
          await response.arrayBuffer();
        }
      }
    },
  );
});

describe("a member's page", () => {
  it("shows profile, balances and histories", async () => {
    const response = await get(`/admin/users/${member.userId}`, admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Mira Medlemsson");
    expect(html).toContain("Poänghistorik");
    expect(html).toContain("Granskningslogg för medlemmen");
  });

  it("words each points row as the member's own history does", async () => {
    const buyer = await createMember(server, "etikett@example.se");
    await server.database.db.transaction((tx) =>
      creditPoints(tx, { userId: buyer.userId, amount: 5, reason: shopPurchaseReason("Klistermärke"), idempotencyKey: "admin-users:label" }),
    );
    const admins = (await (await get(`/admin/users/${buyer.userId}`, admin.cookie)).text()).replaceAll("<!-- -->", "");
    const own = (await (await get("/profile?historik=poang", buyer.cookie)).text()).replaceAll("<!-- -->", "");
    expect(own).toContain("Köp i Point Shop: Klistermärke");
    expect(admins).toContain("Köp i Point Shop: Klistermärke");
    expect(admins).not.toContain(shopPurchaseReason("Klistermärke"));
  });

  it.each(["inte-ett-id", "00000000-0000-4000-8000-000000000000", "%27%20OR%201=1"])("answers 404 for %j", async (id) => {
    expect((await get(`/admin/users/${id}`, admin.cookie)).status).toBe(404);
    expect((await act(id, formBody({ intent: "revoke-sessions" }))).status).toBe(404);
  });
});

describe("adjusting points", () => {
  it("credits with a reason: balance, ledger row and audit row change together", async () => {
    const response = await act(member.userId, formBody({ intent: "adjust", formToken: crypto.randomUUID(), currency: "points", direction: "credit", amount: "250", reason: "Kompensation" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Saldot är justerat");
    const [profile] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, member.userId));
    expect(profile?.points).toBe(250);
    const rows = await db().select().from(points_transactions).where(eq(points_transactions.user_id, member.userId));
    expect(rows).toEqual([expect.objectContaining({ amount: 250, reason: "Justering: Kompensation" })]);
    expect((await memberAudit(member.userId)).map((row) => [row.action, row.actor_user_id])).toEqual([["member.adjust_points", admin.userId]]);
  });

  it.each([
    [{ amount: "10" }, 400, MEMBER_MESSAGES.reasonRequired],
    [{ amount: "10", reason: "ok" }, 400, MEMBER_MESSAGES.reasonRequired],
    [{ amount: "-5", reason: "Skäl nog" }, 400, MEMBER_MESSAGES.amountInvalid],
    [{ amount: "1e3", reason: "Skäl nog" }, 400, MEMBER_MESSAGES.amountInvalid],
    [{ amount: "99999999999", reason: "Skäl nog" }, 400, "Högst"],
    [{ amount: "10", reason: "x".repeat(201) }, 400, "högst 200 tecken"],
    [{ amount: "10", reason: "rad\u0000två" }, 400, "tecken som inte är tillåtna"],
    [{ amount: "10", reason: "Skäl nog", currency: "kronor" }, 400, "Välj poäng eller XP."],
    [{ amount: "100000", reason: "För mycket", direction: "debit" }, 409, "Saldot kan inte bli negativt"],
  ])("refuses %j in Swedish and changes nothing", async (fields, status, message) => {
    const before = await memberAudit(member.userId);
    const response = await act(member.userId, formBody({ intent: "adjust", formToken: crypto.randomUUID(), currency: "points", direction: "credit", ...fields }));
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await memberAudit(member.userId)).toHaveLength(before.length);
  });

  it("refuses bodies it cannot read, and an unknown intent", async () => {
    expect((await act(member.userId, "[1,2]", admin.cookie, "application/json")).status).toBe(400);
    expect((await act(member.userId, "{", admin.cookie, "application/json")).status).toBe(400);
    expect((await act(member.userId, JSON.stringify({ intent: "adjust", amount: [1], reason: { a: 1 } }), admin.cookie, "application/json")).status).toBe(400);
    expect((await act(member.userId, formBody({ intent: "delete-everything" }))).status).toBe(400);
  });

  it("is refused to a blog-role user before it reads anything", async () => {
    const response = await act(member.userId, formBody({ intent: "adjust", formToken: crypto.randomUUID(), currency: "points", direction: "credit", amount: "5", reason: "Försök" }), blogger.cookie);
    expect(response.status).toBe(403);
  });
});

describe("roles", () => {
  it("grants and revokes a role, and never removes the last admin", async () => {
    expect((await act(member.userId, formBody({ intent: "role", role: "seo", grant: "true" }))).status).toBe(200);
    // The new staff member is led to set up two-factor sign-in first (decision 046).
    expect((await get("/admin/seo", member.cookie)).headers.get("location")).toContain("/profile/tvastegsverifiering");
    expect((await act(member.userId, formBody({ intent: "role", role: "seo", grant: "false" }))).status).toBe(200);
    expect((await get("/admin/seo", member.cookie)).status).toBe(403);

    const last = await act(admin.userId, formBody({ intent: "role", role: "admin", grant: "false" }));
    expect(last.status).toBe(409);
    expect(await last.text()).toContain(MEMBER_MESSAGES.lastAdmin);
    expect((await get("/admin/users", admin.cookie)).status).toBe(200);
    expect((await act(member.userId, formBody({ intent: "role", role: "owner", grant: "true" }))).status).toBe(400);
  });
});

describe("sessions and the sign-in block", () => {
  it("revokes every session of the member", async () => {
    const second = await signInCookie(server.url, member.email);
    const response = await act(member.userId, formBody({ intent: "revoke-sessions" }));
    expect(response.status).toBe(200);
    for (const cookie of [member.cookie, second]) expect((await get("/profile", cookie)).status).toBe(302);
    expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
    member.cookie = await signInCookie(server.url, member.email);
  });

  it("blocks: the member is signed out and /auth refuses them in Swedish; unblocking lets them in", async () => {
    expect((await act(member.userId, formBody({ intent: "block" }))).status).toBe(200);
    expect((await get("/profile", member.cookie)).status).toBe(302);
    const refused = await fetch(`${server.url}/auth.data`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: formBody({ intent: "signin", email: member.email, password: MEMBER_PASSWORD }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(SIGN_IN_BLOCKED_MESSAGE);
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    const page = await get("/auth?mode=signin&error=blocked");
    expect(await page.text()).toContain(SIGN_IN_BLOCKED_MESSAGE);

    expect((await act(member.userId, formBody({ intent: "unblock" }))).status).toBe(200);
    member.cookie = await signInCookie(server.url, member.email);
    expect((await get("/profile", member.cookie)).status).toBe(200);
    const actions = (await memberAudit(member.userId)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["member.revoke_sessions", "member.block_sign_in", "member.unblock_sign_in"]));
  });
});

describe("contact person", () => {
  it("is refused below Platinum, and shown on a Platinum member's /profile once assigned", async () => {
    const below = await act(member.userId, formBody({ intent: "contact", contactPersonId: admin.userId }));
    expect(below.status).toBe(409);
    expect(await below.text()).toContain(MEMBER_MESSAGES.notPlatinum);

    await db().transaction((tx) => creditXp(tx, { userId: member.userId, amount: 500_000, reason: "Test", idempotencyKey: "test:platinum" }));
    const notStaff = await act(member.userId, formBody({ intent: "contact", contactPersonId: member.userId }));
    expect(notStaff.status).toBe(400);
    expect((await act(member.userId, formBody({ intent: "contact", contactPersonId: "x".repeat(500) }))).status).toBe(400);

    expect((await act(member.userId, formBody({ intent: "contact", contactPersonId: admin.userId }))).status).toBe(200);
    const profile = await (await get("/profile", member.cookie)).text();
    expect(profile).toContain("Din personliga kontaktperson");
    expect(profile).toContain("Alva Admin");
    expect(profile).toContain("users.admin@example.se");
  });
});

describe("the audit view and its export", () => {
  it("lists and filters by staff member and action", async () => {
    const page = await (await get(`/admin/users/audit?actor=${admin.userId}&action=member.block_sign_in`, admin.cookie)).text();
    expect(page).toContain("Inloggning spärrad");
    expect(page).not.toContain("Kompensation");
    const hostile = await get("/admin/users/audit?actor=x&action=DROP%20TABLE&from=ig%C3%A5r&to=2025-13-45&page=-3", admin.cookie);
    expect(hostile.status).toBe(200);
  });

  it("streams the filtered log as UTF-8 CSV with a BOM", async () => {
    const response = await get(`/admin/users/audit/export.csv?action=member.adjust_points&page=1`, admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="granskningslogg-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(`${CSV_BOM}Tidpunkt,Personal,Åtgärd`)).toBe(true);
    const lines = text.trimEnd().split("\r\n");
    expect(lines.slice(1).every((line) => line.includes("member.adjust_points"))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
    expect((await get("/admin/users/audit/export.csv", blogger.cookie)).status).toBe(403);
  });
});
