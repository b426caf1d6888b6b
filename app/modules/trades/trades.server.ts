/**
 * Trades recorded by staff (docs/rules/loyalty.md#trades).
 *
 * Each write is one transaction that locks the trade row, checks the transition, moves
 * points and XP only through the ledger, writes the audit row and announces the change to
 * the member. Expected failures come back as `{ ok: false, code, message }` with a Swedish
 * message for the staff panel; nothing is written then.
 */
import { asc, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import { PAYOUT_LABELS, type PayoutMethod } from "~/modules/selling/selling-constants";
import {
  SKIN_VARIANT_LABELS,
  TRADE_STATUS_LABELS,
  TRADE_TYPE_LABELS,
  type SkinVariant,
  type SkinWear,
  type TradeStatus,
  type TradeType,
} from "~/modules/trades/trades-constants";
import { ADMIN_PAGE_SIZE, EXPORT_BATCH_SIZE, PROFILE_PAGE_SIZE } from "~/platform/platform-constants";
import { cursorBatches } from "~/platform/db/cursor.server";
import { csvKronorSql, csvLabelSql, csvLineChunks, csvLineSql, csvNumberSql, csvTextSql } from "~/platform/db/csv-sql.server";
import { pageParams, wholeBetween } from "~/lib/paging";
import { keysetPage, keysetPosition, type KeysetLinks, type KeysetPosition } from "~/lib/keyset";
import { cursorValueSql, keysetSql, type KeysetOrder } from "~/platform/db/keyset.server";
import { stockholmDayEnd, stockholmDayStart } from "~/lib/stockholm-time";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/validation";
import { recordAudit } from "~/platform/audit/audit.server";
import { clawbackPoints, clawbackXp, creditPoints, creditXp } from "~/modules/loyalty/ledger.server";
import { levelForXp } from "~/modules/loyalty/levels";
import { lockSaleBonusPerk, markPerkUsed, memberStanding, releasePerksOfTrade } from "~/modules/loyalty/perks.server";
import { onCompletedTradeCancelling, onTradeCompleting } from "~/modules/referrals/referrals.server";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { likePattern } from "~/platform/db/like";
import { trade_items, trades } from "~/platform/db/schema";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { baseTotalOre, canTransition, pointsForTrade, type SaleAmounts, tradeExtras, xpForTrade } from "./trade-rules";
import { tradeInputSchema, tradeReasonSchema, type TradeListQuery, type TradeSort } from "./trade-schema";

export const TRADE_ERRORS = {
  notFound: "Affären finns inte.",
  memberNotFound: "Medlemmen finns inte.",
  ownTrade: "Du kan inte registrera en affär åt dig själv.",
  alreadyCompleted: "Affären är redan genomförd.",
  alreadyReversed: "Affären är redan återförd.",
  alreadyCancelled: "Affären är redan annullerad.",
  purchaseNotReversible: "Ett köp kan inte återföras, bara annulleras.",
  completedNotReversible: "En genomförd försäljning kan inte återföras. Annullera den i stället.",
} as const;

const TRADE_LEDGER_REASONS = {
  completed: { sale: "Genomförd försäljning", purchase: "Genomfört köp" },
  clawback: { sale: "Återtag: annullerad försäljning", purchase: "Återtag: annullerat köp" },
} as const;

type TradeFailureCode = "invalid" | "not_found" | "member_not_found" | "own_trade" | "invalid_transition";

export type TradeResult<T> =
  { ok: true; trade: T } | { ok: false; code: TradeFailureCode; message: string; fieldErrors?: FieldErrors };

export interface TradeItem {
  id: string;
  position: number;
  skinName: string;
  wear: SkinWear | null;
  floatValue: number | null;
  variant: SkinVariant | null;
  priceOre: number;
}

export interface Trade {
  id: string;
  userId: string;
  type: TradeType;
  status: TradeStatus;
  baseTotalOre: number;
  levelAtRecording: LevelId;
  levelBonusPercent: number;
  levelBonusOre: number;
  bulkBonusPercent: number;
  bulkBonusOre: number;
  perkBonusPercent: number;
  perkBonusOre: number;
  purchaseFeePercent: number;
  purchaseFeeOre: number;
  totalOre: number;
  payoutMethod: PayoutMethod | null;
  paymentMethod: string | null;
  recordedBy: string | null;
  note: string | null;
  pointsCredited: number;
  xpCredited: number;
  pointsMultiplier: number;
  clawbackPointsShortfall: number;
  clawbackXpShortfall: number;
  completedAt: Date | null;
  reversedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface TradeDetail extends Trade {
  items: TradeItem[];
}

type TradeRow = typeof trades.$inferSelect;

function toTrade(row: TradeRow): Trade {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type as TradeType,
    status: row.status as TradeStatus,
    baseTotalOre: row.base_total_ore,
    levelAtRecording: row.level_at_recording as LevelId,
    levelBonusPercent: row.level_bonus_percent,
    levelBonusOre: row.level_bonus_ore,
    bulkBonusPercent: row.bulk_bonus_percent,
    bulkBonusOre: row.bulk_bonus_ore,
    perkBonusPercent: row.perk_bonus_percent,
    perkBonusOre: row.perk_bonus_ore,
    purchaseFeePercent: row.purchase_fee_percent,
    purchaseFeeOre: row.purchase_fee_ore,
    totalOre: row.total_ore,
    payoutMethod: row.payout_method as PayoutMethod | null,
    paymentMethod: row.payment_method,
    recordedBy: row.recorded_by,
    note: row.note,
    pointsCredited: row.points_credited,
    xpCredited: row.xp_credited,
    pointsMultiplier: row.points_multiplier,
    clawbackPointsShortfall: row.clawback_points_shortfall,
    clawbackXpShortfall: row.clawback_xp_shortfall,
    completedAt: row.completed_at,
    reversedAt: row.reversed_at,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toItem(row: typeof trade_items.$inferSelect): TradeItem {
  return {
    id: row.id,
    position: row.position,
    skinName: row.skin_name,
    wear: row.wear as SkinWear | null,
    floatValue: row.float_value,
    variant: row.variant as SkinVariant | null,
    priceOre: row.price_ore,
  };
}

async function itemsOf(db: Db | Tx, tradeId: string): Promise<TradeItem[]> {
  const rows = await db
    .select()
    .from(trade_items)
    .where(eq(trade_items.trade_id, tradeId))
    .orderBy(asc(trade_items.position));
  return rows.map(toItem);
}

export async function getTrade(db: Db, tradeId: string): Promise<TradeDetail | null> {
  if (!isUuid(tradeId)) return null;
  const [row] = await db.select().from(trades).where(eq(trades.id, tradeId)).limit(1);
  return row ? { ...toTrade(row), items: await itemsOf(db, tradeId) } : null;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

function fail<T>(code: TradeFailureCode, message: string, errors?: FieldErrors): TradeResult<T> {
  return { ok: false, code, message, ...(errors ? { fieldErrors: errors } : {}) };
}

async function announce(tx: Tx, userId: string): Promise<void> {
  await publishEvent(tx, { type: "account", userId, what: "trade" });
}

// ---------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------

/**
 * Records a trade as `pending`. Its extras are fixed now from the member's effective level
 * (a temporary-level perk counts) and stored: a later level change does not alter them. A
 * sale uses the member's oldest unused one-off sale bonus perk.
 */
export async function recordTrade(
  db: Db,
  input: { actorUserId: string; input: unknown; now?: Date },
): Promise<TradeResult<TradeDetail>> {
  const parsed = tradeInputSchema.safeParse(input.input);
  if (!parsed.success) return fail("invalid", firstError(parsed.error), fieldErrors(parsed.error));
  const data = parsed.data;
  if (data.memberId === input.actorUserId) return fail("own_trade", TRADE_ERRORS.ownTrade);
  const now = input.now ?? new Date();

  return db.transaction(async (tx): Promise<TradeResult<TradeDetail>> => {
    const standing = await memberStanding(tx, data.memberId, now);
    if (!standing) return fail("member_not_found", TRADE_ERRORS.memberNotFound);
    const perk = data.type === "sale" ? await lockSaleBonusPerk(tx, data.memberId, now) : null;
    const baseOre = baseTotalOre(data.items);
    const extras = tradeExtras({
      type: data.type,
      baseOre,
      level: standing.level,
      perkBonusPercent: perk?.bonusPercent,
    });

    const [row] = await tx
      .insert(trades)
      .values({
        user_id: data.memberId,
        type: data.type,
        status: "pending",
        base_total_ore: baseOre,
        level_at_recording: standing.level.id,
        level_bonus_percent: extras.levelBonusPercent,
        level_bonus_ore: extras.levelBonusOre,
        bulk_bonus_percent: extras.bulkBonusPercent,
        bulk_bonus_ore: extras.bulkBonusOre,
        perk_bonus_percent: extras.perkBonusPercent,
        perk_bonus_ore: extras.perkBonusOre,
        purchase_fee_percent: extras.purchaseFeePercent,
        purchase_fee_ore: extras.purchaseFeeOre,
        total_ore: extras.totalOre,
        payout_method: data.payoutMethod,
        payment_method: data.paymentMethod,
        recorded_by: input.actorUserId,
        note: data.note,
        created_at: now,
        updated_at: now,
      })
      .returning();
    const trade = toTrade(row!);
    const itemRows = await tx
      .insert(trade_items)
      .values(
        data.items.map((item, position) => ({
          trade_id: trade.id,
          position,
          skin_name: item.skinName,
          wear: item.wear,
          float_value: item.floatValue,
          variant: item.variant,
          price_ore: item.priceOre,
        })),
      )
      .returning();
    if (perk) await markPerkUsed(tx, perk.id, trade.id, now);
    const detail: TradeDetail = { ...trade, items: itemRows.map(toItem).sort((a, b) => a.position - b.position) };
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: "trade.record",
      entityType: "trade",
      entityId: trade.id,
      before: null,
      after: { ...trade, items: detail.items, perkUsed: perk?.id ?? null },
    });
    await announce(tx, trade.userId);
    return { ok: true, trade: detail };
  });
}

// ---------------------------------------------------------------------------
// Transitions
// ---------------------------------------------------------------------------

function transitionMessage(trade: Trade, to: TradeStatus): string {
  if (trade.status === "completed" && to === "completed") return TRADE_ERRORS.alreadyCompleted;
  if (trade.status === "reversed") return TRADE_ERRORS.alreadyReversed;
  if (trade.status === "cancelled") return TRADE_ERRORS.alreadyCancelled;
  if (to === "reversed" && trade.type === "purchase") return TRADE_ERRORS.purchaseNotReversible;
  if (to === "reversed" && trade.status === "completed") return TRADE_ERRORS.completedNotReversible;
  return `En affär med status ${TRADE_STATUS_LABELS[trade.status].toLowerCase()} kan inte bli ${TRADE_STATUS_LABELS[to].toLowerCase()}.`;
}

/**
 * Locks the trade row for the rest of the transaction: a second request for the same trade
 * waits here and then sees the first one's outcome (so completing twice credits once).
 */
async function lockTrade(tx: Tx, tradeId: string): Promise<Trade | null> {
  if (!isUuid(tradeId)) return null;
  const [row] = await tx.select().from(trades).where(eq(trades.id, tradeId)).for("update");
  return row ? toTrade(row) : null;
}

async function transition(
  db: Db,
  input: { actorUserId: string; tradeId: string; to: TradeStatus; reason?: string | null; now?: Date },
  apply: (tx: Tx, trade: Trade, now: Date) => Promise<Partial<typeof trades.$inferInsert>>,
): Promise<TradeResult<TradeDetail>> {
  const reason = tradeReasonSchema.safeParse(input.reason);
  if (!reason.success) return fail("invalid", firstError(reason.error), { reason: firstError(reason.error) });
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<TradeResult<TradeDetail>> => {
    const before = await lockTrade(tx, input.tradeId);
    if (!before) return fail("not_found", TRADE_ERRORS.notFound);
    if (!canTransition(before.type, before.status, input.to)) {
      return fail("invalid_transition", transitionMessage(before, input.to));
    }
    const changes = await apply(tx, before, now);
    const [row] = await tx
      .update(trades)
      .set({ ...changes, status: input.to, updated_at: now })
      .where(eq(trades.id, before.id))
      .returning();
    const after = toTrade(row!);
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: `trade.${input.to === "completed" ? "complete" : input.to === "reversed" ? "reverse" : "cancel"}`,
      entityType: "trade",
      entityId: after.id,
      before,
      after: { ...after, ...(reason.data ? { reason: reason.data } : {}) },
    });
    await announce(tx, after.userId);
    return { ok: true, trade: { ...after, items: await itemsOf(tx, after.id) } };
  });
}

