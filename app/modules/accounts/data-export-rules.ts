/** What /profile shows of a data export (decision 048), from its row's times. Isomorphic. */
import { DATA_EXPORT, type DataExportStatus } from "./data-export-constants";

const HOUR_MS = 60 * 60_000;

/** The latest export's row as read (times as Dates or ISO text). */
export interface DataExportRow {
  id: string;
  status: string;
  created_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  size_bytes: number | null;
}

/** What /profile shows of the member's latest export (never the archive itself). */
export interface DataExportView {
  id: string;
  status: DataExportStatus | "expired";
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  /** When a new export may be requested; null: now. */
  nextRequestAt: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * A ready archive past its time counts as expired (the job deletes it later); a new export may
 * be asked for `requestCooldownHours` after the last one that did not fail.
 */
export function dataExportView(row: DataExportRow | null, now: Date): DataExportView | null {
  if (!row) return null;
  const createdAt = new Date(row.created_at);
  const expired = row.status === "ready" && row.expires_at !== null && new Date(row.expires_at) <= now;
  const next = row.status === "failed" ? null : new Date(createdAt.getTime() + DATA_EXPORT.requestCooldownHours * HOUR_MS);
  return {
    id: row.id,
    status: expired ? "expired" : (row.status as DataExportStatus),
    createdAt: createdAt.toISOString(),
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    sizeBytes: row.size_bytes,
    nextRequestAt: next && next > now ? next.toISOString() : null,
  };
}
