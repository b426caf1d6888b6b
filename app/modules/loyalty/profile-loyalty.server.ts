/**
 * The loyalty part of /profile (docs/rules/loyalty.md): level and progress, points, statistics,
 * perks, and the member's paginated histories: points and XP rows, trades with their items, shop
 * orders. Every query is by the member's id on an index and reads one page at most.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { PROFILE_PAGE_SIZE } from "~/platform/platform-constants";
import { pageParams } from "~/lib/paging";
import { listMemberOrders, type ShopOrdersPage } from "~/modules/shop/shop.server";
import { listMemberTrades, type MemberTradesPage } from "~/modules/trades/trades.server";
import { queryRows, type Db } from "~/platform/db/client.server";
import { points_transactions, xp_transactions } from "~/platform/db/schema";
import { levelProgress, type LevelProgress } from "./levels";
import type { Perk } from "./perks";
import { memberStanding, perkViews, standingOf, type MemberPerkView, type MemberStanding } from "./perks.server";

export interface LoyaltyStatistics {
  /** Base totals of completed sales and purchases, in öre (the UI shows SEK). */
  totalSoldOre: number;
  totalBoughtOre: number;
  completedSales: number;
  completedPurchases: number;
  /** Latest trade, order or points/XP movement; null for a member who has done nothing yet. */
  lastActivityAt: Date | null;
}

export interface LoyaltySummary {
  points: number;
  xp: number;
  /** From XP alone (docs/rules/loyalty.md#levels): level badge, next level, progress %, XP left or 'Max nivå uppnådd!'. */
  progress: LevelProgress;
  /** The XP level raised by a running temporary-level perk. */
  effectiveLevel: LevelDefinition;
  pointsMultiplier: number;
  statistics: LoyaltyStatistics;
  perks: MemberPerkView[];
}

async function loyaltyStatistics(db: Db, userId: string): Promise<LoyaltyStatistics> {
  const [row] = await queryRows<{
    sold: string | number | null;
    bought: string | number | null;
    sales: string | number;
    purchases: string | number;
    last_activity: string | Date | null;
  }>(
    db,
    sql`SELECT
          (SELECT COALESCE(sum(base_total_ore), 0) FROM trades WHERE user_id = ${userId} AND type = 'sale' AND status = 'completed') AS sold,
          (SELECT COALESCE(sum(base_total_ore), 0) FROM trades WHERE user_id = ${userId} AND type = 'purchase' AND status = 'completed') AS bought,
          (SELECT count(*) FROM trades WHERE user_id = ${userId} AND type = 'sale' AND status = 'completed') AS sales,
          (SELECT count(*) FROM trades WHERE user_id = ${userId} AND type = 'purchase' AND status = 'completed') AS purchases,
          GREATEST(
            (SELECT max(updated_at) FROM trades WHERE user_id = ${userId}),
            (SELECT created_at FROM point_shop_orders WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1),
            (SELECT created_at FROM points_transactions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1),
            (SELECT created_at FROM xp_transactions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 1)
          ) AS last_activity`,
  );
  return {
    totalSoldOre: Number(row?.sold ?? 0),
    totalBoughtOre: Number(row?.bought ?? 0),
    completedSales: Number(row?.sales ?? 0),
    completedPurchases: Number(row?.purchases ?? 0),
    lastActivityAt: row?.last_activity ? new Date(row.last_activity) : null,
  };
}

