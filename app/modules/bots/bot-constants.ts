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

/** The offer engine (docs/rules/bots.md#sending): timings and batch sizes, one place each. */
export const OFFER_ENGINE = {
  /**
   * A claim with no answer recorded after this long is a send whose answer was lost (a timeout, a
   * crash): the offer is looked up by its message, and sent again only if it is not there. Well past
   * the adapter's 10-second timeout, so no send of ours is still in flight.
   */
  lostAnswerAfterMs: 30_000,
  /** A bot that answered 25 (too many active offers) is not tried again for this long. */
  fullPauseMs: 60_000,
  /** An offer not accepted within this many hours is cancelled and the order expires (OFFER_EXPIRY_HOURS overrides). */
  defaultExpiryHours: 24,
  /** Our offer declined or cancelled this soon after it was sent, with no action on our site: the trade shield flags it. */
  shieldWindowMs: 60_000,
  /** Orders the job's backstop takes per run. */
  sendBatchSize: 50,
  /** Sends one process runs at once. */
  concurrency: 4,
  /** Bots tried for one order in one pass (error 25 or an expired session moves to the next). */
  botsPerPass: 5,
} as const;

/** What the member reads when the bot could not send and it is theirs to fix (docs/rules/bots.md#errors). */
export const OFFER_PROBLEMS = {
  tradeLink:
    "Vi kunde inte skicka trade-erbjudandet: Steam godtog inte din trade-länk. Kopiera trade-länken på nytt från Steam och spara den i profilen, så skickar vi erbjudandet direkt.",
  cannotTrade:
    "Vi kunde inte skicka trade-erbjudandet: Steam säger att ditt konto inte kan ta emot erbjudanden just nu (fel trade-länk eller en trade-spärr). Kontrollera trade-länken i profilen och att Steam Guard Mobile Authenticator är aktiverat, och spara sedan trade-länken igen.",
  tradeHold: (days: number) =>
    `Vi kunde inte skicka trade-erbjudandet: Steam skulle hålla kvar affären i ${days} ${days === 1 ? "dag" : "dagar"} eftersom Steam Guard Mobile Authenticator inte är aktiverat. Aktivera det i Steam-appen, vänta tills spärren har släppt och spara sedan trade-länken i profilen igen.`,
  itemsGone:
    "Steam säger att ett eller flera av föremålen inte längre finns i ditt lager eller inte går att byta. Ordern är avbruten; du kan hämta en ny offert för det du har kvar.",
  /** For staff: Steam's EResult when it was none of the known ones. */
  steamError: (eresult: number | null) => `Steam svarade med fel ${eresult ?? "utan kod"}; vi försöker igen.`,
  noBotRoom: "Alla botar har fullt just nu; erbjudandet skickas så snart en bot har plats.",
} as const;

/** The trade shield (docs/rules/bots.md#trade-shield). */
export const TRADE_SHIELD = {
  label: "möjlig API-nyckelstöld",
  apiKeyUrl: "https://steamcommunity.com/dev/apikey",
  devicesUrl: "https://store.steampowered.com/twofactor/manage",
  quickEnd: (seconds: number, state: number) =>
    `Erbjudandet avslutades hos Steam (status ${state}) ${seconds} s efter att det skickades, utan åtgärd från oss.`,
  memberReport: "Medlemmen rapporterade ett annat erbjudande (\"Jag fick ett annat erbjudande\").",
  notYours: "Ordern finns inte.",
  notNow: "Det går bara att rapportera medan vi skickar eller väntar på att du accepterar erbjudandet.",
  /** What the member reads on their order page. */
  reported: "Tack – vi skickar inga fler erbjudanden till dig förrän du har säkrat ditt Steam-konto.",
  released: "Tack! Vi skickar erbjudandet igen.",
  alreadyReleased: "Ditt konto är redan markerat som säkert.",
  warningTitle: "Ditt Steam-konto kan vara kapat",
  warning:
    "Någon kan ha stulit din Steam Web API-nyckel och försöka lura dig med ett falskt erbjudande. Acceptera inga erbjudanden nu. Gör så här innan vi skickar något mer:",
  stepApiKey: "Ta bort (Revoke) din Web API-nyckel",
  stepDevices: "Avauktorisera alla andra enheter och logga ut överallt",
  stepPassword: "Byt lösenord på Steam om du inte redan har gjort det.",
} as const;

/** The job that renews each bot's session and reads its profile and inventory (docs/rules/bots.md#profile-and-counts). */
export const BOTS_JOB = "bots";
export const BOTS_JOB_INTERVAL_MS = 10 * 60_000;
