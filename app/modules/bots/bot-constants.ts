/**
 * Trade bots (docs/rules/bots.md): the Steam accounts the site sends trade offers from. Isomorphic.
 */

/** active: signed in and sending; session_expired: its refresh token no longer works; rate_limited: Steam refused for a while; disabled: by an admin. */
export const BOT_STATUSES = ["active", "session_expired", "rate_limited", "disabled"] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

export const BOT_STATUS_LABELS: Record<BotStatus, string> = {
  active: "Aktiv",
  session_expired: "Sessionen har gått ut",
  rate_limited: "Begränsad av Steam",
  disabled: "Avstängd",
};

export const BOT_LIMITS = {
  /** Steam allows a bot at most this many active offers (error 25 above it). */
  maxActiveOffers: 30,
  /** …and at most this many to one partner. */
  maxOffersPerPartner: 5,
  displayNameMaxLength: 64,
} as const;

export const BOT_MESSAGES = {
  steamId: "Ange botens SteamID64 (17 siffror som börjar med 7656119).",
  displayName: `Ange ett namn på 1–${BOT_LIMITS.displayNameMaxLength} tecken.`,
  refreshToken: "Ange botens refresh-token från Steam-inloggningen (tre delar åtskilda av punkt).",
  secret: "Ange hemligheten från botens Steam Guard-fil (Base64, 20 byte).",
  duplicate: "Det finns redan en bot med det SteamID64.",
  notFound: "Boten finns inte.",
  invalidRequest: "Ogiltig begäran. Ladda om sidan och försök igen.",
  /** last_error when Steam refuses the bot's refresh token (docs/rules/bots.md#profile-and-counts). */
  sessionExpired: "Steam godtar inte längre botens refresh-token. Kör npm run bot:login och byt inloggningsuppgifter.",
  steamUnreachable: "Steam svarade inte när boten kontrollerades. Nytt försök om en stund.",
  credentialsUnreadable: "Botens inloggningsuppgifter kunde inte läsas. Byt inloggningsuppgifter.",
  inventoryPrivate: "Botens inventarie är privat på Steam och kunde inte räknas.",
} as const;

/** The job that renews each bot's session and reads its profile and inventory (docs/rules/bots.md#profile-and-counts). */
export const BOTS_JOB = "bots";
export const BOTS_JOB_INTERVAL_MS = 10 * 60_000;
