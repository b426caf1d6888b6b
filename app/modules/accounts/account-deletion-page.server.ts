/**
 * "Radera konto" on /profile (docs/rules/accounts.md#deleting-the-account, decision 049): the
 * confirmation word, a fresh confirmation of who is asking, the deletion, then the session
 * cookie cleared and the member sent to "Ditt konto är raderat".
 */
import { data, redirect } from "react-router";
import { validate, type Input } from "~/lib/http.server";
import { hasPassword, isRecentSignIn } from "~/modules/selling/payout-details.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { ACCOUNT_DELETED_PATH, ACCOUNT_DELETION_MESSAGES, accountDeletionSchema } from "./account-deletion";
import { deleteAccount } from "./account-deletion.server";
import { auth } from "./auth.server";
import { forgetMemberAccount } from "./member-account.server";
import type { CurrentSession } from "./session.server";
import { hasTwoFactor, stepUpRefusal } from "./two-factor.server";

const intent = "delete-account" as const;

/**
 * Who confirms: a fresh step-up on /profile/bekrafta (5 minutes, decision 046: the second factor,
 * the password, or BankID for a verified member without a second factor); an account with neither
 * second factor nor password (Steam or Google only) may instead have signed in within the last 10
 * minutes, as for payout details.
 */
async function confirmationRefusal(request: Request, current: CurrentSession) {
  // A fresh step-up: the second factor, the password, or BankID for a verified member.
  const refused = await stepUpRefusal(request, current);
  if (!refused) return null;
  const userId = current.user.id;
  const [twoFactor, password] = await Promise.all([hasTwoFactor(db(), userId), hasPassword(db(), userId)]);
  if (twoFactor || password) return data({ ...refused.data, intent }, { status: 403 });
  if (await isRecentSignIn(db(), current.session.id)) return null;
  return data({ ok: false as const, intent, message: ACCOUNT_DELETION_MESSAGES.recentSignIn, reauthenticate: true }, { status: 403 });
}

export async function handleAccountDeletion(request: Request, current: CurrentSession, input: Input) {
  const parsed = validate(input, accountDeletionSchema, { intent });
  if (!parsed.ok) return parsed.response;
  const refused = await confirmationRefusal(request, current);
  if (refused) return refused;

  const result = await deleteAccount(db(), current.user.id);
  if (!result.ok) {
    if (result.reason === "open_orders") {
      return data({ ok: false as const, intent, message: ACCOUNT_DELETION_MESSAGES.openOrders(result.openOrders) }, { status: 409 });
    }
    if (result.reason === "staff") return data({ ok: false as const, intent, message: ACCOUNT_DELETION_MESSAGES.staff }, { status: 403 });
    return data({ ok: false as const, intent, message: ACCOUNT_DELETION_MESSAGES.alreadyDeleted }, { status: 404 });
  }
  forgetMemberAccount(request);
  // The session row is gone with the account; this only clears the browser's session cookies.
  const cleared = new Headers();
  try {
    const signedOut = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of signedOut.headers.getSetCookie()) cleared.append("Set-Cookie", cookie);
  } catch (error) {
    logger.warn({ err: error }, "clearing the deleted account's cookies failed");
  }
  // No personal data in the log: the pseudonymous id only.
  logger.info({ userId: current.user.id }, "account deleted");
  return redirect(ACCOUNT_DELETED_PATH, { headers: cleared });
}
