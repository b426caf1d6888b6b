/**
 * Security events (docs/rules/accounts.md#security-events): a row for every sign-in (`user_login`),
 * session refresh (`session_refresh`) and sign-out (`user_logout`). Writing one never
 * breaks the action it records: a failure is only logged.
 */
import type { SECURITY_SEVERITIES } from "~/modules/accounts/accounts-constants";
import type { Db } from "~/platform/db/client.server";
import { security_events } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";

export type SecurityEventType =
  | "user_login"
  | "session_refresh"
  | "user_logout"
  | "payout_details_changed"
  | "steam_linked"
  | "steam_link_refused"
  | "two_factor_enabled"
  | "two_factor_failed"
  | "two_factor_reset"
  | "step_up"
  | "password_changed"
  | "account_deleted";
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

export interface SecurityEventInput {
  userId: string | null;
  type: SecurityEventType;
  severity?: SecuritySeverity;
  ipAddress?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** Records one event; returns false (and logs) instead of throwing when the write fails. */
export async function logSecurityEvent(db: Db, event: SecurityEventInput): Promise<boolean> {
  try {
    await db.insert(security_events).values({
      user_id: event.userId,
      event_type: event.type,
      severity: event.severity ?? "low",
      ip_address: clip(event.ipAddress, 64),
      user_agent: clip(event.userAgent, 512),
      details: event.details ?? null,
    });
    return true;
  } catch (error) {
    logger.error({ err: error, type: event.type, userId: event.userId }, "security event not recorded");
    return false;
  }
}

