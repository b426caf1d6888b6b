/**
 * Newsletter sign-up (docs/rules/site.md#footer-newsletter): its sources and the outcomes carried
 * in the URL. The input schema is in ./newsletter-schema, which the forms load when submitted.
 */
import { NEWSLETTER, NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";

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

/** The confirmation page's states (docs/rules/site.md#footer-newsletter). */
export const NEWSLETTER_CONFIRM_TEXTS = {
  pageTitle: "Bekräfta prenumerationen",
  ask: "Klicka på knappen för att bekräfta att du vill få vårt nyhetsbrev till din e-postadress.",
  button: "Bekräfta prenumerationen",
  busy: "Bekräftar…",
  confirmedTitle: "Tack! Din prenumeration är bekräftad.",
  confirmed: "Du får nu vårt nyhetsbrev. Varje utskick har en länk för att avsluta prenumerationen.",
  expiredTitle: "Länken har gått ut",
  expired:
    `Bekräftelselänken gäller i ${NEWSLETTER_OPT_IN.confirmationDays} dagar och den här har gått ut. Anmäl dig igen i formuläret längst ned på sidan, så skickar vi en ny länk.`,
  invalidTitle: "Länken är ogiltig",
  invalid:
    "Länken är ogiltig eller har redan använts. Har du anmält dig flera gånger gäller länken i det senaste mejlet. Du kan också anmäla dig igen i formuläret längst ned på sidan.",
  home: "Till startsidan",
} as const;
