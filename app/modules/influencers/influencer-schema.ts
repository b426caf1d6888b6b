/**
 * The staff form for an influencer (docs/rules/admin.md#influencers): name, code, contact and an
 * optional commission in percent. The code follows the one referral code rule (referralCodeField,
 * as the profile's forms and the database CHECK). Isomorphic: the form and the action refuse
 * the same input with the same Swedish words.
 */
import { z } from "~/lib/zod";
import { INFLUENCER_STATUSES } from "~/modules/influencers/influencers-constants";
import { referralCodeField } from "~/modules/referrals/referral-code";
import { textField } from "~/lib/validation";

export const INFLUENCER_LIMITS = { name: 100, contact: 200 } as const;

export const INFLUENCER_MESSAGES = {
  name: "Ange ett namn.",
  codeTaken: "Koden används redan av en medlem eller en annan influencer. Välj en annan kod.",
  commission: "Provisionen måste vara ett tal mellan 0 och 100 med högst två decimaler.",
  notFound: "Influencern finns inte.",
  status: "Ogiltig status.",
  id: "Ogiltig influencer.",
} as const;

const referralCode = referralCodeField("create");

/** Empty means none; "12,5" and "12.5" both read as 12.5. */
const commissionPercent = z
  .union([z.string(), z.number()], { error: INFLUENCER_MESSAGES.commission })
  .transform((value) => (typeof value === "number" ? String(value) : value.trim().replace(",", ".")))
  .refine((value) => value === "" || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100), INFLUENCER_MESSAGES.commission)
  .transform((value) => (value === "" ? null : Number(value)));

export const influencerSchema = z.object({
  name: textField(INFLUENCER_LIMITS.name).pipe(z.string().min(1, INFLUENCER_MESSAGES.name)),
  referralCode,
  contact: z
    .preprocess((value) => (value === undefined || value === null ? "" : value), textField(INFLUENCER_LIMITS.contact))
    .transform((value) => value || null),
  commissionPercent: z.preprocess((value) => (value === undefined || value === null ? "" : value), commissionPercent),
});
export type InfluencerInput = z.output<typeof influencerSchema>;

export const influencerIdSchema = z.object({ influencerId: z.uuid({ error: INFLUENCER_MESSAGES.id }) });

export const influencerStatusSchema = influencerIdSchema.extend({
  status: z.enum(INFLUENCER_STATUSES, { error: INFLUENCER_MESSAGES.status }),
});
