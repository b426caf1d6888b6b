/**
 * The site's figures (docs/decisions/055-site-figures.md): members, completed trades, SEK paid
 * out to sellers and trades per day computed from the daily rollups (decision 040) — never a
 * scan of history — and the review sources staff configured. Kept in memory for a few minutes,
 * so a page view costs no query; a figure below its minimum (config) comes back null.
 */
import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { addDays, stockholmDay } from "~/lib/stockholm-time";
import { recordAudit } from "~/platform/audit/audit.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { config } from "~/platform/config.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { cohort_months, daily_trades, profiles, review_sources } from "~/platform/db/schema";
import type { FigureName } from "./claims";
import type { ReviewPlatform } from "./marketing-constants";
import type { ReviewSourceInput } from "./review-source-schema";
import { publicFigures, summarizeReviews, type FigureMinimums, type ReviewSource, type SiteFigures } from "./site-figures";

/** How long computed figures are reused before they are read again. */
const CACHE_MS = 5 * 60_000;
/** Trades per day is the average over this many whole days before today. */
const TRADES_PER_DAY_WINDOW_DAYS = 30;

const total = (expression: ReturnType<typeof sql>) => sql<string>`coalesce(${expression}, 0)::text`;

/** The computed values, whatever their size: four reads of rollups and one partial index. */
export async function computeSiteFigures(db: Db, now: Date = new Date()): Promise<Record<FigureName, number>> {
  const today = stockholmDay(now);
  const [[members], [deleted], [all], [recent]] = await Promise.all([
    db.select({ n: total(sql`sum(${cohort_months.members})`) }).from(cohort_months),
    db.select({ n: total(sql`count(*)`) }).from(profiles).where(isNotNull(profiles.deleted_at)),
    db
      .select({
        trades: total(sql`sum(${daily_trades.trades})`),
        paidOre: total(sql`sum(${daily_trades.total_ore}) FILTER (WHERE ${daily_trades.type} = 'sale')`),
      })
      .from(daily_trades),
    db
      .select({ trades: total(sql`sum(${daily_trades.trades})`) })
      .from(daily_trades)
      .where(and(gte(daily_trades.day, addDays(today, -TRADES_PER_DAY_WINDOW_DAYS)), lt(daily_trades.day, today))),
  ]);
  return {
    members: Number(members!.n) - Number(deleted!.n),
    trades: Number(all!.trades),
    // Every paid sell order is a completed sale trade (sell_orders_paid_has_trade), so it is counted here once.
    paidOutSek: Math.floor(Number(all!.paidOre) / 100),
    tradesPerDay: Math.floor(Number(recent!.trades) / TRADES_PER_DAY_WINDOW_DAYS),
  };
}

/** The minimums this deployment uses (config, defaulting to the claims module's). */
function configuredMinimums(): FigureMinimums {
  const env = config();
  return {
    members: env.SITE_FIGURE_MIN_MEMBERS,
    trades: env.SITE_FIGURE_MIN_TRADES,
    paidOutSek: env.SITE_FIGURE_MIN_PAID_OUT_SEK,
    tradesPerDay: env.SITE_FIGURE_MIN_TRADES_PER_DAY,
  };
}

/** The configured review sources, Trustpilot before Google. */
export async function listReviewSources(db: Db): Promise<ReviewSource[]> {
  const rows = await db.select().from(review_sources).orderBy(sql`${review_sources.platform} = 'Google'`, asc(review_sources.platform));
  return rows.map((row) => ({ platform: row.platform, rating: row.rating_tenths / 10, count: row.review_count, url: row.url }));
}

let cached: { at: number; value: SiteFigures } | null = null;

/** What the public pages show, read at most once per few minutes per process. */
export async function loadSiteFigures(db: Db, now: Date = new Date()): Promise<SiteFigures> {
  if (cached && now.getTime() - cached.at < CACHE_MS && now.getTime() >= cached.at) return cached.value;
  const [values, sources] = await Promise.all([computeSiteFigures(db, now), listReviewSources(db)]);
  const value: SiteFigures = { ...publicFigures(values, configuredMinimums()), reviews: summarizeReviews(sources) };
  cached = { at: now.getTime(), value };
  return value;
}

/** Forgets the kept figures: the next page reads them anew (after staff change a review source). */
export function forgetSiteFigures(): void {
  cached = null;
}

type ReviewSourceResult = { ok: true; source: ReviewSource | null } | { ok: false; message: string };

async function currentSource(tx: Tx | Db, platform: ReviewPlatform) {
  const [row] = await tx.select().from(review_sources).where(eq(review_sources.platform, platform)).for("update");
  return row ? { platform: row.platform, rating: row.rating_tenths / 10, count: row.review_count, url: row.url } : null;
}

/** Sets a platform's rating, count and source link; audited in the same transaction. */
export async function saveReviewSource(db: Db, input: { actorUserId: string; values: ReviewSourceInput }): Promise<ReviewSourceResult> {
  const { platform, rating, count, url } = input.values;
  const source = await db.transaction(async (tx) => {
    const before = await currentSource(tx, platform);
    const row = { rating_tenths: Math.round(rating * 10), review_count: count, url, updated_by: input.actorUserId, updated_at: new Date() };
    await tx
      .insert(review_sources)
      .values({ platform, ...row })
      .onConflictDoUpdate({ target: review_sources.platform, set: row });
    const after = { platform, rating, count, url };
    await recordAudit(tx, { actorUserId: input.actorUserId, action: "review_source.save", entityType: "review_source", entityId: platform, before, after });
    // The anonymous HTML cache drops the pages that show it.
    await publishEvent(tx, { type: "content", tag: "config" });
    return after;
  });
  forgetSiteFigures();
  return { ok: true, source };
}

/** Removes a platform: the site shows no rating or count for it any more; audited. */
export async function removeReviewSource(db: Db, input: { actorUserId: string; platform: ReviewPlatform }): Promise<ReviewSourceResult> {
  await db.transaction(async (tx) => {
    const before = await currentSource(tx, input.platform);
    if (!before) return;
    await tx.delete(review_sources).where(eq(review_sources.platform, input.platform));
    await recordAudit(tx, { actorUserId: input.actorUserId, action: "review_source.remove", entityType: "review_source", entityId: input.platform, before, after: null });
    await publishEvent(tx, { type: "content", tag: "config" });
  });
  forgetSiteFigures();
  return { ok: true, source: null };
}
