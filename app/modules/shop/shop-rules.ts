/**
 * Point-shop rules the page and the server share (docs/rules/loyalty.md#point-shop): affordability,
 * the progress bar, the redeem button's state, and the Swedish texts of a purchase's outcome.
 */
import type { LevelDefinition, LevelId } from "~/modules/loyalty/loyalty-constants";
import { levelById, levelRank, meetsLevel } from "~/modules/loyalty/levels";
import type { PerkEffect } from "~/modules/loyalty/perks";
import { formatPoints } from "~/lib/format";

export const SHOP_MESSAGES = {
  success: "Köp genomfört!",
  failureTitle: "Köp misslyckades",
  /** When the server gave no reason (network error, 5xx). */
  failureFallback: "Kunde inte genomföra köpet.",
  signInToBuy: "Logga in för att köpa",
  buy: "Köp",
  soldOut: "Slutsåld",
  itemGone: "Belöningen finns inte längre.",
  itemSoldOut: "Belöningen är slutsåld.",
  insufficientPoints: "Du har inte tillräckligt med poäng.",
  profileMissing: "Kunde inte hämta användardata",
  levelRequired: (level: LevelDefinition) => `Belöningen kräver nivån ${level.name}.`,
  alreadyHasLevel: (level: LevelDefinition) => `Du har redan nivån ${level.name}, som ger samma förmåner eller fler.`,
  pointsLeft: (points: number) => `${formatPoints(points)} kvar`,
  requiresLevel: (level: LevelDefinition) => `Kräver ${level.name}`,
  /** A temporary level the member's own XP already gives. */
  includedInLevel: (level: LevelDefinition) => `Ingår redan i ${level.name}`,
  /** Toast body after 'Köp genomfört!'. */
  purchased: (itemName: string, points: number) =>
    `Du löste in ${itemName} för ${formatPoints(points)}.`,
} as const;

/** Progress toward an item's cost: min(points / cost × 100, 100). */
export function shopProgressPercent(points: number, cost: number): number {
  if (cost <= 0) return 100;
  return Math.min((Math.max(0, points) / cost) * 100, 100);
}

/** Points still missing for an item; 0 when affordable. */
export function pointsShort(points: number, cost: number): number {
  return Math.max(0, cost - Math.max(0, points));
}

export function canAfford(points: number, cost: number): boolean {
  return points >= cost;
}

export type RedeemState =
  | { kind: "sign-in"; label: string; disabled: false }
  | { kind: "sold-out"; label: string; disabled: true }
  | { kind: "locked"; label: string; disabled: true; level: LevelId }
  | { kind: "owned"; label: string; disabled: true }
  | { kind: "short"; label: string; disabled: true; pointsShort: number }
  | { kind: "buy"; label: string; disabled: false };

/**
 * The redeem button: visitors are asked to sign in (pressing it goes to /auth);
 * a member short of points sees how many are missing; a locked item names the level; a
 * temporary level the member already has through XP is not for sale to them.
 */
export function redeemState(input: {
  signedIn: boolean;
  points: number;
  cost: number;
  soldOut: boolean;
  memberLevel: LevelDefinition | null;
  minLevel: LevelId | null;
  /** The level a temporary-level item grants, and the level the member's XP gives. */
  grantsLevel?: LevelId | null;
  xpLevel?: LevelDefinition | null;
}): RedeemState {
  if (!input.signedIn) return { kind: "sign-in", label: SHOP_MESSAGES.signInToBuy, disabled: false };
  if (input.soldOut) return { kind: "sold-out", label: SHOP_MESSAGES.soldOut, disabled: true };
  if (input.minLevel && (!input.memberLevel || !meetsLevel(input.memberLevel, input.minLevel))) {
    return {
      kind: "locked",
      label: SHOP_MESSAGES.requiresLevel(levelById(input.minLevel)),
      disabled: true,
      level: input.minLevel,
    };
  }
  // The server refuses a temporary level the member's XP already gives (docs/rules/loyalty.md#perks).
  if (input.grantsLevel && input.xpLevel && levelRank(input.xpLevel.id) >= levelRank(input.grantsLevel)) {
    return { kind: "owned", label: SHOP_MESSAGES.includedInLevel(input.xpLevel), disabled: true };
  }
  const short = pointsShort(input.points, input.cost);
  if (short > 0) return { kind: "short", label: SHOP_MESSAGES.pointsLeft(short), disabled: true, pointsShort: short };
  return { kind: "buy", label: SHOP_MESSAGES.buy, disabled: false };
}

/**
 * What buying an item with an effect does, in the shop's words (docs/rules/loyalty.md#perks):
 * a period perk runs from the purchase (or after the running one) and shows on /profile with
 * its end date; a one-off sale bonus waits for the member's next recorded sale.
 */
export function effectNote(effect: PerkEffect): string {
  if (effect.kind === "sale_bonus") {
    return `Aktiveras direkt och läggs på din nästa försäljning som vi registrerar. Syns på din profil tills den används.`;
  }
  return `Aktiveras direkt och gäller i ${effect.days} dagar. Syns på din profil med slutdatum.`;
}
