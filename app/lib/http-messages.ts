/**
 * The Swedish answers of the HTTP layer itself (before any route runs): refused methods,
 * bodies and addresses. Routes answer their own validation errors with the schema's texts.
 */
export const HTTP_MESSAGES = {
  badRequest: "Ogiltig förfrågan.",
  badAddress: "Ogiltig adress.",
  tooLarge: "Förfrågan är för stor.",
  methodNotAllowed: "Metoden stöds inte.",
  unsupportedMediaType: "Formatet på förfrågan stöds inte.",
  serverError: "Ett oväntat fel uppstod. Försök igen om en stund.",
  /** The instance is starting (migrating its database) and answers nothing else yet. */
  starting: "Tjänsten startar. Försök igen om en stund.",
} as const;
