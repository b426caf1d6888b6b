import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/platform/audit/audit.server";
import { createMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { execCount, queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import {
  CONTACT_STATUS_MESSAGES,
  listContactMessages,
  parseContactQuery,
  setContactStatus,
} from "~/modules/contact/contact-admin.server";
import { loadDashboard, periodWindows, type DashboardData } from "./dashboard.server";
import { insertTrade, setMemberCreatedAt } from "./insights-fixtures";

let database: TestDatabase;
const db = () => database.db;
// 12:00 in Stockholm (UTC+1): today began at 23:00 UTC the day before.
const NOW = new Date("2026-03-15T11:00:00Z");
let staffId: string;
let data: DashboardData;
const messages: Record<"new" | "read" | "answered", string> = { new: "", read: "", answered: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  staffId = await createStaff(db());
  const seller = await createMember(db());
  // Trades: today, yesterday before and after the same time of day, last week, last month, pending, after now.
  await insertTrade(db(), { userId: seller, type: "sale", ore: 100_000, completedAt: "2026-03-15T08:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "purchase", ore: 50_000, completedAt: "2026-03-15T10:59:00Z" });
  await insertTrade(db(), { userId: seller, type: "sale", ore: 20_000, completedAt: "2026-03-14T10:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "sale", ore: 30_000, completedAt: "2026-03-14T12:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "purchase", ore: 40_000, completedAt: "2026-03-05T10:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "sale", ore: 70_000, completedAt: "2026-02-10T10:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "sale", ore: 99_900, status: "pending", createdAt: "2026-03-15T09:00:00Z" });
  await insertTrade(db(), { userId: seller, type: "sale", ore: 5_000, completedAt: "2026-03-15T11:30:00Z" });

  // Members: the seller signed up "now" (after NOW), so only these count.
  for (const [createdAt, firstName] of [
    ["2026-03-15T09:00:00Z", "Idag"],
    ["2026-03-14T09:00:00Z", "Igår"],
    ["2026-02-01T09:00:00Z", "Februari"],
  ] as const) {
    await setMemberCreatedAt(db(), await createMember(db(), { firstName }), createdAt);
  }

  await execCount(
    db(),
    sql`INSERT INTO points_transactions (user_id, amount, reason, created_at) VALUES
          (${seller}, 100, 'test', '2026-03-15T09:00:00Z'), (${seller}, 50, 'test', '2026-03-14T09:00:00Z'),
          (${seller}, -30, 'test', '2026-03-15T09:00:00Z')`,
  );
  const [item] = await queryRows<{ id: string }>(
    db(),
    sql`INSERT INTO point_shop_items (name, point_cost, category) VALUES ('Klistermärke', 100, 'other') RETURNING id`,
  );
  await execCount(
    db(),
    sql`INSERT INTO point_shop_orders (user_id, item_id, item_name, points_spent, status, created_at) VALUES
          (${seller}, ${item!.id}, 'Klistermärke', 200, 'pending', '2026-03-15T09:00:00Z'),
          (${seller}, ${item!.id}, 'Klistermärke', 80, 'cancelled', '2026-03-15T09:00:00Z'),
          (${seller}, ${item!.id}, 'Klistermärke', 120, 'completed', '2026-03-10T09:00:00Z')`,
  );
  await execCount(
    db(),
    sql`INSERT INTO newsletter_subscriptions (email, created_at) VALUES
          ('a@example.se', '2026-03-15T09:00:00Z'), ('b@example.se', '2026-03-05T09:00:00Z')`,
  );
  for (const status of ["new", "read", "answered"] as const) {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO contact_messages (name, email, subject, message, status, created_at)
          VALUES ('Kund', 'kund@example.se', ${`Ärende ${status}`}, 'Hej!', ${status}, ${status === "new" ? "2026-03-15T09:00:00Z" : "2026-03-10T09:00:00Z"}::timestamptz)
          RETURNING id`,
    );
    messages[status] = row!.id;
  }
  data = await loadDashboard(db(), NOW);
});
afterAll(async () => {
  await database?.close();
});

describe("periodWindows", () => {
  it("compares each period with the one before it, up to the same time of day", () => {
    const [today, week, month] = periodWindows(NOW);
    expect(today!.current.start.toISOString()).toBe("2026-03-14T23:00:00.000Z");
    expect(today!.previous).toEqual({ start: new Date("2026-03-13T23:00:00Z"), end: new Date("2026-03-14T11:00:00Z") });
    expect(week!.current.start.toISOString()).toBe("2026-03-08T23:00:00.000Z");
    expect(week!.previous).toEqual({ start: new Date("2026-03-01T23:00:00Z"), end: new Date("2026-03-08T11:00:00Z") });
    expect(month!.current.start.toISOString()).toBe("2026-02-13T23:00:00.000Z");
    expect(month!.previous).toEqual({ start: new Date("2026-01-14T23:00:00Z"), end: new Date("2026-02-13T11:00:00Z") });
  });
});

describe("loadDashboard", () => {
  it("sums completed volume, trades, members, points and sign-ups per period and the period before", () => {
    const [today, week, month] = data.periods;
    expect(today).toEqual({
      days: 1,
      soldOre: { current: 100_000, previous: 20_000 },
      boughtOre: { current: 50_000, previous: 0 },
      completedTrades: { current: 2, previous: 1 },
      newMembers: { current: 1, previous: 1 },
      pointsIssued: { current: 100, previous: 50 },
      pointsRedeemed: { current: 200, previous: 0 },
      newsletterSignups: { current: 1, previous: 0 },
    });
    expect(week).toEqual({
      days: 7,
      soldOre: { current: 150_000, previous: 0 },
      boughtOre: { current: 50_000, previous: 40_000 },
      completedTrades: { current: 4, previous: 1 },
      newMembers: { current: 2, previous: 0 },
      pointsIssued: { current: 150, previous: 0 },
      pointsRedeemed: { current: 320, previous: 0 },
      newsletterSignups: { current: 1, previous: 1 },
    });
    expect(month).toEqual({
      days: 30,
      soldOre: { current: 150_000, previous: 70_000 },
      boughtOre: { current: 90_000, previous: 0 },
      completedTrades: { current: 5, previous: 1 },
      newMembers: { current: 2, previous: 1 },
      pointsIssued: { current: 150, previous: 0 },
      pointsRedeemed: { current: 320, previous: 0 },
      newsletterSignups: { current: 2, previous: 0 },
    });
  });

  it("counts what waits now: pending orders, pending trades, unanswered messages", () => {
    expect(data.counts).toEqual({ pendingShopOrders: 1, pendingTrades: 1, contactWaiting: 2 });
  });

  it("charts 30 Stockholm days of completed sales and purchases, empty days as zero", () => {
    expect(data.chart).toHaveLength(30);
    expect(data.chart[0]).toEqual({ day: "2026-02-14", soldOre: 0, boughtOre: 0 });
    expect(data.chart.at(-1)).toEqual({ day: "2026-03-15", soldOre: 100_000, boughtOre: 50_000 });
    expect(data.chart.find((day) => day.day === "2026-03-14")).toEqual({ day: "2026-03-14", soldOre: 50_000, boughtOre: 0 });
    expect(data.chart.find((day) => day.day === "2026-03-05")).toEqual({ day: "2026-03-05", soldOre: 0, boughtOre: 40_000 });
    expect(data.chart.reduce((sum, day) => sum + day.soldOre + day.boughtOre, 0)).toBe(240_000);
  });

  it("lists the five newest trades, orders and members", () => {
    expect(data.latestTrades).toHaveLength(5);
    expect(data.latestTrades[0]).toMatchObject({ type: "sale", status: "completed", totalOre: 5_000 });
    // The two orders of the same moment come in either order; the older one last.
    expect(data.latestOrders.map((order) => order.pointsSpent).at(-1)).toBe(120);
    expect(data.latestOrders.map((order) => order.pointsSpent).sort((a, b) => a - b)).toEqual([80, 120, 200]);
    expect(data.latestMembers).toHaveLength(4);
    expect(data.latestMembers.slice(1).map((member) => member.name)).toEqual(["Idag", "Igår", "Februari"]);
  });
});

describe("contact messages", () => {
  it("lists by status, newest first, and reads its filters from the URL leniently", async () => {
    const all = await listContactMessages(db());
    expect(all.count).toEqual({ count: 3, capped: false });
    expect(all.rows[0]!.status).toBe("new");
    const answered = await listContactMessages(db(), { status: "answered" });
    expect(answered.rows.map((row) => row.id)).toEqual([messages.answered]);
    expect(parseContactQuery(new URLSearchParams("kontakt=read&kontaktsida=2"))).toEqual({ status: "read" });
    expect(parseContactQuery(new URLSearchParams("kontakt=<script>&kontaktsida=-1"))).toEqual({});
  });

  it("moves a message forward with an audit row, and never backwards", async () => {
    const moved = await setContactStatus(db(), { actorUserId: staffId, messageId: messages.new, status: "read" });
    expect(moved).toEqual({ ok: true, id: messages.new, before: "new", after: "read" });
    const audit = await listAudit(db(), { entityType: "contact_message", entityId: messages.new });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ actorUserId: staffId, action: "contact_message.status", before: { status: "new" }, after: { status: "read" } });

    const again = await setContactStatus(db(), { actorUserId: staffId, messageId: messages.new, status: "read" });
    expect(again).toEqual({ ok: false, code: "invalid_transition", message: CONTACT_STATUS_MESSAGES.backwards });
    const back = await setContactStatus(db(), { actorUserId: staffId, messageId: messages.answered, status: "read" });
    expect(back.ok).toBe(false);
    const missing = await setContactStatus(db(), { actorUserId: staffId, messageId: "00000000-0000-4000-8000-000000000000", status: "answered" });
    expect(missing).toMatchObject({ ok: false, code: "not_found" });
    expect((await listAudit(db(), { entityType: "contact_message" })).entries).toHaveLength(1);

    const answered = await setContactStatus(db(), { actorUserId: staffId, messageId: messages.read, status: "answered" });
    expect(answered.ok).toBe(true);
    const [row] = await queryRows<{ status: string }>(db(), sql`SELECT status FROM contact_messages WHERE id = ${messages.read}`);
    expect(row!.status).toBe("answered");
  });
});
