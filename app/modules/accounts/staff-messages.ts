/**
 * What the staff panel says to someone it refuses (docs/rules/admin.md#refusals "Admin"), isomorphic: the server's
 * guards answer with the sentences, the panel's error screens show them with their titles.
 */
export const STAFF_MESSAGES = {
  loginRequiredTitle: "Inloggning krävs",
  loginRequired: "Du måste logga in för att komma åt administratörspanelen.",
  accessDeniedTitle: "Åtkomst nekad",
  accessDenied:
    "Du har inte behörighet att komma åt administratörspanelen. Endast användare med administratörsrättigheter kan komma åt denna sida.",
  contactAdmin: "Kontakta en administratör om du tror att detta är ett misstag.",
  signIn: "Logga in",
} as const;

/** "1 session avslutades" / "3 sessioner avslutades": the member page's answer and the audit log's text. */
export const sessionsEnded = (count: number) => (count === 1 ? "1 session avslutades" : `${count} sessioner avslutades`);
