/**
 * The profile page's inputs (docs/rules/accounts.md#editing-the-profile), one schema each, used by
 * the form for instant feedback and by the server action again.
 */
import { z } from "~/lib/zod";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";
import { phoneNumberSchema, steamTradeLinkSchema } from "./contact-details";

export const FIRST_NAME_REQUIRED = "Förnamn är obligatoriskt.";
export const INVALID_EMAIL = "Ange en giltig e-postadress.";
export const NAME_TOO_LONG = `Namnet får vara högst ${TEXT_LIMITS.name} tecken.`;
const nameField = textField(TEXT_LIMITS.name, { tooLong: NAME_TOO_LONG });
export const SMS_NEEDS_PHONE = "Lägg till ett telefonnummer i din profil för att få SMS.";

const optionalText = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() || null : (value ?? null)),
  nameField.nullable(),
);

export const profileUpdateSchema = z.object({
  first_name: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z.string().min(1, FIRST_NAME_REQUIRED).pipe(nameField),
  ),
  last_name: optionalText,
  phone_number: phoneNumberSchema,
  steam_trade_link: steamTradeLinkSchema,
  /** Optional: blank keeps the current address; a new one is confirmed before it is used. */
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || null : null),
    z.email(INVALID_EMAIL).max(TEXT_LIMITS.email, INVALID_EMAIL).nullable(),
  ),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Switches arrive as "on"/"true" when set; anything else is off. */
const flag = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const newsletterSettingsSchema = z.object({
  email_subscribed: flag,
  phone_subscribed: flag,
});
export type NewsletterSettings = z.output<typeof newsletterSettingsSchema>;
