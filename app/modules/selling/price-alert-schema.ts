/**
 * The price-alert form (docs/rules/selling.md#price-alerts), shared by the valuation page and
 * the server: which inventory (the valuation's own `steam` field), one item of it or all of it,
 * the target in kronor, and a visitor's e-mail address.
 */
import { z } from "~/lib/zod";
import { parseSekToOre } from "~/modules/trades/trade-schema";
import { newsletterSchema } from "~/modules/newsletter/newsletter-schema";
import { PRICE_ALERTS } from "./selling-constants";
import { steamProfileInputSchema } from "./steam-profile-input";

const PRICE_ALERT_FORM_MESSAGES = {
  target: "Ange ett målpris i kronor större än 0, med högst två decimaler.",
  targetTooHigh: "Målpriset är för högt.",
  item: "Välj ett föremål ur lagret.",
} as const;

export const priceAlertSchema = z.object({
  steam: steamProfileInputSchema.shape.steam,
  /** One item's asset id; absent for the whole inventory. */
  assetId: z
    .string({ error: PRICE_ALERT_FORM_MESSAGES.item })
    .regex(/^\d{1,20}$/, PRICE_ALERT_FORM_MESSAGES.item)
    .optional(),
  target: z.unknown().transform((value, context) => {
    const ore = typeof value === "string" ? parseSekToOre(value) : null;
    if (ore === null || ore <= 0) {
      context.addIssue({ code: "custom", message: PRICE_ALERT_FORM_MESSAGES.target });
      return z.NEVER;
    }
    if (ore > PRICE_ALERTS.maxTargetOre) {
      context.addIssue({ code: "custom", message: PRICE_ALERT_FORM_MESSAGES.targetTooHigh });
      return z.NEVER;
    }
    return ore;
  }),
  /** A visitor's address (a member's alerts go to the account's). */
  email: newsletterSchema.shape.email.optional(),
});

export type PriceAlertInput = z.output<typeof priceAlertSchema>;
