/**
 * What the staff form previews before a trade is recorded (docs/rules/loyalty.md#trades):
 * the member's level as the trade rules will read it, the one-off sale bonus a sale would use,
 * and the points multiplier in force. The numbers themselves come from `tradeExtras`, in the
 * form, with the same function the trade service fixes them with.
 */
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import { isPerkActive } from "~/modules/loyalty/perks";
import { memberStanding } from "~/modules/loyalty/perks.server";
import type { Db } from "~/platform/db/client.server";

export interface MemberTradeStanding {
  userId: string;
  /** The level bonuses and fees use (a temporary-level perk counts). */
  level: LevelId;
  /** The level the member's XP alone gives. */
  xpLevel: LevelId;
  points: number;
  xp: number;
  /** Points multiplier in force now (1 without a perk); completion uses the one in force then. */
  pointsMultiplier: number;
  /** The one-off sale bonus a sale recorded now would use (0 without one). */
  saleBonusPercent: number;
}

export async function memberTradeStanding(db: Db, userId: string, now: Date = new Date()): Promise<MemberTradeStanding | null> {
  const standing = await memberStanding(db, userId, now);
  if (!standing) return null;
  // The oldest active one, as recording a sale picks it (perks come oldest first).
  const saleBonus = standing.perks.find((perk) => perk.kind === "sale_bonus" && isPerkActive(perk, now));
  return {
    userId,
    level: standing.level.id,
    xpLevel: standing.xpLevel.id,
    points: standing.points,
    xp: standing.xp,
    pointsMultiplier: standing.pointsMultiplier,
    saleBonusPercent: saleBonus?.bonusPercent ?? 0,
  };
}
