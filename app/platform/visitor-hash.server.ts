/**
 * Salted hashes that stand in for a visitor's address: no raw IP is stored anywhere
 * (docs/rules/privacy.md). The salt is `VISITOR_HASH_SALT`, which never leaves the server.
 */
import { createHash } from "node:crypto";

/** A visitor without any cookie: IP and user agent together. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${ip}\n${userAgent}`).digest("base64url");
}

/** The address alone, e.g. the one an account signed up from (docs/rules/loyalty.md#anti-abuse). */
export function ipHash(salt: string, ip: string): string {
  return createHash("sha256").update(`${salt}\nip\n${ip}`).digest("base64url");
}
