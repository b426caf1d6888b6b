/**
 * Server side of /auth and /email-confirmation: calls Better Auth with the request's headers
 * (plus the client IP, for the abuse limits) and maps its outcomes to the Swedish
 * texts of docs/rules/accounts.md. Routes stay thin: validate, call one of these, answer.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { clientIp, type Input } from "~/lib/http.server";
import { AUTH_MESSAGES } from "~/modules/accounts/auth-schemas";
import { auth, AUTH_CALLBACKS } from "~/modules/accounts/auth.server";
import { withProfileSeed } from "~/modules/accounts/profiles.server";
import { CLIENT_IP_HEADER } from "~/modules/accounts/session-policy";
import { SIGN_IN_BLOCKED_CODE, SIGN_IN_BLOCKED_MESSAGE } from "~/modules/accounts/social-sign-in-errors";
import {
  carriedSignupValues,
  postedSignupStep,
  SIGNUP_FAILED_MESSAGE,
  SIGNUP_TOAST_TITLES,
  signupRefusal,
  signupSchema,
  signupStepOfField,
  signupToastTitle,
  type SignupInput,
  type SignupStep,
  type SignupValues,
} from "~/modules/accounts/signup-schema";
import { referralCodeFromCookie } from "~/modules/referrals/referral-cookie.server";
import { logger } from "~/platform/logger.server";

export type AuthIntent = "signin" | "signup" | "reset" | "reset-password" | "resend";

export interface AuthFailure {
  ok: false;
  intent: AuthIntent;
  /** Toast title; the message is its description. */
  title?: string;
  message: string;
  code?: string;
  /** The address a refused sign-in was for, so the page can offer to resend its mail. */
  email?: string;
  fieldErrors?: Partial<Record<string, string>>;
}

/** The request's headers with the client IP as Express resolved it (never the client's claim). */
export function authHeaders(request: Request, context: AppLoadContext): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(context));
  return headers;
}

/** What an in-process Better Auth call throws when it refuses. */
export interface BetterAuthError {
  statusCode?: number;
  body?: { code?: string; message?: string; fieldErrors?: Partial<Record<string, string>> };
  headers?: HeadersInit;
}

export function asAuthError(error: unknown): BetterAuthError | null {
  if (error && typeof error === "object" && ("statusCode" in error || "body" in error)) return error as BetterAuthError;
  return null;
}

function failure(intent: AuthIntent, status: number, fields: Omit<AuthFailure, "ok" | "intent">) {
  return data<AuthFailure>({ ok: false, intent, ...fields }, { status });
}

