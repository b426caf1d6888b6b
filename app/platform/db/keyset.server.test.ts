/**
 * Keyset paging through the staff lists on a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): walking forward and back never skips or repeats a row while rows are added
 * before and after the page being read, ties on the sort key are broken by id, the search
 * finds by fragments through the trigram column, and a hostile cursor is the first page.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cappedCount, encodeCursor, LIST_COUNT_CAP, parseKeyset, type KeysetLinks } from "~/lib/keyset";
import { cappedCountSql } from "~/platform/db/keyset.server";
import { parseMemberSearch, searchMembers } from "~/modules/accounts/member-admin.server";
import { listTrades } from "~/modules/trades/trades.server";
import { parseTradeListQuery } from "~/modules/trades/trade-schema";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { queryRows } from "~/platform/db/client.server";
import { profiles, trades, user } from "~/platform/db/schema";

const DOMAIN = "keyset.example.se";
let database: TestDatabase | undefined;
const db = () => database!.db;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database?.close());
let serial = 0;

/** A member created at `at`, found by the list's search for its domain. */
async function memberAt(at: Date): Promise<string> {
  serial += 1;
  const email = `rad-${serial}-${randomUUID().slice(0, 8)}@${DOMAIN}`;
  const [row] = await db().insert(user).values({ name: `Rad ${serial}`, email, createdAt: at }).returning({ id: user.id });
  await db().insert(profiles).values({ user_id: row!.id, email, first_name: "Rad", last_name: `Nummer${serial}` });
  return row!.id;
}

type Links = KeysetLinks;
const pageOf = (cursor: { efter?: string; fore?: string }) =>
  searchMembers(db(), { q: DOMAIN, pageSize: 3, position: parseKeyset(new URLSearchParams(cursor), "timestamp") });

