/**
 * Newsletter sign-up, double opt-in, campaigns and unsubscribing (docs/rules/newsletter.md,
 * docs/rules/site.md#footer-newsletter). Isomorphic.
 */

// ---------------------------------------------------------------------------
// Newsletter double opt-in and subscriber list (docs/rules/site.md#footer-newsletter,
// docs/decisions/025-newsletter-double-opt-in.md)
// ---------------------------------------------------------------------------
export const NEWSLETTER_OPT_IN = {
  /** The footer's second line after the spec's success text. */
  confirmHint: "Bekräfta prenumerationen via länken i mejlet vi skickade.",
  /** A confirmation link works this long; an unconfirmed row is purged this long after its latest mail. */
  confirmationDays: 30,
  /** Confirmation mails per address and window (a new sign-up and every re-send count). */
  mailLimit: { scope: "newsletter-confirmation-mail", limit: 3, windowMs: 24 * 60 * 60_000 },
  /** The confirmation page (a POST from its button confirms; mail scanners only fetch the GET). */
  path: "/nyhetsbrev/bekrafta",
} as const;

/** Where a subscription row came from: the two public forms, the member's profile, the sign-up wizard. */
export const NEWSLETTER_SUBSCRIBER_SOURCES = ["footer", "blog", "profile", "signup"] as const;
export type NewsletterSubscriberSource = (typeof NEWSLETTER_SUBSCRIBER_SOURCES)[number];
export const NEWSLETTER_SOURCE_LABELS: Record<NewsletterSubscriberSource, string> = {
  footer: "Sidfot",
  blog: "Blogg",
  profile: "Profil",
  signup: "Registrering",
};

// ---------------------------------------------------------------------------
// Newsletter (docs/rules/site.md#footer-newsletter: footer and blog sign-up)
// ---------------------------------------------------------------------------
export const NEWSLETTER = {
  invalidEmail: "Vänligen ange en giltig e-postadress.",
  success: "Tack! Du har prenumererat på vårt nyhetsbrev.",
  failure: "Något gick fel. Försök igen senare.",
  sources: ["footer", "blog"],
  /** Sign-ups per IP address and window. */
  rateLimit: { scope: "newsletter", limit: 10, windowMs: 10 * 60_000 },
} as const;

// ---------------------------------------------------------------------------
// Newsletter campaigns and unsubscribing (docs/rules/newsletter.md)
// ---------------------------------------------------------------------------
/** The lists a mail can be sent to, and so unsubscribed from. */
export const MAIL_LISTS = ["newsletter", "launch"] as const;
export const CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;
/** A recipient's state (docs/rules/newsletter.md#recipient-states). */
export const CAMPAIGN_RECIPIENT_STATUSES = ["pending", "sending", "sent", "failed", "unknown"] as const;
export const CAMPAIGN = {
  /** Subject: the contact form's subject limit. */
  subjectMax: 150,
  /** Body HTML as stored (after sanitising); the 64 KB body limit caps the form anyway. */
  bodyMax: 50_000,
  /** Recipients claimed per statement. */
  claimBatch: 10,
  /**
   * How long a sender's hold on a campaign lasts without being renewed (it renews before every
   * mail and while it waits). Once it has run out another sender takes the campaign over and
   * marks the claims left `sending` as unknown (docs/decisions/029-campaign-sender-lease.md).
   */
  senderLeaseMs: 2 * 60_000,
  /** Attempts for a mail that surely was not accepted (refused connection, SMTP error before DATA). */
  maxAttempts: 5,
  /** Back-off before attempt n+1: base × 2^(n-1), at most `retryMaxMs`. */
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  /** Recipients per page in a campaign's lists. */
  pageSize: 25,
} as const;
export const UNSUBSCRIBE_PATH = "/nyhetsbrev/avregistrera";
