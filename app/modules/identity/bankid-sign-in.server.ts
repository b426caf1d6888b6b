/**
 * Signing in as the member a completed BankID sign-in order named: a Better Auth session (and
 * its cookie) through the server-only plugin endpoint, refused for a member staff blocked.
 */
import { auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { isSignInBlockedError } from "~/modules/accounts/sign-in-block.server";
import { SIGN_IN_BLOCKED_MESSAGE } from "~/modules/accounts/social-sign-in-errors";
import { logger } from "~/platform/logger.server";

export type BankIdSignInResult = { ok: true; cookies: string[] } | { ok: false; status: number; message: string };

export async function signInAsVerifiedMember(request: Request, ip: string, userId: string): Promise<BankIdSignInResult> {
  // Sessions record the client address as the other sign-in methods do.
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  try {
    const signedIn = await auth().api.signInWithVerifiedBankId({ body: { userId }, headers, returnHeaders: true });
    return { ok: true, cookies: signedIn.headers.getSetCookie() };
  } catch (error) {
    if (isSignInBlockedError(error)) return { ok: false, status: 403, message: SIGN_IN_BLOCKED_MESSAGE };
    logger.error({ err: error }, "bankid sign-in failed");
    return { ok: false, status: 500, message: "Inloggningen misslyckades. Försök igen." };
  }
}
