/**
 * Infrastructure limits and tuning shared by the platform and the areas: text and HTTP limits
 * (docs/rules/http.md), page sizes, images, scheduled jobs, the HTML cache and realtime.
 * Isomorphic.
 */

// ---------------------------------------------------------------------------
// Text limits (docs/rules/http.md#text-limits)
// ---------------------------------------------------------------------------
/**
 * The server-side maximum length of every kind of text field (docs/rules/http.md#text-limits).
 * Forms use the same numbers for `maxLength`.
 */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  password: 128,
  phone: 30,
  steamTradeLink: 200,
  subject: 150,
  message: 5_000,
  search: 100,
  slug: 200,
  token: 512,
  redirectTo: 2_048,
  note: 1_000,
  /** A payout detail: phone, personnummer, clearing, account, IBAN or crypto address. */
  payoutDetail: 100,
} as const;

// ---------------------------------------------------------------------------
// Lists shown to staff and members
// ---------------------------------------------------------------------------
export const ADMIN_PAGE_SIZE = { default: 25, max: 100 } as const;
/** Rows fetched per round when a list is exported as CSV. */
export const EXPORT_BATCH_SIZE = 500;
/** Rows per page of the member's own histories on /profile. */
export const PROFILE_PAGE_SIZE = { default: 10, max: 50 } as const;

// ---------------------------------------------------------------------------
// Mail outbox
// ---------------------------------------------------------------------------
export const EMAIL_OUTBOX_STATUSES = ["captured", "sent", "failed"] as const;

// ---------------------------------------------------------------------------
// Mail queue (docs/decisions/034-mail-queue.md)
// ---------------------------------------------------------------------------
/** `pending` until SMTP (or the outbox) accepts it; `failed` after `MAIL_QUEUE.maxAttempts`. */
export const MAIL_QUEUE_STATUSES = ["pending", "sent", "failed"] as const;
export type MailQueueStatus = (typeof MAIL_QUEUE_STATUSES)[number];
export const MAIL_QUEUE = {
  /**
   * How long a sender holds a claimed row: longer than one SMTP call can last (the transport's
   * timeouts below), short enough that a row a killed instance had claimed goes out within
   * this plus one job tick.
   */
  leaseMs: 30_000,
  /** The SMTP transport's limits, all well inside the lease. */
  smtpTimeouts: { connectionTimeout: 8_000, greetingTimeout: 8_000, socketTimeout: 15_000 },
  /** Attempts (claims) before a row is `failed` and shown to admins. */
  maxAttempts: 8,
  /** The wait after the n-th failed attempt is base × 2^(n-1), at most `backoffMaxMs`. */
  backoffBaseMs: 60_000,
  backoffMaxMs: 4 * 60 * 60_000,
  /** At most this many mails per run of the job (the next tick takes the rest). */
  perRun: 500,
  /** Sent rows (their rendered content is personal data) are deleted this long after sending. */
  keepSentDays: 30,
  /**
   * Failed rows stay for admins to retry this long after their last attempt, then go too (an
   * undelivered mail's content is personal data as well; the audit log keeps who retried what).
   */
  keepFailedDays: 90,
  /** Rows per page of "Misslyckade utskick". */
  failedPageSize: 25,
} as const;

// ---------------------------------------------------------------------------
// Images (docs/decisions/019-image-service.md)
// ---------------------------------------------------------------------------
export const IMAGE_LIMITS = {
  /** Largest file accepted (the upload route's body limit leaves room for the form around it). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest picture in pixels (width × height), checked before it is decoded. */
  maxPixels: 40_000_000,
  /** The only widths made and served; a page asks for the ones it shows. */
  widths: [160, 320, 480, 640, 960, 1200, 1280] as const,
  /** WebP quality of every variant. */
  webpQuality: 80,
} as const;
export type ImageWidth = (typeof IMAGE_LIMITS.widths)[number];