/**
 * Completes a pending trade (a sale is paid, a purchase delivered) and credits its points
 * and XP once: points = floor(base SEK × rate) × any points multiplier perk in force now,
 * XP = floor(base SEK × rate). docs/rules/loyalty.md#points-and-xp
 */
export function completeTrade(
  db: Db,
  input: { actorUserId: string; tradeId: string; now?: Date },
): Promise<TradeResult<TradeDetail>> {
  return transition(db, { ...input, to: "completed" }, async (tx, trade, now) => {
    const standing = await memberStanding(tx, trade.userId, now);
    const multiplier = standing?.pointsMultiplier ?? 1;
    const points = pointsForTrade(trade.type, trade.baseTotalOre, multiplier);
    const xp = xpForTrade(trade.type, trade.baseTotalOre);
    await creditCompletion(tx, trade, points, xp, now);
    return { completed_at: now, points_credited: points, xp_credited: xp, points_multiplier: multiplier };
  });
}

/** What completing a trade credits, once (ledger idempotency keys per trade), and the referral milestone. */
async function creditCompletion(
  tx: Tx,
  trade: Pick<Trade, "id" | "userId" | "type" | "baseTotalOre">,
  points: number,
  xp: number,
  now: Date,
): Promise<void> {
  const reason = TRADE_LEDGER_REASONS.completed[trade.type];
  if (points > 0) {
    await creditPoints(tx, {
      userId: trade.userId,
      amount: points,
      reason,
      referenceId: trade.id,
      idempotencyKey: `trade:${trade.id}:points`,
    });
  }
  if (xp > 0) {
    await creditXp(tx, {
      userId: trade.userId,
      amount: xp,
      reason,
      referenceId: trade.id,
      idempotencyKey: `trade:${trade.id}:xp`,
    });
  }
  // docs/rules/loyalty.md#milestone: the referral milestone and a Steam account's waiting code, in this transaction.
  await onTradeCompleting(tx, trade, now);
}

