/** The contact form and the staff's contact messages (docs/rules/support.md). Isomorphic. */

/** Contact form: reply within 24 hours; at most 5 messages per IP an hour (docs/rules/support.md). */
export const CONTACT = {
  rateLimit: { scope: "contact", limit: 5, windowMs: 60 * 60_000 },
} as const;

export const CONTACT_MESSAGE_STATUSES = ["new", "read", "answered"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
