/**
 * Perks bought in the point shop and what they change (docs/rules/loyalty.md#perks).
 * Isomorphic: the trade rules, the shop and /profile read perks through these helpers.
 */
import type { LevelId, PerkKind } from "~/modules/loyalty/loyalty-constants";
import { levelById } from "./levels";

export interface Perk {
  id: string;
  kind: PerkKind;
  multiplier: number | null;
  bonusPercent: number | null;
  level: LevelId | null;
  startsAt: Date;
  /** Null for a one-off perk, which lasts until it is used. */
  expiresAt: Date | null;
  consumedAt: Date | null;
}

/** What a shop item grants when bought. */
export type PerkEffect =
  | { kind: "points_multiplier"; multiplier: number; days: number }
  | { kind: "sale_bonus"; percent: number }
  | { kind: "temporary_level"; level: LevelId; days: number };

/** Whether a perk applies at a moment: started, not expired, not used up. */
export function isPerkActive(perk: Perk, at: Date): boolean {
  if (perk.consumedAt) return false;
  if (perk.startsAt.getTime() > at.getTime()) return false;
  return perk.expiresAt === null || perk.expiresAt.getTime() > at.getTime();
}

/** Multipliers do not stack: the largest active one counts; 1 without any. */
export function pointsMultiplierAt(perks: readonly Perk[], at: Date): number {
  return perks
    .filter((perk) => perk.kind === "points_multiplier" && isPerkActive(perk, at))
    .reduce((best, perk) => Math.max(best, perk.multiplier ?? 1), 1);
}

export function temporaryLevelsAt(perks: readonly Perk[], at: Date): LevelId[] {
  return perks
    .filter((perk) => perk.kind === "temporary_level" && isPerkActive(perk, at) && perk.level)
    .map((perk) => perk.level!);
}

/** Swedish description of a perk for /profile and mails. */
export function perkLabel(perk: Pick<Perk, "kind" | "multiplier" | "bonusPercent" | "level">): string {
  switch (perk.kind) {
    case "points_multiplier":
      return perk.multiplier === 2 ? "Dubbla poäng" : `${perk.multiplier}× poäng`;
    case "sale_bonus":
      return `+${perk.bonusPercent} % extra på nästa försäljning`;
    case "temporary_level":
      return `${perk.level ? levelById(perk.level).name : ""}-förmåner`;
  }
}

/** Swedish description of an effect, as the shop and the order mail state it. */
export function effectLabel(effect: PerkEffect): string {
  switch (effect.kind) {
    case "points_multiplier":
      return `${perkLabel({ kind: effect.kind, multiplier: effect.multiplier, bonusPercent: null, level: null })} i ${effect.days} dagar`;
    case "sale_bonus":
      return perkLabel({ kind: effect.kind, multiplier: null, bonusPercent: effect.percent, level: null });
    case "temporary_level":
      return `${perkLabel({ kind: effect.kind, multiplier: null, bonusPercent: null, level: effect.level })} i ${effect.days} dagar`;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a newly bought period perk runs: from now, or queued after the member's latest
 * period of the same kind (and level) so a second purchase extends rather than overlaps.
 */
export function periodFor(
  effect: Extract<PerkEffect, { days: number }>,
  existing: readonly Perk[],
  now: Date,
): { startsAt: Date; expiresAt: Date } {
  const sameKind = existing.filter(
    (perk) =>
      perk.kind === effect.kind &&
      perk.expiresAt !== null &&
      perk.expiresAt.getTime() > now.getTime() &&
      (effect.kind !== "temporary_level" || perk.level === effect.level) &&
      (effect.kind !== "points_multiplier" || perk.multiplier === effect.multiplier),
  );
  const latestEnd = sameKind.reduce((latest, perk) => Math.max(latest, perk.expiresAt!.getTime()), now.getTime());
  const startsAt = new Date(latestEnd);
  return { startsAt, expiresAt: new Date(startsAt.getTime() + effect.days * DAY_MS) };
}

/** The effect columns of a shop item as a typed effect; null for a hand-fulfilled reward. */
export function effectFromItem(item: {
  effect_kind: string | null;
  effect_value: number | null;
  effect_level: string | null;
  effect_days: number | null;
}): PerkEffect | null {
  switch (item.effect_kind) {
    case "points_multiplier":
      return { kind: "points_multiplier", multiplier: item.effect_value!, days: item.effect_days! };
    case "sale_bonus":
      return { kind: "sale_bonus", percent: item.effect_value! };
    case "temporary_level":
      return { kind: "temporary_level", level: item.effect_level as LevelId, days: item.effect_days! };
    default:
      return null;
  }
}
