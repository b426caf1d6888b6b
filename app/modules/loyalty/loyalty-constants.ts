/**
 * Points, XP, levels and perks (docs/rules/loyalty.md): the numbers, with what they mean on that
 * page. Isomorphic.
 */

// ---------------------------------------------------------------------------
// Points, XP and levels (docs/rules/loyalty.md#points-and-xp)
// ---------------------------------------------------------------------------
export const POINTS_PER_SEK = { sale: 2, purchase: 1 } as const;
export const XP_PER_SEK = { sale: 2, purchase: 2 } as const;
/** 1,000 points is worth about 500 SEK. */
export const POINTS_VALUE = { points: 1_000, sek: 500 } as const;

export type LevelId = "bronze" | "silver" | "gold" | "platinum";

export interface LevelDefinition {
  id: LevelId;
  name: string;
  /** Brand colour of the level badge (hex). */
  color: string;
  minXP: number;
  /** Inclusive upper bound; null for the top level. */
  maxXP: number | null;
  /** Extra on sales, in percent. */
  saleBonusPercent: number;
  /** Fee on a purchase from us, in percent of the base total (docs/rules/loyalty.md#purchase-fee). */
  purchaseFeePercent: number;
  /** Monthly bonus XP (marketing). */
  monthlyBonusXP: number;
  benefits: readonly string[];
  /** lucide-react icon name. */
  icon: "Shield" | "Star" | "Crown" | "Gem";
}

/** XP levels (docs/rules/loyalty.md#levels): 0, 5,000, 100,000, 500,000. */
export const LEVELS: readonly LevelDefinition[] = [
  {
    id: "bronze",
    name: "Bronze",
    color: "#b45309",
    minXP: 0,
    maxXP: 4_999,
    saleBonusPercent: 0,
    purchaseFeePercent: 5,
    monthlyBonusXP: 0,
    benefits: ["Grundnivå", "Standardkampanjer och giveaways"],
    icon: "Shield",
  },
  {
    id: "silver",
    name: "Silver",
    color: "#64748b",
    minXP: 5_000,
    maxXP: 99_999,
    saleBonusPercent: 1,
    purchaseFeePercent: 5,
    monthlyBonusXP: 500,
    benefits: ["+1% extra på försäljningar", "Standardkampanjer och giveaways"],
    icon: "Star",
  },
  {
    id: "gold",
    name: "Gold",
    color: "#ca8a04",
    minXP: 100_000,
    maxXP: 499_999,
    saleBonusPercent: 2,
    purchaseFeePercent: 3,
    monthlyBonusXP: 2_000,
    benefits: [
      "+2% extra på försäljningar",
      "Rabatterad köpavgift",
      "Månatliga giveaways endast för Gold",
    ],
    icon: "Crown",
  },
  {
    id: "platinum",
    name: "Platinum",
    color: "#7c3aed",
    minXP: 500_000,
    maxXP: null,
    saleBonusPercent: 3,
    purchaseFeePercent: 2,
    monthlyBonusXP: 10_000,
    benefits: [
      "+3% extra på försäljningar",
      "Personlig kontaktperson",
      "Unika erbjudanden som inte är publika",
      "Månatliga giveaways endast för Platinum",
    ],
    icon: "Gem",
  },
] as const;

export const LEVEL_IDS = LEVELS.map((level) => level.id) as readonly LevelId[];

export const MAX_LEVEL_TEXT = "Max nivå uppnådd!";

// ---------------------------------------------------------------------------
// Perks (bought in the point shop; docs/rules/loyalty.md#perks)
// ---------------------------------------------------------------------------
/**
 * `points_multiplier`: trades completed in the period earn points × multiplier.
 * `sale_bonus`: one-off extra percent on the member's next recorded sale.
 * `temporary_level`: the member counts as at least this level during the period.
 */
export const PERK_KINDS = ["points_multiplier", "sale_bonus", "temporary_level"] as const;
export type PerkKind = (typeof PERK_KINDS)[number];
export const PERK_LIMITS = { maxMultiplier: 10, maxBonusPercent: 20, maxDays: 365 } as const;
