/**
 * VIP levels from XP (docs/rules/loyalty.md#levels). Isomorphic: /profile,
 * /xp-system, the point shop and the trade service all derive levels here.
 */
import { LEVELS, MAX_LEVEL_TEXT, type LevelDefinition, type LevelId } from "~/modules/loyalty/loyalty-constants";
import { formatNumber } from "~/lib/format";

export interface LevelProgress {
  level: LevelDefinition;
  /** Null at the top level. */
  next: LevelDefinition | null;
  /** (xp − current minimum) / (next minimum − current minimum) in percent, 0-100, whole. */
  progressPercent: number;
  /** XP still needed for the next level; 0 at the top level. */
  xpLeft: number;
  maxReached: boolean;
  /** 'Max nivå uppnådd!' at the top level, else "{n} XP kvar till {next}". */
  label: string;
}

function assertLevels(): void {
  // The rules below assume ascending minimums starting at 0; a broken constant should fail loudly.
  if (LEVELS[0]?.minXP !== 0) throw new Error("the first level must start at 0 XP");
}
assertLevels();

export function levelById(id: LevelId): LevelDefinition {
  const level = LEVELS.find((candidate) => candidate.id === id);
  if (!level) throw new Error(`unknown level ${id}`);
  return level;
}

/** Position of a level, 0 for Bronze; a higher rank is a higher level. */
export function levelRank(id: LevelId): number {
  return LEVELS.findIndex((level) => level.id === id);
}

/** The level an amount of XP gives. Negative or fractional XP is treated as its floor, at least 0. */
export function levelForXp(xp: number): LevelDefinition {
  const value = Math.max(0, Math.floor(Number.isFinite(xp) ? xp : 0));
  let current = LEVELS[0]!;
  for (const level of LEVELS) if (value >= level.minXP) current = level;
  return current;
}

export function nextLevel(level: LevelDefinition): LevelDefinition | null {
  return LEVELS[levelRank(level.id) + 1] ?? null;
}

export function levelProgress(xp: number): LevelProgress {
  const value = Math.max(0, Math.floor(Number.isFinite(xp) ? xp : 0));
  const level = levelForXp(value);
  const next = nextLevel(level);
  if (!next) {
    return { level, next: null, progressPercent: 100, xpLeft: 0, maxReached: true, label: MAX_LEVEL_TEXT };
  }
  const span = next.minXP - level.minXP;
  // Floored so the bar never shows 100 % before the level is reached.
  const progressPercent = Math.min(100, Math.floor(((value - level.minXP) / span) * 100));
  const xpLeft = next.minXP - value;
  return {
    level,
    next,
    progressPercent,
    xpLeft,
    maxReached: false,
    label: `${formatNumber(xpLeft)} XP kvar till ${next.name}`,
  };
}

/** The higher of two levels. */
function higherLevel(a: LevelDefinition, b: LevelDefinition): LevelDefinition {
  return levelRank(b.id) > levelRank(a.id) ? b : a;
}

/**
 * The level a member counts as: the XP level, raised by any active temporary-level perk
 * (docs/rules/loyalty.md#perks). A temporary level never lowers it.
 */
export function effectiveLevel(xp: number, temporaryLevels: readonly LevelId[] = []): LevelDefinition {
  return temporaryLevels.reduce((best, id) => higherLevel(best, levelById(id)), levelForXp(xp));
}

/** Whether a member at `level` may use something gated at `required` (null: open to all). */
export function meetsLevel(level: LevelDefinition, required: LevelId | null): boolean {
  return required === null || levelRank(level.id) >= levelRank(required);
}
