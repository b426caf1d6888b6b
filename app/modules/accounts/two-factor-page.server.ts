/**
 * Loaders and actions of the two-factor pages (decision 046): setting it up
 * (/profile/tvastegsverifiering), confirming again before a sensitive action (/profile/bekrafta)
 * and the code after a password sign-in (/auth?mode=two-factor).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "~/lib/zod";
import { badRequest, readInput, validate } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { isVerified } from "~/modules/identity/bankid.server";
import { hasPassword } from "~/modules/selling/payout-details.server";
import { db } from "~/platform/db/client.server";
import { isStaff } from "./roles.server";
import { safeRedirectTo } from "./safe-redirect";
import { requireUser } from "./session.server";
import {
  completeSignIn,
  confirmEnrolment,
  hasTwoFactor,
  isFreshStepUp,
  startEnrolment,
  stepUpState,
  stepUpWithCode,
  stepUpWithPassword,
  type TwoFactorFailure,
} from "./two-factor.server";
import { TWO_FACTOR_MESSAGES, twoFactorCodeSchema } from "./two-factor-messages";

const redirectField = z.string().max(2000).optional().catch(undefined);
const codeForm = z.object({ code: twoFactorCodeSchema, redirectTo: redirectField });
const passwordForm = z.object({
  password: z.string({ error: TWO_FACTOR_MESSAGES.passwordMissing }).min(1, TWO_FACTOR_MESSAGES.passwordMissing).max(200, TWO_FACTOR_MESSAGES.wrongPassword),
  redirectTo: redirectField,
});
const startForm = z.object({ password: z.string().max(200, TWO_FACTOR_MESSAGES.wrongPassword).optional() });

function refusal(intent: string, failure: TwoFactorFailure) {
  const headers = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
  return data(
    { ok: false as const, intent, message: failure.message, fieldErrors: failure.field ? { [failure.field]: failure.message } : undefined },
    { status: failure.status, headers },
  );
}

const backTo = (request: Request, fallback: string) => safeRedirectTo(new URL(request.url).searchParams.get("redirectTo") ?? fallback);

// ---------------------------------------------------------------------------
// /profile/tvastegsverifiering
// ---------------------------------------------------------------------------

export async function loadSetup(request: Request) {
  const current = await requireUser(request);
  const staff = await isStaff(current.user.id);
  const [enabled, password] = await Promise.all([hasTwoFactor(db(), current.user.id), hasPassword(db(), current.user.id)]);
  return { enabled, staff, hasPassword: password, redirectTo: backTo(request, staff ? "/admin" : "/profile") };
}

export async function handleSetup(request: Request, context: AppLoadContext) {
  const current = await requireUser(request);
  const input = await readInput(request);
  if (!input.ok) return input.response;
  switch (input.data.intent) {
    case "start": {
      const parsed = validate(input.data, startForm, { intent: "start" });
      if (!parsed.ok) return parsed.response;
      const result = await startEnrolment(request, context, parsed.data.password || undefined);
      if (!result.ok) return refusal("start", result);
      return { ok: true as const, intent: "start" as const, secret: result.secret, qr: result.qr, backupCodes: result.backupCodes };
    }
    case "confirm": {
      const parsed = validate(input.data, codeForm, { intent: "confirm" });
      if (!parsed.ok) return parsed.response;
      const result = await confirmEnrolment(request, context, current, parsed.data.code);
      if (!result.ok) return refusal("confirm", result);
      throw redirect(safeRedirectTo(parsed.data.redirectTo), { headers: result.headers });
    }
    default:
      return badRequest(INPUT_MESSAGES.badRequest);
  }
}

// ---------------------------------------------------------------------------
// /profile/bekrafta
// ---------------------------------------------------------------------------

export async function loadStepUp(request: Request) {
  const current = await requireUser(request);
  const [enabled, state, verified, password] = await Promise.all([
    hasTwoFactor(db(), current.user.id),
    stepUpState(db(), current.session.id),
    isVerified(db(), current.user.id),
    hasPassword(db(), current.user.id),
  ]);
  return {
    hasTwoFactor: enabled,
    /** Without a second factor a member verified with BankID may confirm with BankID instead. */
    bankIdStepUp: !enabled && verified,
    hasPassword: password,
    fresh: isFreshStepUp(state, enabled),
    redirectTo: backTo(request, "/profile"),
  };
}

export async function handleStepUp(request: Request, context: AppLoadContext) {
  const current = await requireUser(request);
  const input = await readInput(request);
  if (!input.ok) return input.response;
  switch (input.data.intent) {
    case "code": {
      const parsed = validate(input.data, codeForm, { intent: "code" });
      if (!parsed.ok) return parsed.response;
      const result = await stepUpWithCode(request, context, current, parsed.data.code);
      if (!result.ok) return refusal("code", result);
      throw redirect(safeRedirectTo(parsed.data.redirectTo));
    }
    case "password": {
      const parsed = validate(input.data, passwordForm, { intent: "password" });
      if (!parsed.ok) return parsed.response;
      const result = await stepUpWithPassword(request, context, current, parsed.data.password);
      if (!result.ok) return refusal("password", result);
      throw redirect(safeRedirectTo(parsed.data.redirectTo));
    }
    default:
      return badRequest(INPUT_MESSAGES.badRequest);
  }
}

// ---------------------------------------------------------------------------
// /auth?mode=two-factor
// ---------------------------------------------------------------------------

export async function handleSignInCode(request: Request, context: AppLoadContext, input: Record<string, unknown>) {
  const parsed = validate(input, codeForm, { intent: "two-factor" });
  if (!parsed.ok) return parsed.response;
  const result = await completeSignIn(request, context, parsed.data.code);
  if (!result.ok) return refusal("two-factor", result);
  throw redirect(safeRedirectTo(parsed.data.redirectTo), { headers: result.headers });
}
