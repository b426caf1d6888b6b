/**
 * The code an authenticator app would show for a secret as the setup page shows it (base32),
 * computed with the same OTP helper Better Auth checks codes with. For tests only.
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

export function totpCode(secretBase32: string): Promise<string> {
  const raw = new TextDecoder().decode(base32.decode(secretBase32));
  return createOTP(raw).totp();
}

/** The secret and backup codes the setup page shows once (its HTML, as a document post answers). */
export function readEnrolment(html: string): { secret: string; backupCodes: string[] } {
  const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
  const list = /data-testid="backup-codes"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const backupCodes = [...list.matchAll(/>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})</g)].map((match) => match[1]!);
  if (!secret) throw new Error("the setup page showed no secret");
  return { secret, backupCodes };
}
