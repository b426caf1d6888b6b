/**
 * One-click unsubscribing (docs/rules/newsletter.md#unsubscribing): every newsletter and launch
 * mail carries a link with a signed token naming the address and the list, so unsubscribing
 * needs no sign-in. The token is `<list>.<address, base64url>.<HMAC-SHA-256, base64url>`; the
 * key is UNSUBSCRIBE_SECRET, or one derived from BETTER_AUTH_SECRET when that is unset.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { config } from "~/platform/config.server";
import { execCount, type Db } from "~/platform/db/client.server";
import type { MailList } from "./campaign-rules";

const LIST_CODES = { newsletter: "n", launch: "l" } as const satisfies Record<MailList, string>;
const TOKEN = /^([nl])\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

function signingKey(): Buffer {
  const { UNSUBSCRIBE_SECRET, BETTER_AUTH_SECRET } = config();
  if (UNSUBSCRIBE_SECRET) return Buffer.from(UNSUBSCRIBE_SECRET, "utf8");
  // A key of its own, so an unsubscribe token can never pass for anything the auth secret signs.
  return createHmac("sha256", BETTER_AUTH_SECRET).update("skinhamnen:unsubscribe:v1").digest();
}

function signature(payload: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(`unsubscribe.v1.${payload}`).digest();
}

export interface UnsubscribeRequest {
  /** Lower-cased. */
  email: string;
  list: MailList;
}

export function unsubscribeToken(email: string, list: MailList, key: Buffer = signingKey()): string {
  const payload = `${LIST_CODES[list]}.${Buffer.from(email.trim().toLowerCase(), "utf8").toString("base64url")}`;
  return `${payload}.${signature(payload, key).toString("base64url")}`;
}

/** The token's address and list, or null for anything not signed by us. */
export function readUnsubscribeToken(token: unknown, key: Buffer = signingKey()): UnsubscribeRequest | null {
  if (typeof token !== "string" || token.length > TEXT_LIMITS.token) return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, code, encoded, signed] = match as unknown as [string, "n" | "l", string, string];
  const expected = signature(`${code}.${encoded}`, key);
  const given = Buffer.from(signed, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!/^[^@\s]+@[^@\s]+$/.test(email) || email.length > TEXT_LIMITS.email) return null;
  return { email, list: code === "n" ? "newsletter" : "launch" };
}

/** The absolute link a mail carries (also its List-Unsubscribe URL). */
export function unsubscribeUrl(email: string, list: MailList): string {
  return `${config().PUBLIC_URL}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(email, list)}`;
}

/** RFC 8058 headers: a mail client may unsubscribe with one POST to the link, without a page. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Unsubscribes the address: the newsletter switch goes off on every row of the address (a
 * member's own row included, so their profile shows it off); the launch list forgets it.
 * Idempotent: unsubscribing again changes nothing. Returns how many rows changed.
 */
export async function unsubscribe(db: Db, request: UnsubscribeRequest): Promise<{ changed: number }> {
  const email = request.email.toLowerCase();
  const changed =
    request.list === "newsletter"
      ? await execCount(
          db,
          sql`UPDATE newsletter_subscriptions SET email_subscribed = false, updated_at = now()
              WHERE lower(email) = ${email} AND email_subscribed`,
        )
      : await execCount(db, sql`DELETE FROM launch_notifications WHERE lower(email) = ${email}`);
  return { changed };
}