// ---------------------------------------------------------------------------
// HTTP limits (docs/rules/http.md)
// ---------------------------------------------------------------------------
export const HTTP_LIMITS = {
  /** Largest request body any form or API accepts. */
  bodyBytes: 64 * 1024,
  /** Largest body of an image upload, on the paths that take one. */
  uploadBodyBytes: 10 * 1024 * 1024,
  /** Path prefixes whose actions take uploads. */
  uploadPathPrefixes: ["/admin/point-shop/image", "/admin/blog/bild", "/admin/transactions/prislista"] as readonly string[],
  /** Methods the site answers; anything else is 405. */
  methods: ["GET", "HEAD", "POST"] as const,
} as const;

// ---------------------------------------------------------------------------
// Scheduled jobs (docs/rules/jobs.md)
// ---------------------------------------------------------------------------
export const JOB_STATUSES = ["ok", "failed"] as const;
export const JOB_RUNNER = {
  /** How often each instance looks for due jobs. */
  tickMs: 60_000,
  /** The first look after start-up (plus jitter), so a restart does not wait a whole tick. */
  firstTickMs: 5_000,
  /**
   * A job counts as due this long before its due time, so a tick that fires a little early
   * relative to the run it follows (timer jitter, a clock step) does not skip an interval.
   */
  dueSlackMs: 5_000,
} as const;

// ---------------------------------------------------------------------------
// Realtime and the anonymous HTML cache (docs/rules/realtime.md,
// docs/decisions/020-anonymous-html-cache.md)
// ---------------------------------------------------------------------------
export const SSE_HEARTBEAT_MS = 25_000;

/**
 * The anonymous HTML cache (docs/decisions/020-anonymous-html-cache.md): how long a stored page
 * is fresh, how long a stale one may still be answered while one render refreshes it, and the
 * default memory for compressed bodies (HTML_CACHE_MB overrides it).
 */
export const HTML_CACHE = {
  freshMs: 60_000,
  staleMs: 10 * 60_000,
  defaultMb: 32,
  /** A page bigger than this (both encodings together) is rendered per request instead. */
  maxEntryBytes: 1024 * 1024,
} as const;

/** The live event stream, /api/events (docs/rules/realtime.md). */
export const REALTIME = {
  /** Open streams per signed-in member on one server (one per tab). */
  maxStreamsPerUser: 8,
  /** Open anonymous streams per client IP on one server. */
  maxAnonymousStreamsPerIp: 6,
  /**
   * Default of SSE_MAX_STREAMS: open streams of any kind on one server process, whatever their
   * addresses (each holds a socket and a file descriptor); beyond it a new one is refused with 503.
   */
  maxStreamsPerProcess: 1_000,
  /** Retry-After of a stream refused because the process is full (seconds). */
  fullRetryAfterSeconds: 60,
  /** The `retry:` hint: browsers reconnect a dropped stream after about this long. */
  reconnectMs: 5_000,
  /** Retry-After of a refused stream (seconds). */
  retryAfterSeconds: 30,
  /** A new XP value stays highlighted this long (docs/rules/realtime.md#events-and-receivers). */
  xpHighlightMs: 1_000,
  messages: {
    tooManyStreams: "För många öppna flikar med liveuppdateringar. Stäng några och försök igen om en stund.",
    methodNotAllowed: "Metoden stöds inte. Använd GET.",
    unavailable: "Liveuppdateringar är inte tillgängliga just nu. Försök igen om en stund.",
    serverFull: "Servern har för många öppna liveuppdateringar just nu. Sidan fungerar som vanligt, men uppdateras inte direkt. Försök igen om en stund.",
    pointsTitle: "Grattis!",
  },
} as const;

/** One-time form tokens of staff forms that move points, XP, money or stock (docs/decisions/036-staff-form-tokens.md). */
export const FORM_TOKEN = {
  /** A spent token is kept this long, so a repeat within it gets the first answer. */
  keepMs: 24 * 60 * 60 * 1000,
} as const;