/** A paid sell order's sale; its points and XP are what the quote promised, credited as they are. */
export interface PaidSaleInput extends SaleAmounts {
  userId: string;
  /** Staff who paid it; null when a payout gateway did. */
  actorUserId: string | null;
  levelAtRecording: LevelId;
  payoutMethod: PayoutMethod;
  note: string;
  items: { name: string; wear: SkinWear | null; variant: SkinVariant | null; priceOre: number }[];
}

/**
 * A self-service sale that has been paid (docs/rules/selling.md#payouts): recorded straight
 * as completed with the sell order's fixed amounts (the quote's level and bulk bonus and its
 * points and XP, not recomputed), credited through the ledger in the caller's transaction.
 */
export async function recordPaidSale(tx: Tx, input: PaidSaleInput, now: Date): Promise<Trade> {
  const [row] = await tx
    .insert(trades)
    .values({
      user_id: input.userId,
      type: "sale",
      status: "completed",
      base_total_ore: input.baseTotalOre,
      level_at_recording: input.levelAtRecording,
      level_bonus_percent: input.levelBonusPercent,
      level_bonus_ore: input.levelBonusOre,
      bulk_bonus_percent: input.bulkBonusPercent,
      bulk_bonus_ore: input.bulkBonusOre,
      total_ore: input.totalOre,
      payout_method: input.payoutMethod,
      recorded_by: input.actorUserId,
      note: input.note,
      points_credited: input.points,
      xp_credited: input.xp,
      completed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning();
  const trade = toTrade(row!);
  await tx.insert(trade_items).values(
    input.items.map((item, position) => ({
      trade_id: trade.id,
      position,
      skin_name: item.name,
      wear: item.wear,
      variant: item.variant,
      price_ore: item.priceOre,
    })),
  );
  await creditCompletion(tx, trade, input.points, input.xp, now);
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: "trade.record_paid_sale",
    entityType: "trade",
    entityId: trade.id,
    before: null,
    after: trade,
  });
  await announce(tx, trade.userId);
  return trade;
}

