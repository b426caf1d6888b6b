/** A member's data export (decision 048): how long it is offered and how often it may be asked for. Isomorphic. */

export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT = {
  /** How long a ready archive may be downloaded; the job deletes it after. */
  downloadDays: 7,
  /** One new export per member in this window (a failed one does not count). */
  requestCooldownHours: 24,
  /** Pending exports one run of the job builds, oldest first; the rest wait for the next tick. */
  buildsPerRun: 5,
  /** Rows of one kind (ledger lines, trades, …) read per query while building. */
  readBatch: 1_000,
} as const;

export const DATA_EXPORT_MESSAGES = {
  requested: "Vi förbereder din fil. Du får ett mejl när den är klar att ladda ner.",
  alreadyPending: "Vi förbereder redan din fil. Du får ett mejl när den är klar.",
  rateLimited: `Du kan begära en ny fil en gång per ${DATA_EXPORT.requestCooldownHours} timmar. Försök igen senare.`,
  notFound: "Filen finns inte eller har gått ut. Begär en ny på din profil.",
} as const;