/** A refusal by our limiter carries its Swedish message and its Retry-After already. */
function rateLimited(intent: AuthIntent, error: BetterAuthError | null) {
  if (error?.statusCode !== 429) return null;
  const retryAfter = new Headers(error.headers).get("Retry-After");
  return data<AuthFailure>(
    { ok: false, intent, code: "RATE_LIMITED", message: error.body?.message ?? "För många försök." },
    { status: 429, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
  );
}

/** Input refused by the account rules Better Auth enforces (auth-endpoints.ts), in Swedish already. */
function invalidInput(intent: AuthIntent, error: BetterAuthError | null, title?: string) {
  if (error?.statusCode !== 400 || error.body?.code !== "INVALID_INPUT") return null;
  return failure(intent, 400, {
    code: "INVALID_INPUT",
    title,
    message: error.body.message ?? "Ogiltig förfrågan.",
    fieldErrors: error.body.fieldErrors,
  });
}

/** The Set-Cookie headers of an in-process Better Auth call, for the route's response. */
export function forwardCookies(from: Headers): Headers {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function signIn(
  request: Request,
  context: AppLoadContext,
  input: { email: string; password: string; redirectTo: string },
) {
  try {
    const result = await auth().api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    // An account with two-factor sign-in gets no session yet: the code comes next (decision 046).
    const twoFactor = Boolean(result.response && "twoFactorRedirect" in result.response && result.response.twoFactorRedirect);
    return data(
      { ok: true as const, intent: "signin" as const, redirectTo: input.redirectTo, ...(twoFactor ? { twoFactor: true as const } : {}) },
      { headers: forwardCookies(result.headers) },
    );
  } catch (error) {
    const authError = asAuthError(error);
    const refused = rateLimited("signin", authError) ?? invalidInput("signin", authError);
    if (refused) return refused;
    switch (authError?.body?.code) {
      case "EMAIL_NOT_VERIFIED":
        return failure("signin", 403, {
          code: "EMAIL_NOT_VERIFIED",
          title: AUTH_MESSAGES.emailNotConfirmed,
          message: AUTH_MESSAGES.emailNotConfirmedHelp,
          email: input.email,
        });
      case SIGN_IN_BLOCKED_CODE:
        return failure("signin", 403, { code: SIGN_IN_BLOCKED_CODE, title: AUTH_MESSAGES.signInBlockedTitle, message: SIGN_IN_BLOCKED_MESSAGE });
      case "INVALID_EMAIL_OR_PASSWORD":
        return failure("signin", 401, { code: "INVALID_CREDENTIALS", message: AUTH_MESSAGES.wrongCredentials });
      default:
        logger.error({ err: error }, "sign-in failed");
        return failure("signin", authError?.statusCode && authError.statusCode < 500 ? authError.statusCode : 500, {
          message: AUTH_MESSAGES.signInFailed,
        });
    }
  }
}

/**
 * Creates the account with the wizard's profile fields. An address that already has an
 * account gets the same answer as a new one (Better Auth's enumeration protection).
 */
async function signUp(request: Request, context: AppLoadContext, input: SignupInput) {
  try {
    await withProfileSeed(
      {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        steamTradeLink: input.steamTradeLink,
        // docs/rules/accounts.md#referral-code-at-sign-up: the wizard's code, else the cookie's.
        signupReferralCode: input.referralCode ?? referralCodeFromCookie(request),
        newsletterOptIn: input.newsletter,
      },
      () =>
        auth().api.signUpEmail({
          body: { email: input.email, password: input.password, name: input.firstName, callbackURL: AUTH_CALLBACKS.confirmed },
          headers: authHeaders(request, context),
        }),
    );
    return data({ ok: true as const, intent: "signup" as const, email: input.email.toLowerCase() });
  } catch (error) {
    const authError = asAuthError(error);
    const limited = rateLimited("signup", authError);
    if (limited) return data({ ...limited.data, title: SIGNUP_TOAST_TITLES.failed }, limited.init ?? undefined);
    const invalid = invalidInput("signup", authError, SIGNUP_TOAST_TITLES.failed);
    if (invalid) return invalid;
    logger.error({ err: error }, "sign-up failed");
    return failure("signup", authError?.statusCode && authError.statusCode < 500 ? authError.statusCode : 500, {
      title: SIGNUP_TOAST_TITLES.failed,
      message: SIGNUP_FAILED_MESSAGE,
    });
  }
}

/** What a wizard post answers besides the 017 shape: the step to show and the values it carries. */
interface WizardPosition {
  step: SignupStep;
  values: SignupValues;
}

/** Where the account's confirmation is explained, as the browser goes with JavaScript. */
function emailConfirmationPath(email: string): string {
  return `/email-confirmation?email=${encodeURIComponent(email)}&mode=signup`;
}

/**
 * The sign-up wizard's post (docs/rules/accounts.md#sign-up, decision 033). A step posted on its
 * own (`step` 1 or 2, a page without JavaScript) is checked with its step's schema and answered
 * with the next step and the values to carry, never the password; "Tillbaka" (`back`) answers the
 * step before. The last step (`step` 3, where a page without JavaScript has the password typed
 * again) is checked as step 1 and 3, then like a sign-up posted in one go (no `step`) with the
 * full schema, and creates the account. A plain form post that created it is sent on to the
 * confirmation page; a fetcher's request gets the answer as data.
 */
export async function signUpFromWizard(request: Request, context: AppLoadContext, form: Input, { plainPost }: { plainPost: boolean }) {
  const step = postedSignupStep(form.step);
  const values = carriedSignupValues(form);
  const at = (next: SignupStep): WizardPosition => ({ step: next, values });
  if (step && form.back !== undefined) {
    return data({ ok: true as const, intent: "signup" as const, ...at(Math.max(1, step - 1) as SignupStep) });
  }
  const refused = signupRefusal(form, step);
  if (refused) {
    const { message, fieldErrors } = refused;
    const position = step ? at(signupStepOfField(Object.keys(fieldErrors)[0], step === 3 ? 3 : 1, step)) : {};
    return data(
      { ok: false as const, intent: "signup" as const, title: signupToastTitle(message), message, fieldErrors, ...position },
      { status: 400 },
    );
  }
  if (step === 1 || step === 2) return data({ ok: true as const, intent: "signup" as const, ...at((step + 1) as SignupStep) });

  const result = await signUp(request, context, signupSchema.parse(form));
  if (result.data.ok) return plainPost ? redirect(emailConfirmationPath(result.data.email)) : result;
  if (!step) return result;
  const field = Object.keys(result.data.fieldErrors ?? {})[0];
  return data({ ...result.data, ...at(signupStepOfField(field, 3, 3)) }, result.init ?? undefined);
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(request: Request, context: AppLoadContext, email: string) {
  try {
    await auth().api.requestPasswordReset({
      body: { email, redirectTo: AUTH_CALLBACKS.resetPassword },
      headers: authHeaders(request, context),
    });
    return data({ ok: true as const, intent: "reset" as const, email });
  } catch (error) {
    const authError = asAuthError(error);
    const refused = rateLimited("reset", authError) ?? invalidInput("reset", authError);
    if (refused) return refused;
    logger.error({ err: error }, "password reset request failed");
    return failure("reset", 500, { message: AUTH_MESSAGES.resetFailed });
  }
}

export async function resetPassword(
  request: Request,
  context: AppLoadContext,
  input: { token: string; password: string },
) {
  if (!input.token) return failure("reset-password", 400, { code: "INVALID_TOKEN", message: AUTH_MESSAGES.linkExpired });
  try {
    await auth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: authHeaders(request, context),
    });
    return data({ ok: true as const, intent: "reset-password" as const });
  } catch (error) {
    const authError = asAuthError(error);
    if (authError?.body?.code === "INVALID_TOKEN") {
      return failure("reset-password", 400, { code: "INVALID_TOKEN", message: AUTH_MESSAGES.linkExpired });
    }
    const invalid = invalidInput("reset-password", authError);
    if (invalid) return invalid;
    logger.error({ err: error }, "password update failed");
    return failure("reset-password", 500, { message: AUTH_MESSAGES.passwordUpdateFailed });
  }
}

/** Sends the confirmation mail again; silent for unknown or confirmed addresses. */
export async function resendConfirmation(request: Request, context: AppLoadContext, email: string) {
  try {
    // Without the cookie: a signed-in visitor resending for another address is not an error.
    const headers = authHeaders(request, context);
    headers.delete("cookie");
    await auth().api.sendVerificationEmail({ body: { email, callbackURL: AUTH_CALLBACKS.confirmed }, headers });
    return data({ ok: true as const, intent: "resend" as const, email });
  } catch (error) {
    const authError = asAuthError(error);
    const limited = rateLimited("resend", authError);
    if (limited) return data({ ...limited.data, title: AUTH_MESSAGES.resendFailedTitle }, limited.init ?? undefined);
    const invalid = invalidInput("resend", authError, AUTH_MESSAGES.resendFailedTitle);
    if (invalid) return invalid;
    logger.error({ err: error }, "resending confirmation failed");
    return failure("resend", 500, { title: AUTH_MESSAGES.resendFailedTitle, message: AUTH_MESSAGES.resendFailed });
  }
}

/** Ends the current session; a session that is already gone counts as signed out (docs/rules/accounts.md#sign-out). */
export async function signOut(request: Request, context: AppLoadContext) {
  try {
    const result = await auth().api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    return data({ ok: true as const }, { headers: forwardCookies(result.headers) });
  } catch (error) {
    const authError = asAuthError(error);
    if (authError?.body?.code === "SESSION_NOT_FOUND" || authError?.body?.code === "FAILED_TO_GET_SESSION") {
      return data({ ok: true as const });
    }
    logger.error({ err: error }, "sign-out failed");
    return data({ ok: false as const, title: AUTH_MESSAGES.signOutFailedTitle, message: AUTH_MESSAGES.signOutFailed }, { status: 500 });
  }
}