/**
 * Cancels a trade. A pending one credited nothing; its one-off sale bonus perk, if it used
 * one, is given back. A completed one (a staff correction) has its points and XP clawed
 * back through the ledger: what the member already spent is recorded as the shortfall.
 * docs/rules/loyalty.md#clawback
 */
export function cancelTrade(
  db: Db,
  input: { actorUserId: string; tradeId: string; reason?: string | null; now?: Date },
): Promise<TradeResult<TradeDetail>> {
  return transition(db, { ...input, to: "cancelled" }, async (tx, trade, now) => {
    if (trade.status === "pending") {
      await releasePerksOfTrade(tx, trade.id);
      return { cancelled_at: now };
    }
    const reason = TRADE_LEDGER_REASONS.clawback[trade.type];
    let pointsShortfall = 0;
    let xpShortfall = 0;
    if (trade.pointsCredited > 0) {
      const result = await clawbackPoints(tx, {
        userId: trade.userId,
        amount: trade.pointsCredited,
        reason,
        referenceId: trade.id,
        idempotencyKey: `trade:${trade.id}:points:clawback`,
      });
      pointsShortfall = result.shortfall;
    }
    if (trade.xpCredited > 0) {
      const result = await clawbackXp(tx, {
        userId: trade.userId,
        amount: trade.xpCredited,
        reason,
        referenceId: trade.id,
        idempotencyKey: `trade:${trade.id}:xp:clawback`,
      });
      xpShortfall = result.shortfall;
    }
    await onCompletedTradeCancelling(tx, trade, now);
    return { cancelled_at: now, clawback_points_shortfall: pointsShortfall, clawback_xp_shortfall: xpShortfall };
  });
}

