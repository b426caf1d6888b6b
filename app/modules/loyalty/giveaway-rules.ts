/**
 * Monthly giveaways' rules (docs/rules/admin.md#giveaways), isomorphic: what staff post when
 * creating one, which XP ranges the chosen levels cover, and the Swedish messages. Gold and
 * Platinum are eligible by default (the levels whose benefits name monthly giveaways).
 */
import { z } from "~/lib/zod";
import { LEVEL_IDS, LEVELS, type LevelId } from "~/modules/loyalty/loyalty-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";

export const GIVEAWAY_DEFAULT_LEVELS: readonly LevelId[] = ["gold", "platinum"];
export const GIVEAWAY_LIMITS = { title: TEXT_LIMITS.name, prize: 200 } as const;

export const GIVEAWAY_MESSAGES = {
  titleRequired: "Ange en rubrik.",
  prizeRequired: "Ange vinsten.",
  levels: "Välj minst en nivå.",
  month: "Ange månaden som ÅÅÅÅ-MM.",
  giveawayRequired: "Välj en giveaway.",
  notFound: "Giveawayen finns inte.",
  alreadyDrawn: "Vinnaren är redan dragen för den här giveawayen.",
  noCandidates: "Det finns inga medlemmar på de valda nivåerna just nu, så ingen vinnare kan dras.",
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const levelIds = LEVEL_IDS as unknown as [LevelId, ...LevelId[]];

/** A list, or text with the ids separated by commas. */
const asList = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : typeof value === "string" ? value.split(",").map((id) => id.trim()) : value;

/** The form's checkbox for a level (a form keeps only one value per name). */
export const levelField = (id: LevelId) => `level-${id}`;

/** Reads the form's level checkboxes into `eligibleLevels` when it is not given directly. */
function withLevelsFromCheckboxes(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  if (input.eligibleLevels !== undefined) return input;
  return { ...input, eligibleLevels: LEVEL_IDS.filter((id) => input[levelField(id)] === "on" || input[levelField(id)] === "true") };
}

const giveawayFields = z.object({
  title: textField(GIVEAWAY_LIMITS.title).pipe(z.string().min(1, GIVEAWAY_MESSAGES.titleRequired)),
  prize: textField(GIVEAWAY_LIMITS.prize).pipe(z.string().min(1, GIVEAWAY_MESSAGES.prizeRequired)),
  eligibleLevels: z.preprocess(
    asList,
    z
      .array(z.enum(levelIds, { error: GIVEAWAY_MESSAGES.levels }), { error: GIVEAWAY_MESSAGES.levels })
      .min(1, GIVEAWAY_MESSAGES.levels)
      .max(LEVEL_IDS.length, GIVEAWAY_MESSAGES.levels)
      // Stored in the levels' own order, once each.
      .transform((levels) => LEVEL_IDS.filter((id) => levels.includes(id))),
  ),
  month: z.string({ error: GIVEAWAY_MESSAGES.month }).trim().regex(MONTH, GIVEAWAY_MESSAGES.month),
});
export const giveawaySchema = z.preprocess(withLevelsFromCheckboxes, giveawayFields);
export type GiveawayInput = z.output<typeof giveawayFields>;

export const giveawayIdSchema = z.object({
  giveawayId: z
    .string({ error: GIVEAWAY_MESSAGES.giveawayRequired })
    .trim()
    .regex(UUID, GIVEAWAY_MESSAGES.giveawayRequired)
    .transform((value) => value.toLowerCase()),
});

export const isGiveawayId = (value: string) => UUID.test(value);

/** XP ranges (min inclusive, max exclusive or open) whose level is one of `levels`. */
export function xpRangesForLevels(levels: readonly LevelId[]): { min: number; below: number | null }[] {
  return LEVELS.flatMap((level, index) =>
    levels.includes(level.id) ? [{ min: level.minXP, below: LEVELS[index + 1]?.minXP ?? null }] : [],
  );
}

/** "Gold och Platinum" for a list of level ids. */
export function levelNames(levels: readonly string[]): string {
  const names = LEVELS.filter((level) => levels.includes(level.id)).map((level) => level.name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} och ${names.at(-1)}`;
}
