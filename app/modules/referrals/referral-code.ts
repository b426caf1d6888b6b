/**
 * Referral codes: the input rule shared by the profile's forms and the server, the texts the
 * member sees, and reading `?ref=` (docs/rules/loyalty.md#referrals). Isomorphic.
 */
import { z } from "~/lib/zod";
import { REFERRAL } from "~/modules/referrals/referrals-constants";

export const REFERRAL_MESSAGES = {
  createEmpty: "Ange en referral kod",
  enterEmpty: "Ange en referenskod",
  length: `Koden måste vara mellan ${REFERRAL.codeMinLength}-${REFERRAL.codeMaxLength} tecken`,
  characters: "Endast bokstäver A-Z och siffror 0-9 tillåts",
  looksGood: "Koden ser bra ut!",
  created: "Referral kod skapad!",
  taken: "Koden används redan. Välj en annan kod.",
  alreadyHasCode: "Du har redan en referral kod.",
  copied: "Kopierat!",
  userData: "Kunde inte hämta användardata",
  alreadyReferred: "Du har redan angett en referenskod tidigare",
  ownCode: "Du kan inte använda din egen referenskod",
  validation: "Ett fel uppstod vid validering av referenskoden",
  invalid: "Referenskoden finns inte eller är inte aktiv",
  unexpected: "Ett oväntat fel uppstod. Försök igen.",
  notConfirmed:
    "Bekräfta en riktig e-postadress eller genomför din första affär innan du anger en referenskod.",
} as const;

/** What entering a code ended in; each has its own true text. */
export type ReferralOutcome = "paid" | "influencer" | "capped" | "pending_review";

export const REFERRAL_OUTCOME_MESSAGES: Record<ReferralOutcome, string> = {
  paid: `Referenskod tillagd! Du har fått ${REFERRAL.friendReward} poäng och din referent har också fått ${REFERRAL.referrerReward} poäng!`,
  influencer: `Referenskod tillagd! Du har fått ${REFERRAL.friendReward} poäng.`,
  capped: `Referenskod tillagd! Du har fått ${REFERRAL.friendReward} poäng. Din referent har nått dagens gräns för värvningsbonusar och får ingen bonus för dig.`,
  pending_review:
    "Referenskoden är registrerad. Poängen betalas ut till er båda när vi har granskat värvningen.",
};

/** What the input shows while typing: upper case, A–Z and 0–9 only, at most 12 characters. */
export function normalizeReferralInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, REFERRAL.codeMaxLength);
}

/**
 * The message for a typed code, or null when it is valid. `mode` picks the empty text: creating
 * a code says 'Ange en referral kod', entering one 'Ange en referenskod'.
 */
export function referralCodeError(code: string, mode: "create" | "enter"): string | null {
  if (!code) return mode === "create" ? REFERRAL_MESSAGES.createEmpty : REFERRAL_MESSAGES.enterEmpty;
  if (!/^[A-Za-z0-9]*$/.test(code)) return REFERRAL_MESSAGES.characters;
  if (code.length < REFERRAL.codeMinLength || code.length > REFERRAL.codeMaxLength) return REFERRAL_MESSAGES.length;
  return null;
}

/** The code field of every form that takes one (the profile's two, staff's influencer form). */
export function referralCodeField(mode: "create" | "enter") {
  return z
    .string({ error: mode === "create" ? REFERRAL_MESSAGES.createEmpty : REFERRAL_MESSAGES.enterEmpty })
    .transform((value) => value.trim().toUpperCase())
    .superRefine((value, ctx) => {
      const message = referralCodeError(value, mode);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

export const createReferralCodeSchema = z.object({ code: referralCodeField("create") });
export const enterReferralCodeSchema = z.object({ code: referralCodeField("enter") });