/**
 * Marks a pending sale as reversed: the seller rolled the items back during Trade
 * Protection. Nothing was credited, so nothing moves; a used one-off perk stays used.
 */
export function reverseTrade(
  db: Db,
  input: { actorUserId: string; tradeId: string; reason?: string | null; now?: Date },
): Promise<TradeResult<TradeDetail>> {
  return transition(db, { ...input, to: "reversed" }, async (_tx, _trade, now) => ({ reversed_at: now }));
}

// ---------------------------------------------------------------------------
// Listing, totals and export (the Transactions tab)
// ---------------------------------------------------------------------------

export interface TradeListRow extends Trade {
  memberEmail: string | null;
  memberName: string | null;
  memberSteamId: string | null;
  itemCount: number;
  /** "AK-47 | Redline (FT); AWP | Asiimov (BS, StatTrak™)" */
  itemSummary: string;
}

export interface TradeTotals {
  count: number;
  baseTotalOre: number;
  totalOre: number;
  bonusOre: number;
  feeOre: number;
  pointsCredited: number;
  xpCredited: number;
}

export interface TradeListPage {
  rows: TradeListRow[];
  totals: TradeTotals;
  links: KeysetLinks;
}

const SORT_COLUMNS: Record<TradeSort, SQL> = {
  created_at: sql`t.created_at`,
  base_total: sql`t.base_total_ore`,
  total: sql`t.total_ore`,
};

/** The list's keyset order for its sort and direction (newest first unless asked). */
function tradeOrder(query: TradeListQuery): KeysetOrder {
  const sort: TradeSort = query.sort && query.sort in SORT_COLUMNS ? query.sort : "created_at";
  return {
    column: SORT_COLUMNS[sort],
    kind: sort === "created_at" ? "timestamp" : "integer",
    id: sql`t.id`,
    direction: query.dir === "asc" ? "asc" : "desc",
  };
}

/** Only Steam's 17-digit ids are matched exactly; everything else searches email and names. */
const STEAM_ID = /^\d{17}$/;

/**
 * Members (profiles `p`) matching a staff search: an exact Steam id, or the profile's one
 * search column (email, names, Steam id, referral code, phone digits) containing it, read
 * through its trigram index.
 */
function memberMatchSql(q: string): SQL {
  if (STEAM_ID.test(q)) return sql`p.steam_id = ${q}`;
  return sql`p.search_text LIKE lower(${likePattern(q)})`;
}

