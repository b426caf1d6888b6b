/**
 * The staff form for a review source (docs/decisions/055-site-figures.md): platform, rating
 * 1,0–5,0 with one decimal, number of reviews and the public page they are read from (https
 * only). Isomorphic: the form and the action refuse the same input with the same Swedish words.
 */
import { formatNumber } from "~/lib/format";
import { z } from "~/lib/zod";
import { REVIEW_PLATFORMS, REVIEW_SOURCE_LIMITS } from "./marketing-constants";

export const REVIEW_SOURCE_MESSAGES = {
  platform: "Välj Trustpilot eller Google.",
  rating: "Betyget måste vara ett tal mellan 1,0 och 5,0 med högst en decimal.",
  count: `Antalet omdömen måste vara ett heltal mellan 0 och ${formatNumber(REVIEW_SOURCE_LIMITS.maxCount)}.`,
  url: "Ange länken till den publika sidan med omdömena, som börjar med https://.",
} as const;

const platform = z.enum(REVIEW_PLATFORMS, { error: REVIEW_SOURCE_MESSAGES.platform });

/** "4,8" and "4.8" both read as 4.8. */
const rating = z
  .union([z.string(), z.number()], { error: REVIEW_SOURCE_MESSAGES.rating })
  .transform((value) => String(value).trim().replace(",", "."))
  .refine((value) => /^\d(\.\d)?$/.test(value), REVIEW_SOURCE_MESSAGES.rating)
  .transform(Number)
  .refine((value) => value >= REVIEW_SOURCE_LIMITS.minRating && value <= REVIEW_SOURCE_LIMITS.maxRating, REVIEW_SOURCE_MESSAGES.rating);

/** "2 847" with a space or a no-break space reads as 2847. */
const count = z
  .union([z.string(), z.number()], { error: REVIEW_SOURCE_MESSAGES.count })
  .transform((value) => String(value).replace(/[\s\u00a0\u202f]/g, ""))
  .refine((value) => /^\d{1,8}$/.test(value) && Number(value) <= REVIEW_SOURCE_LIMITS.maxCount, REVIEW_SOURCE_MESSAGES.count)
  .transform(Number);

const url = z
  .string({ error: REVIEW_SOURCE_MESSAGES.url })
  .trim()
  .max(REVIEW_SOURCE_LIMITS.urlMaxLength, REVIEW_SOURCE_MESSAGES.url)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: REVIEW_SOURCE_MESSAGES.url }))
  // Letters, digits and the URL punctuation only: no quotes, angle brackets or spaces in a link the site renders.
  .refine((value) => /^https:\/\/[A-Za-z0-9.-]+(?::\d+)?(?:[/?#][A-Za-z0-9\-._~/?#=&%+:@!,;]*)?$/.test(value), REVIEW_SOURCE_MESSAGES.url);

export const reviewSourceSchema = z.object({ platform, rating, count, url });
export type ReviewSourceInput = z.output<typeof reviewSourceSchema>;

export const reviewSourceRemoveSchema = z.object({ platform });
