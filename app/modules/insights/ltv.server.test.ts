import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "~/lib/csv";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { insertTrade, setMemberCreatedAt } from "./insights-fixtures";
import { exportLtvCsv, loadLtv } from "./ltv.server";

let database: TestDatabase;
const db = () => database.db;
const NOW = new Date("2026-03-15T11:00:00Z");
let anna: string;
let gustav: string;
let ltv: Awaited<ReturnType<typeof loadLtv>>;

beforeAll(async () => {
  database = await createTestDatabase();
  anna = await createMember(db(), { firstName: "Anna", email: "anna@example.se" });
  const bertil = await createMember(db(), { firstName: "Bertil", xp: 5_000 });
  // A name a spreadsheet would run as a formula.
  gustav = await createMember(db(), { firstName: "=HYPERLINK(1)", xp: 100_000 });
  await setMemberCreatedAt(db(), anna, "2025-01-10T10:00:00Z");
  await setMemberCreatedAt(db(), bertil, "2025-01-25T10:00:00Z");
  await setMemberCreatedAt(db(), gustav, "2026-02-01T10:00:00Z");
  // Anna: within 1 month, within 3, within 12 of signing up; a pending trade never counts.
  await insertTrade(db(), { userId: anna, type: "sale", ore: 100_000, completedAt: "2025-01-20T10:00:00Z" });
  await insertTrade(db(), { userId: anna, type: "purchase", ore: 50_000, completedAt: "2025-03-01T10:00:00Z" });
  await insertTrade(db(), { userId: anna, type: "sale", ore: 20_000, completedAt: "2025-12-01T10:00:00Z" });
  await insertTrade(db(), { userId: anna, type: "sale", ore: 10_000, status: "pending", createdAt: "2025-12-02T10:00:00Z" });
  await insertTrade(db(), { userId: gustav, type: "sale", ore: 30_000, completedAt: "2026-02-10T10:00:00Z" });
  ltv = await loadLtv(db(), NOW);
});
afterAll(async () => {
  await database?.close();
});

describe("LTV analytics", () => {
  it("ranks members by completed sold plus bought value", () => {
    expect(ltv.top).toEqual([
      {
        userId: anna,
        name: "Anna",
        email: "anna@example.se",
        level: "bronze",
        soldOre: 120_000,
        boughtOre: 50_000,
        valueOre: 170_000,
        tradeCount: 3,
        firstTradeAt: "2025-01-20T10:00:00.000Z",
        lastTradeAt: "2025-12-01T10:00:00.000Z",
      },
      expect.objectContaining({ userId: gustav, level: "gold", soldOre: 30_000, boughtOre: 0, valueOre: 30_000, tradeCount: 1 }),
    ]);
  });

  it("averages each sign-up month's value after 1, 3, 6 and 12 months, once the cohort is that old", () => {
    expect(ltv.cohorts).toEqual([
      { month: "2026-02", members: 1, traded: 1, averageOre: { 1: null, 3: null, 6: null, 12: null } },
      { month: "2025-01", members: 2, traded: 1, averageOre: { 1: 50_000, 3: 75_000, 6: 75_000, 12: 85_000 } },
    ]);
  });

  it("sums value by level, every level listed", () => {
    expect(ltv.levels).toEqual([
      { level: "bronze", members: 1, traders: 1, valueOre: 170_000, averageOre: 170_000 },
      { level: "silver", members: 1, traders: 0, valueOre: 0, averageOre: 0 },
      { level: "gold", members: 1, traders: 1, valueOre: 30_000, averageOre: 30_000 },
      { level: "platinum", members: 0, traders: 0, valueOre: 0, averageOre: 0 },
    ]);
  });

  it("exports every trading member as CSV with a BOM and formula-safe cells", async () => {
    let csv = "";
    for await (const chunk of exportLtvCsv(db())) csv += chunk;
    expect(csv.startsWith(CSV_BOM + "Medlems-id,Namn,E-post,Nivå,")).toBe(true);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines).toContain(`${anna},Anna,anna@example.se,Bronze,1200,500,1700,3,2025-01-20T10:00:00.000Z,2025-12-01T10:00:00.000Z`);
    expect(lines.find((line) => line.startsWith(gustav))).toContain(",'=HYPERLINK(1),");
  });

  it("exports the members' rollup rows (member_values), not a recount of the trades", async () => {
    // A rollup row that disagrees with the trades shows as it stands: the export never reads trades.
    await db().execute(sql`UPDATE member_values SET sold_ore = 999900, value_ore = 1049900 WHERE user_id = ${anna}`);
    try {
      let csv = "";
      for await (const chunk of exportLtvCsv(db())) csv += chunk;
      expect(csv).toContain(`${anna},Anna,anna@example.se,Bronze,9999,500,10499,3,`);
    } finally {
      await db().execute(sql`SELECT refresh_member_values(ARRAY[${anna}]::uuid[])`);
    }
  });
});
