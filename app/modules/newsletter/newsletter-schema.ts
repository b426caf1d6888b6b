/**
 * Newsletter sign-up input (docs/rules/site.md#footer-newsletter): an email that is non-empty and
 * contains '@'. The same schema runs in the footer and blog forms (loaded when a form is
 * submitted, so zod is not part of a page's first load) and in the /api/newsletter action.
 */
import { z } from "~/lib/zod";
import { NEWSLETTER } from "~/modules/newsletter/newsletter-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { hasControlCharacters } from "~/lib/control-characters";
import { firstError, textField } from "~/lib/validation";

/** The database's own check (one '@', no spaces): a value it would refuse is invalid input, never a 500. */
const STORABLE_EMAIL = /^[^@\s]+@[^@\s]+$/;

export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER.invalidEmail })
    .trim()
    .min(1, NEWSLETTER.invalidEmail)
    .max(TEXT_LIMITS.email, NEWSLETTER.invalidEmail)
    .refine((value) => value.includes("@") && !hasControlCharacters(value), NEWSLETTER.invalidEmail)
    .refine((value) => STORABLE_EMAIL.test(value), NEWSLETTER.invalidEmail),
  source: z.enum(NEWSLETTER.sources).catch("footer"),
});

export type NewsletterInput = z.output<typeof newsletterSchema>;

/** The form's check before posting: the cleaned email, or the schema's Swedish message. */
export function checkNewsletterInput(input: { email: string; source: string }): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = newsletterSchema.safeParse(input);
  return parsed.success ? { ok: true, email: parsed.data.email } : { ok: false, message: firstError(parsed.error) };
}

/** The confirmation page's form (docs/rules/site.md#footer-newsletter): the link's token, as text. */
export const newsletterConfirmationSchema = z.object({
  token: textField(TEXT_LIMITS.token),
});
