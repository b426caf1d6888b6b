/**
 * Perks in the database (docs/rules/loyalty.md#perks): granting one when a shop item with an
 * effect is bought, using a one-off sale bonus on a recorded sale, and what a member's
 * perks change right now (level, points multiplier).
 */
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { LevelDefinition, LevelId, PerkKind } from "~/modules/loyalty/loyalty-constants";
import { queryRows, type Db, type Tx } from "~/platform/db/client.server";
import { member_perks, profiles } from "~/platform/db/schema";
import { effectiveLevel, levelForXp } from "./levels";
import {
  isPerkActive,
  perkLabel,
  periodFor,
  pointsMultiplierAt,
  temporaryLevelsAt,
  type Perk,
  type PerkEffect,
} from "./perks";

type PerkRow = typeof member_perks.$inferSelect;

function toPerk(row: PerkRow): Perk {
  return {
    id: row.id,
    kind: row.kind as PerkKind,
    multiplier: row.multiplier,
    bonusPercent: row.bonus_percent,
    level: row.level as LevelId | null,
    startsAt: row.starts_at,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
  };
}

/** The member's perks that are running or still to come (not expired, not used). */
async function currentPerks(db: Db | Tx, userId: string, now: Date = new Date()): Promise<Perk[]> {
  const rows = await db
    .select()
    .from(member_perks)
    .where(
      and(
        eq(member_perks.user_id, userId),
        isNull(member_perks.consumed_at),
        or(isNull(member_perks.expires_at), gt(member_perks.expires_at, now)),
      ),
    )
    .orderBy(asc(member_perks.starts_at), asc(member_perks.created_at))
    // A member holds a handful of perks; the cap keeps the read bounded whatever happens.
    .limit(100);
  return rows.map(toPerk);
}

export interface MemberPerkView {
  id: string;
  kind: PerkKind;
  /** Swedish, e.g. "Dubbla poäng". */
  label: string;
  multiplier: number | null;
  bonusPercent: number | null;
  level: LevelId | null;
  startsAt: Date;
  /** Null for a one-off perk: it lasts until used. */
  expiresAt: Date | null;
  /** False for a period that starts after a running one. */
  active: boolean;
}

/** For /profile: the member's running and queued perks with their expiry. */
export async function listMemberPerks(db: Db, userId: string, now: Date = new Date()): Promise<MemberPerkView[]> {
  return perkViews(await currentPerks(db, userId, now), now);
}

/** The perks as the member reads them (labels, running or coming). */
export function perkViews(perks: readonly Perk[], now: Date): MemberPerkView[] {
  return perks.map((perk) => ({
    id: perk.id,
    kind: perk.kind,
    label: perkLabel(perk),
    multiplier: perk.multiplier,
    bonusPercent: perk.bonusPercent,
    level: perk.level,
    startsAt: perk.startsAt,
    expiresAt: perk.expiresAt,
    active: isPerkActive(perk, now),
  }));
}

export interface MemberStanding {
  points: number;
  xp: number;
  /** The level the XP gives. */
  xpLevel: LevelDefinition;
  /** The XP level raised by any temporary-level perk: what bonuses, fees and shop gates use. */
  level: LevelDefinition;
  /** Points multiplier in force (1 without a perk). */
  pointsMultiplier: number;
  perks: Perk[];
}

/** What the member counts as right now; null when there is no such profile. */
export async function memberStanding(
  db: Db | Tx,
  userId: string,
  now: Date = new Date(),
): Promise<MemberStanding | null> {
  const [profile] = await db
    .select({ points: profiles.points, xp: profiles.xp })
    .from(profiles)
    .where(eq(profiles.user_id, userId))
    .limit(1);
  if (!profile) return null;
  return standingOf(profile, await currentPerks(db, userId, now), now);
}

/** The same from a profile's balances and perks already read (app/modules/accounts/member-account.server.ts). */
export function standingOf(profile: { points: number; xp: number }, perks: Perk[], now: Date): MemberStanding {
  return {
    points: profile.points,
    xp: profile.xp,
    xpLevel: levelForXp(profile.xp),
    level: effectiveLevel(profile.xp, temporaryLevelsAt(perks, now)),
    pointsMultiplier: pointsMultiplierAt(perks, now),
    perks,
  };
}

/** Creates the perk a bought item grants, tied to its order. */
export async function grantPerk(
  tx: Tx,
  input: { userId: string; effect: PerkEffect; sourceOrderId: string | null; now?: Date },
): Promise<Perk> {
  const now = input.now ?? new Date();
  const { effect } = input;
  let values: typeof member_perks.$inferInsert;
  if (effect.kind === "sale_bonus") {
    values = { user_id: input.userId, kind: "sale_bonus", bonus_percent: effect.percent, starts_at: now };
  } else {
    const existing = await currentPerks(tx, input.userId, now);
    const period = periodFor(effect, existing, now);
    values = {
      user_id: input.userId,
      kind: effect.kind,
      multiplier: effect.kind === "points_multiplier" ? effect.multiplier : null,
      level: effect.kind === "temporary_level" ? effect.level : null,
      starts_at: period.startsAt,
      expires_at: period.expiresAt,
    };
  }
  const [row] = await tx
    .insert(member_perks)
    .values({ ...values, source_order_id: input.sourceOrderId })
    .returning();
  return toPerk(row!);
}

/**
 * Locks the member's oldest unused one-off sale bonus, if any, for the sale being recorded
 * in this transaction. SKIP LOCKED: two sales recorded at once never take the same perk.
 */
export async function lockSaleBonusPerk(
  tx: Tx,
  userId: string,
  now: Date,
): Promise<{ id: string; bonusPercent: number } | null> {
  const rows = await queryRows<{ id: string; bonus_percent: number }>(
    tx,
    sql`SELECT id, bonus_percent FROM member_perks
         WHERE user_id = ${userId} AND kind = 'sale_bonus' AND consumed_at IS NULL
           AND starts_at <= ${now} AND (expires_at IS NULL OR expires_at > ${now})
         ORDER BY created_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED`,
  );
  const row = rows[0];
  return row ? { id: row.id, bonusPercent: Number(row.bonus_percent) } : null;
}

export async function markPerkUsed(tx: Tx, perkId: string, tradeId: string, at: Date): Promise<void> {
  await tx
    .update(member_perks)
    .set({ consumed_at: at, consumed_by_trade_id: tradeId })
    .where(and(eq(member_perks.id, perkId), isNull(member_perks.consumed_at)));
}

/** Gives back a one-off perk used by a trade that is called off (docs/rules/loyalty.md#perks). */
export async function releasePerksOfTrade(tx: Tx, tradeId: string): Promise<number> {
  const rows = await tx
    .update(member_perks)
    .set({ consumed_at: null, consumed_by_trade_id: null })
    .where(eq(member_perks.consumed_by_trade_id, tradeId))
    .returning({ id: member_perks.id });
  return rows.length;
}
