/**
 * /profile stays within its statement budget (docs/decisions/041-profile-speed.md): a member with
 * trades (and their lines), points and XP rows, a perk, payout details, a newsletter row and a
 * contact person, read through the real server. Counts every statement the request sends to the
 * database through a query logger on the process's Db; the session read, the root loader's and
 * the page's account read, the histories and the rest together stay at most
 * PROFILE_STATEMENT_BUDGET, and the page shows what those reads carried.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberAccount } from "~/modules/accounts/member-account.server";
import { member_perks, newsletter_subscriptions, profiles } from "~/platform/db/schema";
import { BRONZE_TRADES, giveTrades } from "../tests/e2e/helpers/loyalty-members";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { logStatements } from "./statement-log";
import { createMember, type TestMember, makeStaff } from "./test-members";

const PROFILE_STATEMENT_BUDGET = 8;

let server: InProcessServer;
let member: TestMember;
let staff: TestMember;
let statements: string[] = [];

async function statementsFor(path: string, cookie: string) {
  statements.length = 0;
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  const body = await response.text();
  return { status: response.status, count: statements.length, body, list: [...statements] };
}

beforeAll(async () => {
  server = await startInProcessServer();
  member = await createMember(server, "budget-medlem@example.se");
  staff = await createMember(server, "budget-personal@example.se");
  await makeStaff(server, staff, "admin");
  await giveTrades(server.database, staff.userId, member.userId, BRONZE_TRADES);
  const db = server.database.db;
  await db.update(profiles).set({ contact_person_id: staff.userId, first_name: "Budget" }).where(sql`${profiles.user_id} = ${member.userId}`);
  await db.insert(member_perks).values({ user_id: member.userId, kind: "points_multiplier", multiplier: 2, starts_at: new Date(), expires_at: new Date(Date.now() + 86_400_000) });
  await db.insert(newsletter_subscriptions).values({ user_id: member.userId, email: "budget-medlem@example.se", email_subscribed: true, source: "profile", confirmed_at: new Date() });
  statements = logStatements(db);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("/profile statement budget", () => {
  it(`reads a member with trades, perks and settings in at most ${PROFILE_STATEMENT_BUDGET} statements`, async () => {
    // The trades tab: its list carries each trade's lines.
    const page = await statementsFor("/profile?historik=affarer", member.cookie);
    expect(page.status).toBe(200);
    process.stdout.write(`/profile: ${page.count} statements, ${(Buffer.byteLength(page.body) / 1024).toFixed(1)} KB HTML\n`);
    if (page.count > PROFILE_STATEMENT_BUDGET) process.stdout.write(`${page.list.join("\n\n")}\n`);
    expect(page.count).toBeLessThanOrEqual(PROFILE_STATEMENT_BUDGET);
    // What the shared reads carried reaches the page: the trade's line, the perk, the contact person.
    expect(page.body).toContain("AK-47 | Redline");
    expect(page.body).toContain("Dubbla poäng");
    expect(page.body).toContain("budget-personal@example.se");
  });

  it("the shared account read holds each member's own roles, perks and contact person", async () => {
    const db = server.database.db;
    const mine = await memberAccount(new Request("http://127.0.0.1/profile"), db, member.userId);
    const theirs = await memberAccount(new Request("http://127.0.0.1/profile"), db, staff.userId);
    expect(mine?.roles).toEqual([]);
    expect(theirs?.roles).toEqual(["admin"]);
    expect(mine?.perks.map((perk) => perk.kind)).toEqual(["points_multiplier"]);
    expect(theirs?.perks).toEqual([]);
    expect(mine?.contactPerson?.email).toBe("budget-personal@example.se");
    expect(theirs?.contactPerson).toBeNull();
    expect(mine?.newsletter.email_subscribed).toBe(true);
    expect(theirs?.sessions).toHaveLength(1);
  });

  it("its data request stays within the budget too", async () => {
    const data = await statementsFor("/profile.data", member.cookie);
    expect(data.status).toBe(200);
    expect(data.count).toBeLessThanOrEqual(PROFILE_STATEMENT_BUDGET);
  });
});
