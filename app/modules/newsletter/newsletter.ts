/**
 * Newsletter sign-up (docs/rules/site.md#footer-newsletter): its sources and the outcomes carried
 * in the URL. The input schema is in ./newsletter-schema, which the forms load when submitted.
 */
import { NEWSLETTER } from "~/constants";

export type NewsletterSource = (typeof NEWSLETTER.sources)[number];

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