describe("keyset pages of the Users list", () => {
  it("never skips or repeats a row while newer and older rows arrive between page loads, forward and back", async () => {
    const base = Date.UTC(2026, 0, 1);
    const original: string[] = [];
    // Ten members, three of them sharing one microsecond, so ties are broken by id.
    for (let i = 0; i < 10; i += 1) original.push(await memberAt(new Date(base + (i < 3 ? 0 : i) * 60_000)));

    const seen: string[] = [];
    let page = await pageOf({});
    expect(page.links.first).toBe(false);
    expect(page.links.previous).toBeNull();
    const cursors: Links[] = [page.links];
    seen.push(...page.rows.map((row) => row.id));
    let round = 0;
    while (page.links.next) {
      // Between loads: a member newer than everything, and one older than everything.
      round += 1;
      await memberAt(new Date(base + 3_600_000 * round));
      await memberAt(new Date(base - 3_600_000 * round));
      page = await pageOf({ efter: page.links.next });
      cursors.push(page.links);
      seen.push(...page.rows.map((row) => row.id));
    }
    // Every original row exactly once, newest first (ties by id, descending); the rows added
    // before the first page never show, the older ones all come at the end.
    expect(new Set(seen).size).toBe(seen.length);
    const originalSeen = seen.filter((id) => original.includes(id));
    expect(originalSeen).toHaveLength(original.length);
    const tied = original.slice(0, 3).sort().reverse();
    expect(originalSeen.slice(-3)).toEqual(tied);

    // Back again from the last page: each page is the one that was shown before it (plus no gaps).
    const back: string[] = [...page.rows.map((row) => row.id)];
    while (page.links.previous) {
      round += 1;
      await memberAt(new Date(base + 3_600_000 * (round + 10)));
      page = await pageOf({ fore: page.links.previous });
      back.unshift(...page.rows.map((row) => row.id));
    }
    expect(new Set(back).size).toBe(back.length);
    // Walking back reaches the newest rows, which includes those added meanwhile, in order.
    const all = await queryRows<{ id: string }>(
      db(),
      sql`SELECT u.id FROM "user" u WHERE u.email LIKE ${`%@${DOMAIN}`} ORDER BY u.created_at DESC, u.id DESC`,
    );
    const ordered = all.map((row) => row.id);
    const start = ordered.indexOf(back[0]!);
    expect(back).toEqual(ordered.slice(start, start + back.length));
    expect(back.at(-1)).toBe(seen.at(-1));
  });

  it("offers only the first page from an empty page past the end", async () => {
    const last = await memberAt(new Date(Date.UTC(2000, 0, 1)));
    const [row] = await queryRows<{ cursor: string }>(
      db(),
      sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor FROM "user" WHERE id = ${last}`,
    );
    const empty = await pageOf({ efter: encodeCursor({ value: row!.cursor, id: last }) });
    expect(empty).toMatchObject({ rows: [], links: { first: true, previous: null, next: null } });
  });

  it("finds members by fragments of email and name through the search column, and counts up to the cap", async () => {
    const id = await createMember(db(), { email: "Trigram.Sokning@Exempel.SE", firstName: "Åsa", lastName: "Ödmark" });
    for (const q of ["trigram.sok", "SOKNING@exempel", "åsa", "ÖDMARK", "sa Öd"]) {
      const found = await searchMembers(db(), { q });
      expect(found.rows.map((row) => row.id), q).toEqual([id]);
      expect(found.count, q).toEqual({ count: 1, capped: false });
    }
    expect((await searchMembers(db(), { q: "tri%gram" })).rows).toEqual([]);
    // The count reads one row past its cap at most, and says so.
    const [counted] = await queryRows<{ n: string | number }>(db(), cappedCountSql(sql`FROM "user" u WHERE TRUE`, 2));
    expect(Number(counted!.n)).toBe(3);
    expect(cappedCount(LIST_COUNT_CAP + 1)).toEqual({ count: LIST_COUNT_CAP, capped: true });
    expect(cappedCount(LIST_COUNT_CAP)).toEqual({ count: LIST_COUNT_CAP, capped: false });
  });

  it("treats a hostile or foreign cursor as the first page", async () => {
    const first = await pageOf({});
    const hostile = [
      "' OR 1=1 --",
      "%00",
      "x".repeat(5_000),
      encodeCursor({ value: "2026-99-99T99:99:99.999999Z", id: randomUUID() }),
      encodeCursor({ value: "2026-01-01T00:00:00.000000Z", id: "not-a-uuid" }),
      encodeCursor({ value: "123", id: randomUUID() }),
      btoa("2026-01-01T00:00:00.000000Z~" + randomUUID() + "~extra"),
      "🙂",
    ];
    for (const cursor of hostile) {
      for (const key of ["efter", "fore"]) {
        const position = parseMemberSearch(new URLSearchParams({ [key]: cursor, q: DOMAIN })).position;
        expect(position, `${key}=${cursor.slice(0, 40)}`).toBeNull();
      }
    }
    const page = await searchMembers(db(), { q: DOMAIN, pageSize: 3, position: parseMemberSearch(new URLSearchParams({ efter: "🙂" })).position });
    expect(page.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
  });
});

describe("keyset pages of the Transactions list", () => {
  it("walks a sort by amount with ties in both directions without skipping or repeating", async () => {
    const member = await createMember(db(), { email: `handlare@${DOMAIN}` });
    const insertTrade = async (ore: number) => {
      const [row] = await db()
        .insert(trades)
        .values({ user_id: member, type: "sale", payout_method: "swish", level_at_recording: "bronze", base_total_ore: ore, total_ore: ore })
        .returning({ id: trades.id });
      return row!.id;
    };
    const ids: string[] = [];
    for (const ore of [500, 100, 100, 100, 300, 700, 100, 900]) ids.push(await insertTrade(ore));
    for (const dir of ["asc", "desc"] as const) {
      const params = new URLSearchParams({ memberId: member, sort: "total", dir, pageSize: "3" });
      const seen: string[] = [];
      let page = await listTrades(db(), parseTradeListQuery(params));
      seen.push(...page.rows.map((row) => row.id));
      let added = 0;
      while (page.links.next) {
        // A new trade at the smallest amount between loads: before the page when ascending.
        if (added < 2) {
          added += 1;
          await insertTrade(100);
        }
        params.set("efter", page.links.next);
        page = await listTrades(db(), parseTradeListQuery(params));
        seen.push(...page.rows.map((row) => row.id));
      }
      expect(new Set(seen).size, dir).toBe(seen.length);
      for (const id of ids) expect(seen, dir).toContain(id);
      const amounts = (await listTrades(db(), { memberId: member, sort: "total", dir, pageSize: 100 })).rows;
      const byId = new Map(amounts.map((row) => [row.id, row.totalOre]));
      const walked = seen.map((id) => byId.get(id)!);
      expect(walked, dir).toEqual([...walked].sort((a, b) => (dir === "asc" ? a - b : b - a)));
      ids.push(...amounts.map((row) => row.id).filter((id) => !ids.includes(id)));
    }
  });
});
