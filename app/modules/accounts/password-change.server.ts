/**
 * The password on /profile (docs/rules/accounts.md#changing-the-password): a member with a
 * password changes it with the current one, and every other session ends; a member who signed
 * up with Steam or Google sets a first one after a fresh step-up (second factor or BankID) or a
 * sign-in within 10 minutes. Both write a security event and mail the member. Passwords are never logged or echoed.
 */
import { data } from "react-router";
import { badRequest, tooManyRequests, validate } from "~/lib/http.server";
import { auth } from "~/modules/accounts/auth.server";
import { AUTH_MESSAGES, changePasswordSchema, setPasswordSchema } from "~/modules/accounts/auth-schemas";
import { asAuthError } from "~/modules/accounts/auth-page.server";
import { logSecurityEvent } from "~/modules/accounts/security-events.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import type { CurrentSession } from "~/modules/accounts/session.server";
import { hasTwoFactor, isFreshStepUp, stepUpState } from "~/modules/accounts/two-factor.server";
import { hasPassword, isRecentSignIn } from "~/modules/selling/payout-details.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { deliverQueuedMail, enqueueMail } from "~/platform/mail/mail-queue.server";

type PasswordIntent = "password-change" | "password-set";

/** A refusal from the auth library: the limiter's 429, its Swedish input messages, or a wrong password. */
function refusal(intent: PasswordIntent, error: unknown) {
  const authError = asAuthError(error);
  if (!authError) throw error;
  if (authError.statusCode === 429) {
    const retry = Number(new Headers(authError.headers).get("Retry-After") ?? "60");
    return tooManyRequests({ retryAfterSeconds: Number.isFinite(retry) ? retry : 60 }, { intent });
  }
  if (authError.body?.code === "INVALID_INPUT") {
    return badRequest(authError.body.message ?? AUTH_MESSAGES.weakPassword, authError.body.fieldErrors ?? {}, { intent });
  }
  if (authError.body?.code === "INVALID_PASSWORD" || authError.statusCode === 400 || authError.statusCode === 401) {
    return badRequest(AUTH_MESSAGES.currentPasswordWrong, { currentPassword: AUTH_MESSAGES.currentPasswordWrong }, { intent });
  }
  throw error;
}

async function afterChange(request: Request, current: CurrentSession, firstTime: boolean): Promise<void> {
  await logSecurityEvent(db(), {
    userId: current.user.id,
    type: "password_changed",
    severity: "medium",
    ipAddress: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("user-agent"),
    details: { firstTime },
  });
  // The queue never mails a Steam placeholder address.
  const mailId = await enqueueMail(db(), {
    to: current.user.email,
    template: "passwordChanged",
    data: { name: current.user.name, firstTime, profileUrl: `${config().PUBLIC_URL}/profile#sakerhet` },
  });
  await deliverQueuedMail(db(), [mailId]);
}

export async function handlePasswordChange(request: Request, current: CurrentSession, input: Record<string, unknown>) {
  const intent = "password-change" as const;
  const parsed = validate(input, changePasswordSchema, { intent });
  if (!parsed.ok) return parsed.response;
  if (!(await hasPassword(db(), current.user.id))) return badRequest(AUTH_MESSAGES.noPasswordYet, {}, { intent });
  try {
    await auth().api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
      headers: request.headers,
    });
  } catch (error) {
    return refusal(intent, error);
  }
  // Every other session ends; this one stays (a new session here would leave a plain post's
  // page render holding the old cookie).
  await auth().api.revokeOtherSessions({ headers: request.headers });
  await afterChange(request, current, false);
  return { ok: true as const, intent, title: AUTH_MESSAGES.passwordUpdated, message: AUTH_MESSAGES.passwordChanged };
}

export async function handlePasswordSet(request: Request, current: CurrentSession, input: Record<string, unknown>) {
  const intent = "password-set" as const;
  const parsed = validate(input, setPasswordSchema, { intent });
  if (!parsed.ok) return parsed.response;
  if (await hasPassword(db(), current.user.id)) return badRequest(AUTH_MESSAGES.passwordAlreadySet, {}, { intent });
  // No password to confirm with: a fresh step-up (the second factor if the account has one, else
  // BankID), or a sign-in with Steam or Google within 10 minutes.
  const fresh = isFreshStepUp(await stepUpState(db(), current.session.id), await hasTwoFactor(db(), current.user.id));
  if (!fresh && !(await isRecentSignIn(db(), current.session.id))) {
    return data({ ok: false as const, intent, message: AUTH_MESSAGES.passwordSetNeedsSignIn, reauthenticate: true }, { status: 403 });
  }
  try {
    await auth().api.setPassword({ body: { newPassword: parsed.data.password }, headers: request.headers });
  } catch (error) {
    return refusal(intent, error);
  }
  await afterChange(request, current, true);
  return { ok: true as const, intent, title: AUTH_MESSAGES.passwordUpdated, message: AUTH_MESSAGES.passwordSet };
}
