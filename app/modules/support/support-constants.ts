/** What we promise about support (docs/rules/support.md). Isomorphic. */

export const SUPPORT_HOURS = {
  opens: "09:00",
  closes: "22:00",
  days: "alla dagar",
  label: "09:00-22:00, alla dagar",
  chatReplySeconds: 30,
  emailReplyHours: 24,
  technicalFixHours: 24,
} as const;