/** The WHERE clause shared by the page, the totals and the export. */
function filterSql(query: TradeListQuery): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  // Callers should pass parseTradeListQuery's output; anything PostgreSQL would choke on
  // simply matches nothing.
  if ((query.memberId && !isUuid(query.memberId)) || query.q?.includes("\u0000")) return sql`FALSE`;
  if (query.type) conditions.push(sql`t.type = ${query.type}`);
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.memberId) conditions.push(sql`t.user_id = ${query.memberId}`);
  const from = query.from ? stockholmDayStart(query.from) : null;
  const to = query.to ? stockholmDayEnd(query.to) : null;
  if (from) conditions.push(sql`t.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`t.created_at < ${to.toISOString()}::timestamptz`);
  const q = query.q?.trim();
  if (q) conditions.push(memberMatchSql(q));
  return sql.join(conditions, sql` AND `);
}

export interface MemberMatch {
  userId: string;
  /** Null for a Steam account's placeholder address. */
  email: string | null;
  name: string | null;
  steamId: string | null;
  /** The level the member's XP gives. */
  level: LevelId;
  points: number;
}

/** For picking the member of a new trade: at most `limit` members by email, name or Steam id. */
export async function searchMembers(db: Db, q: unknown, limit = 10): Promise<MemberMatch[]> {
  if (typeof q !== "string") return [];
  const term = q.trim();
  // Two characters at least, so one keystroke does not list the whole member base.
  if (term.length < 2 || term.length > 200 || term.includes("\u0000")) return [];
  const rows = await queryRows<{
    user_id: string;
    email: string | null;
    placeholder: boolean;
    name: string | null;
    steam_id: string | null;
    xp: number;
    points: number;
  }>(
    db,
    sql`SELECT p.user_id, p.email, p.email_is_placeholder AS placeholder,
               COALESCE(NULLIF(p.display_name, ''), NULLIF(concat_ws(' ', p.first_name, p.last_name), '')) AS name,
               p.steam_id, p.xp, p.points
          FROM profiles p
         WHERE ${memberMatchSql(term)}
         ORDER BY p.email NULLS LAST, p.user_id
         LIMIT ${wholeBetween(limit, 1, 50, 10)}`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.placeholder ? null : row.email,
    name: row.name,
    steamId: row.steam_id,
    level: levelForXp(Number(row.xp)).id,
    points: Number(row.points),
  }));
}

interface RawListRow {
  id: string;
  cursor_value: string;
  member_email: string | null;
  member_name: string | null;
  member_steam_id: string | null;
  item_count: number | string;
  item_summary: string | null;
}

const MEMBER_EMAIL = sql`CASE WHEN p.email_is_placeholder THEN NULL ELSE p.email END`;
const MEMBER_NAME = sql`COALESCE(NULLIF(p.display_name, ''), NULLIF(concat_ws(' ', p.first_name, p.last_name), ''))`;

/**
 * The list's query: the filter, keyset position and order of the table (no LIMIT for an export).
 * `columns` replaces the list's own select list (the export's one CSV line); the trade's items
 * are one lateral aggregate, `items.item_count` and `items.item_summary`.
 */
function listSql(query: TradeListQuery, page: { limit?: number; position: KeysetPosition }, columns?: SQL): SQL {
  const order = tradeOrder(query);
  const keyset = keysetSql(order, page.position);
  const limit = page.limit === undefined ? sql`` : sql`LIMIT ${page.limit}`;
  const selected =
    columns ??
    sql`t.*, ${cursorValueSql(order)} AS cursor_value, ${MEMBER_EMAIL} AS member_email, ${MEMBER_NAME} AS member_name,
        p.steam_id AS member_steam_id, items.item_count, items.item_summary`;
  return sql`SELECT ${selected}
          FROM trades t
          JOIN profiles p ON p.user_id = t.user_id
          CROSS JOIN LATERAL (
            SELECT count(*) AS item_count,
                   string_agg(i.skin_name || ' (' || concat_ws(', ', i.wear,
                     CASE i.variant WHEN 'stattrak' THEN ${SKIN_VARIANT_LABELS.stattrak} WHEN 'souvenir' THEN ${SKIN_VARIANT_LABELS.souvenir} END) || ')',
                     '; ' ORDER BY i.position) AS item_summary
              FROM trade_items i WHERE i.trade_id = t.id) items
         WHERE ${filterSql(query)} AND ${keyset.where}
         ${keyset.orderBy}
         ${limit}`;
}

const TRADE_COLUMNS = Object.entries(getTableColumns(trades));

/** A trade read by raw SQL (`t.*`), typed as Drizzle types getTrade's (bigint öre as numbers, dates). */
function tradeFromRaw(raw: Record<string, unknown>): TradeRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of TRADE_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TradeRow;
}

/** The list rows of `raw`, in its order: one query, no second read of the trades. */
function withTradeColumns(raw: RawListRow[]): Array<TradeListRow & { cursorValue: string }> {
  return raw.map((row) => ({
    ...toTrade(tradeFromRaw(row as unknown as Record<string, unknown>)),
    memberEmail: row.member_email,
    memberName: row.member_name,
    memberSteamId: row.member_steam_id,
    itemCount: Number(row.item_count),
    itemSummary: row.item_summary ?? "",
    cursorValue: row.cursor_value,
  }));
}

async function selectRows(
  db: Db,
  query: TradeListQuery,
  page: { limit: number; position: KeysetPosition },
): Promise<Array<TradeListRow & { cursorValue: string }>> {
  return withTradeColumns(await queryRows<RawListRow>(db, listSql(query, page)));
}

/** The sums the totals row shows, from the trades (`t`) or from their day rows (`d`, daily_trade_totals). */
const TOTALS_COLUMNS = {
  trade: sql`count(*) AS "count", COALESCE(sum(t.base_total_ore), 0) AS "baseTotalOre", COALESCE(sum(t.total_ore), 0) AS "totalOre",
             COALESCE(sum(t.level_bonus_ore + t.bulk_bonus_ore + t.perk_bonus_ore), 0) AS "bonusOre",
             COALESCE(sum(t.purchase_fee_ore), 0) AS "feeOre", COALESCE(sum(t.points_credited), 0) AS "pointsCredited",
             COALESCE(sum(t.xp_credited), 0) AS "xpCredited"`,
  day: sql`COALESCE(sum(d.trades), 0) AS "count", COALESCE(sum(d.base_total_ore), 0) AS "baseTotalOre", COALESCE(sum(d.total_ore), 0) AS "totalOre",
           COALESCE(sum(d.bonus_ore), 0) AS "bonusOre", COALESCE(sum(d.purchase_fee_ore), 0) AS "feeOre",
           COALESCE(sum(d.points_credited), 0) AS "pointsCredited", COALESCE(sum(d.xp_credited), 0) AS "xpCredited"`,
};

/**
 * The totals of the filter. Type, status and whole Stockholm days (all the date filter can say)
 * are read from the day rows the trades' writes keep (`daily_trade_totals`, a few rows per day);
 * a member or a search needs the trades themselves.
 */
function totalsSql(query: TradeListQuery): SQL {
  if (query.q?.trim() || query.memberId) {
    const members = query.q?.trim() ? sql`JOIN profiles p ON p.user_id = t.user_id` : sql``;
    return sql`SELECT ${TOTALS_COLUMNS.trade} FROM trades t ${members} WHERE ${filterSql(query)}`;
  }
  const conditions: SQL[] = [sql`TRUE`];
  if (query.type) conditions.push(sql`d.type = ${query.type}`);
  if (query.status) conditions.push(sql`d.status = ${query.status}`);
  // The same days filterSql turns into times: a day it cannot read filters nothing there either.
  if (query.from && stockholmDayStart(query.from)) conditions.push(sql`d.day >= ${query.from}::date`);
  if (query.to && stockholmDayEnd(query.to)) conditions.push(sql`d.day <= ${query.to}::date`);
  return sql`SELECT ${TOTALS_COLUMNS.day} FROM daily_trade_totals d WHERE ${sql.join(conditions, sql` AND `)}`;
}

async function tradeTotals(db: Db, query: TradeListQuery): Promise<TradeTotals> {
  const [row] = await queryRows<Record<keyof TradeTotals, string | number | null>>(db, totalsSql(query));
  return {
    count: Number(row?.count ?? 0),
    baseTotalOre: Number(row?.baseTotalOre ?? 0),
    totalOre: Number(row?.totalOre ?? 0),
    bonusOre: Number(row?.bonusOre ?? 0),
    feeOre: Number(row?.feeOre ?? 0),
    pointsCredited: Number(row?.pointsCredited ?? 0),
    xpCredited: Number(row?.xpCredited ?? 0),
  };
}

/** One keyset page of the filtered, sorted list with the totals of the whole filter. */
export async function listTrades(db: Db, query: TradeListQuery = {}): Promise<TradeListPage> {
  const pageSize = wholeBetween(query.pageSize, 1, ADMIN_PAGE_SIZE.max, ADMIN_PAGE_SIZE.default);
  const position = keysetPosition(query, tradeOrder(query).kind);
  const [fetched, totals] = await Promise.all([
    selectRows(db, query, { limit: pageSize + 1, position }),
    tradeTotals(db, query),
  ]);
  const page = keysetPage(fetched, pageSize, position, (row) => ({ value: row.cursorValue, id: row.id }));
  return {
    rows: page.rows.map(({ cursorValue: _cursor, ...row }) => row),
    totals,
    links: page.links,
  };
}

/**
 * Every row of the filter in the list's order, a batch at a time: one query read through a
 * cursor (one pass whatever the sort, one batch in memory; app/platform/db/cursor.server.ts).
 */
export async function* exportTrades(
  db: Db,
  query: TradeListQuery = {},
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<TradeListRow[]> {
  for await (const raw of cursorBatches<RawListRow>(db, listSql(query, { position: null }), wholeBetween(batchSize, 1, 5_000, EXPORT_BATCH_SIZE))) {
    yield withTradeColumns(raw).map(({ cursorValue: _cursor, ...row }) => row);
  }
}

export const TRADE_CSV_HEADER = [
  "Id",
  "Registrerad",
  "Typ",
  "Status",
  "Medlem",
  "E-post",
  "Steam-id",
  "Föremål",
  "Antal föremål",
  "Grundbelopp (kr)",
  "Nivåbonus (kr)",
  "Bulkbonus (kr)",
  "Extra bonus (kr)",
  "Köpavgift (kr)",
  "Totalt (kr)",
  "Utbetalning/betalning",
  "Poäng",
  "XP",
  "Genomförd",
  "Återförd",
  "Annullerad",
  "Anteckning",
] as const;

/** A time as the CSV writes it (the form of `Date#toISOString`), formatted by PostgreSQL. */
const isoTime = (column: SQL) => sql`COALESCE(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

/**
 * Each row's CSV line, written by PostgreSQL with csv.ts's rules (app/platform/db/csv-sql.server.ts):
 * 300,000 rows read as objects of twenty columns and formatted cell by cell in the server cost
 * more time and memory than the query itself (docs/decisions/038-scale-dataset-and-exports.md).
 */
const CSV_LINE = csvLineSql([
  sql`t.id::text`,
  isoTime(sql`t.created_at`),
  csvLabelSql(sql`t.type`, TRADE_TYPE_LABELS),
  csvLabelSql(sql`t.status`, TRADE_STATUS_LABELS),
  csvTextSql(MEMBER_NAME),
  csvTextSql(MEMBER_EMAIL),
  csvTextSql(sql`p.steam_id`),
  csvTextSql(sql`items.item_summary`),
  csvNumberSql(sql`items.item_count`),
  ...[sql`t.base_total_ore`, sql`t.level_bonus_ore`, sql`t.bulk_bonus_ore`, sql`t.perk_bonus_ore`].map(csvKronorSql),
  ...[sql`t.purchase_fee_ore`, sql`t.total_ore`].map(csvKronorSql),
  sql`CASE WHEN t.payout_method IS NOT NULL THEN ${csvLabelSql(sql`t.payout_method`, PAYOUT_LABELS)} ELSE ${csvTextSql(sql`t.payment_method`)} END`,
  csvNumberSql(sql`t.points_credited`),
  csvNumberSql(sql`t.xp_credited`),
  ...[sql`t.completed_at`, sql`t.reversed_at`, sql`t.cancelled_at`].map(isoTime),
  csvTextSql(sql`t.note`),
]);

/**
 * The filtered list as CSV text chunks: byte-order mark and header first, then a chunk per batch,
 * read through the same cursor and order as exportTrades.
 */
export function exportTradesCsv(db: Db, query: TradeListQuery = {}): AsyncGenerator<string> {
  return csvLineChunks(db, TRADE_CSV_HEADER, listSql(query, { position: null }, sql`${CSV_LINE} AS line`), EXPORT_BATCH_SIZE);
}

// ---------------------------------------------------------------------------
// A member's own trades (/profile)
// ---------------------------------------------------------------------------

export interface MemberTradesPage {
  trades: TradeDetail[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export async function listMemberTrades(
  db: Db,
  userId: string,
  options: { page?: number; pageSize?: number } = {},
): Promise<MemberTradesPage> {
  const { page, pageSize, offset } = pageParams(options, PROFILE_PAGE_SIZE);
  // The page's trades with their lines in one statement (the lines as JSON, in their order; the
  // trade's id qualified by hand, as drizzle writes a column of a one-table select bare).
  const rows = await db
    .select({
      trade: trades,
      items: sql<Array<typeof trade_items.$inferSelect> | null>`(SELECT json_agg(i ORDER BY i.position) FROM ${trade_items} i WHERE i.trade_id = ${sql.raw(`"trades"."id"`)})`,
    })
    .from(trades)
    .where(eq(trades.user_id, userId))
    .orderBy(desc(trades.created_at), desc(trades.id))
    .limit(pageSize + 1)
    .offset(offset);
  return {
    trades: rows.slice(0, pageSize).map((row) => ({ ...toTrade(row.trade), items: (row.items ?? []).map(toItem) })),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}