/** Null when the user has no profile. */
export async function getLoyaltySummary(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<LoyaltySummary | null> {
  const standing = await memberStanding(db, userId, now);
  return standing ? summaryOf(standing, await loyaltyStatistics(db, userId), now) : null;
}

function summaryOf(standing: MemberStanding, statistics: LoyaltyStatistics, now: Date): LoyaltySummary {
  return {
    points: standing.points,
    xp: standing.xp,
    progress: levelProgress(standing.xp),
    effectiveLevel: standing.level,
    pointsMultiplier: standing.pointsMultiplier,
    statistics,
    perks: perkViews(standing.perks, now),
  };
}

export interface LedgerHistoryEntry {
  id: string;
  /** Positive: earned; negative: spent or taken back. */
  amount: number;
  reason: string;
  referenceId: string | null;
  createdAt: Date;
}

export interface LedgerHistoryPage {
  entries: LedgerHistoryEntry[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

type Ledger = "points" | "xp";
const LEDGER_TABLES = { points: points_transactions, xp: xp_transactions } as const;
type PageAt = ReturnType<typeof pageParams>;

/**
 * One page of a ledger, newest first, with one row more to tell whether another page follows;
 * on the index `(user_id, created_at DESC, id DESC)`, which matches the ORDER BY.
 */
function ledgerPageQuery(db: Db, ledger: Ledger, userId: string, at: PageAt) {
  const table = LEDGER_TABLES[ledger];
  return db
    .select({
      ledger: sql<Ledger>`${ledger}::text`.as("ledger"),
      id: table.id,
      amount: table.amount,
      reason: table.reason,
      referenceId: table.reference_id,
      createdAt: table.created_at,
    })
    .from(table)
    .where(eq(table.user_id, userId))
    .orderBy(desc(table.created_at), desc(table.id))
    .limit(at.pageSize + 1)
    .offset(at.offset);
}

type LedgerRow = Awaited<ReturnType<typeof ledgerPageQuery>>[number];

function toHistoryPage(rows: LedgerRow[], ledger: Ledger, at: PageAt): LedgerHistoryPage {
  const mine = rows.filter((row) => row.ledger === ledger);
  return {
    // A union's rows are not mapped by column: the time comes back as the driver gives it.
    entries: mine.slice(0, at.pageSize).map(({ ledger: _ledger, ...entry }) => ({ ...entry, createdAt: new Date(entry.createdAt) })),
    page: at.page,
    pageSize: at.pageSize,
    hasMore: mine.length > at.pageSize,
  };
}

async function history(db: Db, ledger: Ledger, userId: string, options: { page?: number; pageSize?: number }): Promise<LedgerHistoryPage> {
  const at = pageParams(options, PROFILE_PAGE_SIZE);
  return toHistoryPage(await ledgerPageQuery(db, ledger, userId, at), ledger, at);
}

export const listPointsHistory = (db: Db, userId: string, options: { page?: number; pageSize?: number } = {}) =>
  history(db, "points", userId, options);

export const listXpHistory = (db: Db, userId: string, options: { page?: number; pageSize?: number } = {}) =>
  history(db, "xp", userId, options);

/** One page of each ledger in one statement (two index scans joined by UNION ALL). */
async function ledgerPages(db: Db, userId: string, pages: { points?: number; xp?: number }): Promise<Record<Ledger, LedgerHistoryPage>> {
  const points = pageParams({ page: pages.points }, PROFILE_PAGE_SIZE);
  const xp = pageParams({ page: pages.xp }, PROFILE_PAGE_SIZE);
  const rows = await ledgerPageQuery(db, "points", userId, points).unionAll(ledgerPageQuery(db, "xp", userId, xp));
  return { points: toHistoryPage(rows, "points", points), xp: toHistoryPage(rows, "xp", xp) };
}

export interface ProfileLoyalty {
  summary: LoyaltySummary;
  pointsHistory: LedgerHistoryPage;
  xpHistory: LedgerHistoryPage;
  trades: MemberTradesPage;
  orders: ShopOrdersPage;
}

/**
 * Everything /profile shows of the loyalty programme, each list at the page asked for. With
 * `known` (the balances and perks the request's account read already holds) nothing is read twice.
 */
export async function loadProfileLoyalty(
  db: Db,
  userId: string,
  pages: { points?: number; xp?: number; trades?: number; orders?: number } = {},
  now: Date = new Date(),
  known?: { points: number; xp: number; perks: Perk[] },
): Promise<ProfileLoyalty | null> {
  const standing = known ? standingOf(known, known.perks, now) : await memberStanding(db, userId, now);
  if (!standing) return null;
  const [statistics, ledgers, trades, orders] = await Promise.all([
    loyaltyStatistics(db, userId),
    ledgerPages(db, userId, { points: pages.points, xp: pages.xp }),
    listMemberTrades(db, userId, { page: pages.trades }),
    listMemberOrders(db, userId, { page: pages.orders }),
  ]);
  return { summary: summaryOf(standing, statistics, now), pointsHistory: ledgers.points, xpHistory: ledgers.xp, trades, orders };
}
