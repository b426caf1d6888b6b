/**
 * What a point-shop purchase posts: the item's id, nothing else. The page's forms and the
 * route's action read it through this one schema, so a missing, malformed or non-text id is
 * refused with the same Swedish words before any service runs.
 */
import { z } from "~/lib/zod";

export const PURCHASE_MESSAGES = {
  itemRequired: "Välj en belöning att köpa.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const purchaseSchema = z.object({
  itemId: z
    .string({ error: PURCHASE_MESSAGES.itemRequired })
    .trim()
    .regex(UUID, PURCHASE_MESSAGES.itemRequired)
    .transform((value) => value.toLowerCase()),
});
export type PurchaseInput = z.output<typeof purchaseSchema>;
