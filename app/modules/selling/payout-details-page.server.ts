/**
 * The payout-details form on /profile (docs/rules/selling.md#changing-payout-details): the
 * member changes where their sell orders are paid, confirmed by a fresh second factor (an
 * account that has one), the password, or a recent sign-in.
 */
import { data } from "react-router";
import { badRequest, tooManyRequests, validate } from "~/lib/http.server";
import { auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { hasTwoFactor, recordStepUp, stepUpRefusal } from "~/modules/accounts/two-factor.server";
import type { PayoutConfirmation } from "./selling-constants";
import { readVerifiedPersonnummer } from "~/modules/identity/bankid.server";
import { db, type Db } from "~/platform/db/client.server";
import { changePayoutDetails, hasPassword, isRecentSignIn } from "./payout-details.server";
import { payoutKeyring, type PayoutKeyring } from "./payout-encryption.server";
import { PAYOUT_MESSAGES, payoutDetailsSchema, type PayoutDetails } from "./payout-rules";

const PAYOUT_RECENT_SIGN_IN =
  "Logga in med Steam eller Google igen (högst 10 minuter före ändringen) för att ändra utbetalningsuppgifterna.";
const PAYOUT_WRONG_PASSWORD = "Fel lösenord.";

/**
 * docs/rules/selling.md#changing-payout-details: validated with the shared schema, confirmed by
 * the password (rate-limited like every password check) or a sign-in within 10 minutes for an
 * account without one. Neither the details nor the password are ever logged or echoed.
 */
export async function handlePayoutDetailsChange(request: Request, userId: string, sessionId: string, input: Record<string, unknown>) {
  const extras = { intent: "payout-details" as const };
  const parsed = validate(input, payoutDetailsSchema(), extras);
  if (!parsed.ok) return parsed.response;
  const { details, password } = parsed.data;
  if (!(await swishMatchesIdentity(db(), payoutKeyring(), userId, details))) {
    return data(
      { ok: false as const, ...extras, message: PAYOUT_MESSAGES.swishNotOwn, fieldErrors: { personnummer: PAYOUT_MESSAGES.swishNotOwn } },
      { status: 409 },
    );
  }
  let confirmedBy: PayoutConfirmation;
  if (await hasTwoFactor(db(), userId)) {
    // An account with a second factor confirms with it, within 5 minutes (decision 046).
    const refused = await stepUpRefusal(request, { user: { id: userId }, session: { id: sessionId } });
    if (refused) return refused;
    confirmedBy = "second_factor";
  } else if (await hasPassword(db(), userId)) {
    if (!password) return badRequest(PAYOUT_MESSAGES.passwordRequired, { password: PAYOUT_MESSAGES.passwordRequired }, extras);
    try {
      await auth().api.verifyPassword({ body: { password }, headers: request.headers });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 429) {
        const retry = Number(new Headers((error as { headers?: HeadersInit }).headers).get("Retry-After") ?? "60");
        return tooManyRequests({ retryAfterSeconds: Number.isFinite(retry) ? retry : 60 }, extras);
      }
      if (status === 400 || status === 401) {
        return data({ ok: false as const, ...extras, message: PAYOUT_WRONG_PASSWORD, fieldErrors: { password: PAYOUT_WRONG_PASSWORD } }, { status: 403 });
      }
      throw error;
    }
    await recordStepUp(db(), sessionId, "password");
    confirmedBy = "password";
  } else {
    if (!(await isRecentSignIn(db(), sessionId))) {
      return data({ ok: false as const, ...extras, message: PAYOUT_RECENT_SIGN_IN, reauthenticate: true }, { status: 403 });
    }
    confirmedBy = "recent_sign_in";
  }
  const result = await changePayoutDetails(db(), payoutKeyring(), {
    userId,
    details,
    confirmedBy,
    ipAddress: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent"),
  });
  return { ok: true as const, ...extras, summary: result.summary };
}

/**
 * A Swish payout goes to the member's own personnummer (decision 044): once BankID verified them,
 * Swish details with another personnummer are refused. Other methods, and members not yet
 * verified (they cannot sell), pass.
 */
export async function swishMatchesIdentity(database: Db, keyring: PayoutKeyring, userId: string, details: PayoutDetails): Promise<boolean> {
  if (details.method !== "swish") return true;
  const verified = await readVerifiedPersonnummer(database, keyring, userId);
  return verified === null || verified === details.personnummer;
}
