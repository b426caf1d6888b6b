/**
 * Newsletter sign-up input (docs/rules/site.md#footer-newsletter): an email that is non-empty and
 * contains '@'. The same schema runs in the footer and blog forms and in the /api/newsletter
 * action.
 */
import { z } from "zod";
import { NEWSLETTER, TEXT_LIMITS } from "~/constants";
import { hasControlCharacters } from "~/lib/control-characters";

export type NewsletterSource = (typeof NEWSLETTER.sources)[number];

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

/** Status codes carried in the URL after a sign-up without JavaScript. */
export const NEWSLETTER_STATUS = {
  ok: NEWSLETTER.success,
  ogiltig: NEWSLETTER.invalidEmail,
  fel: NEWSLETTER.failure,
} as const;

export type NewsletterStatus = keyof typeof NEWSLETTER_STATUS;

export const NEWSLETTER_STATUS_PARAM = "nyhetsbrev";
export const NEWSLETTER_FORM_PARAM = "nyhetsbrev_form";

export function parseNewsletterStatus(value: string | null): NewsletterStatus | null {
  return value && Object.hasOwn(NEWSLETTER_STATUS, value) ? (value as NewsletterStatus) : null;
}
