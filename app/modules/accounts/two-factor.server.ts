/**
 * Two-factor sign-in and step-up (decision 046). Better Auth's two-factor plugin holds the TOTP
 * secret and the backup codes and checks every code; this module records what a session has
 * proven (a second factor, a recent step-up), guards staff pages and sensitive actions with it,
 * and maps the plugin's answers to Swedish.
 *
 * A step-up is recorded per session by `recordStepUp`, whatever proved it: a code from the app,
 * a backup code, the password (accounts without a second factor) or, once it is built, BankID.
 */
import { eq } from "drizzle-orm";
import { encode } from "uqr";
import { data, redirect, type AppLoadContext } from "react-router";
import { db as appDb, type Db } from "~/platform/db/client.server";
import { session as sessionTable, session_step_ups, user } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { SECOND_FACTOR_METHODS, STEP_UP_MAX_AGE_MS, TWO_FACTOR_PATHS, type StepUpMethod } from "./accounts-constants";
import { auth } from "./auth.server";
import { authHeaders, forwardCookies } from "./auth-page.server";
import { safeRedirectTo } from "./safe-redirect";
import { logSecurityEvent } from "./security-events.server";
import type { CurrentSession } from "./session.server";
import { isBackupCode, TWO_FACTOR_MESSAGES } from "./two-factor-messages";

/** Who is asking, in which session (a CurrentSession will do). */
export interface SessionRef {
  user: { id: string };
  session: { id: string };
}


// ---------------------------------------------------------------------------
// What a session has proven
// ---------------------------------------------------------------------------

export interface StepUpState {
  /** When this session last passed a second factor (sign-in code, setup, step-up). */
  secondFactorAt: Date | null;
  stepUpAt: Date | null;
  method: StepUpMethod | null;
}

export async function stepUpState(db: Db, sessionId: string): Promise<StepUpState> {
  const [row] = await db.select().from(session_step_ups).where(eq(session_step_ups.session_id, sessionId)).limit(1);
  if (!row) return { secondFactorAt: null, stepUpAt: null, method: null };
  return { secondFactorAt: row.second_factor_at, stepUpAt: row.step_up_at, method: row.step_up_method as StepUpMethod };
}

/**
 * Records that the session just confirmed who it is by `method`. A further method (BankID)
 * plugs in by calling this once its own check passed.
 */
export async function recordStepUp(db: Db, sessionId: string, method: StepUpMethod, now: Date = new Date()): Promise<void> {
  const secondFactor = SECOND_FACTOR_METHODS.includes(method);
  await db
    .insert(session_step_ups)
    .values({ session_id: sessionId, step_up_at: now, step_up_method: method, second_factor_at: secondFactor ? now : null })
    .onConflictDoUpdate({
      target: session_step_ups.session_id,
      set: {
        step_up_at: now,
        step_up_method: method,
        ...(secondFactor ? { second_factor_at: now } : {}),
      },
    });
}

/** Whether the step-up is recent enough for a sensitive action (the one constant: 5 minutes). */
export function isFreshStepUp(state: StepUpState, needsSecondFactor: boolean, now: Date = new Date()): boolean {
  if (!state.stepUpAt || now.getTime() - state.stepUpAt.getTime() > STEP_UP_MAX_AGE_MS) return false;
  if (!needsSecondFactor) return true;
  return state.method !== null && SECOND_FACTOR_METHODS.includes(state.method);
}

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.enabled ?? false;
}

/** `/profile/bekrafta?redirectTo=…`, back to the page (never a data-request URL). */
export function stepUpUrl(back: string): string {
  return `${TWO_FACTOR_PATHS.stepUp}?redirectTo=${encodeURIComponent(safeRedirectTo(back))}`;
}

function pageOf(request: Request): string {
  const url = new URL(request.url);
  return safeRedirectTo(`${url.pathname.replace(/\.data$/, "")}${url.search}`);
}

/**
 * Staff need a second factor on the account and in this session before any /admin page or
 * staff action: a page is sent to set it up or to give the code; any other request (an
 * action, a data request) is refused with a Swedish 403.
 */
export async function requireStaffSecondFactor(request: Request, current: CurrentSession): Promise<void> {
  const enabled = await hasTwoFactor(appDb(), current.user.id);
  const state = enabled ? await stepUpState(appDb(), current.session.id) : null;
  if (enabled && state?.secondFactorAt) return;
  const page = request.method === "GET" && !new URL(request.url).pathname.endsWith(".data");
  const target = enabled ? TWO_FACTOR_PATHS.stepUp : TWO_FACTOR_PATHS.setup;
  if (page) throw redirect(`${target}?redirectTo=${encodeURIComponent(pageOf(request))}`);
  throw data(
    { ok: false, code: "TWO_FACTOR_REQUIRED", message: enabled ? TWO_FACTOR_MESSAGES.staffCodeRequired : TWO_FACTOR_MESSAGES.staffSetupRequired },
    { status: 403 },
  );
}

/**
 * A sensitive action's guard, checked on the server per session: null when the session has a
 * fresh step-up (a second factor for an account that has one, else the password), otherwise
 * the Swedish 403 the action answers with, naming where to confirm.
 */
export async function stepUpRefusal(request: Request, current: SessionRef, now: Date = new Date()) {
  const [state, enabled] = await Promise.all([stepUpState(appDb(), current.session.id), hasTwoFactor(appDb(), current.user.id)]);
  if (isFreshStepUp(state, enabled, now)) return null;
  return data(
    { ok: false as const, code: "STEP_UP_REQUIRED", title: TWO_FACTOR_MESSAGES.stepUpTitle, message: TWO_FACTOR_MESSAGES.stepUpRequired, stepUpUrl: stepUpUrl(pageOf(request)) },
    { status: 403 },
  );
}

// ---------------------------------------------------------------------------
// Calls into the plugin
// ---------------------------------------------------------------------------

interface AuthError {
  statusCode?: number;
  body?: { code?: string; message?: string };
  headers?: HeadersInit;
}

const asAuthError = (error: unknown): AuthError | null =>
  error && typeof error === "object" && ("statusCode" in error || "body" in error) ? (error as AuthError) : null;

export type TwoFactorFailure = { ok: false; status: number; message: string; retryAfterSeconds?: number; field?: string };

function failureOf(error: unknown, kind: "code" | "backup" | "password"): TwoFactorFailure {
  const authError = asAuthError(error);
  if (!authError) throw error;
  const code = authError.body?.code;
  if (authError.statusCode === 429 && code === "RATE_LIMITED") {
    const retry = Number(new Headers(authError.headers).get("Retry-After") ?? "60");
    return { ok: false, status: 429, message: authError.body?.message ?? TWO_FACTOR_MESSAGES.locked, retryAfterSeconds: Number.isFinite(retry) ? retry : 60 };
  }
  switch (code) {
    case "INVALID_INPUT":
      return { ok: false, status: 400, message: authError.body?.message ?? TWO_FACTOR_MESSAGES.codeFormat, field: kind === "password" ? "password" : "code" };
    case "INVALID_CODE":
      return { ok: false, status: 401, message: TWO_FACTOR_MESSAGES.wrongCode, field: "code" };
    case "INVALID_BACKUP_CODE":
      return { ok: false, status: 401, message: TWO_FACTOR_MESSAGES.wrongBackupCode, field: "code" };
    case "INVALID_PASSWORD":
      return { ok: false, status: 403, message: TWO_FACTOR_MESSAGES.wrongPassword, field: "password" };
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return { ok: false, status: 429, message: TWO_FACTOR_MESSAGES.locked, retryAfterSeconds: 15 * 60 };
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
    case "INVALID_TWO_FACTOR_COOKIE":
      return { ok: false, status: 401, message: TWO_FACTOR_MESSAGES.challengeExpired };
    case "TOTP_ALREADY_ENABLED":
      return { ok: false, status: 409, message: TWO_FACTOR_MESSAGES.alreadyEnabled };
    case "TOTP_NOT_ENABLED":
    case "BACKUP_CODES_NOT_ENABLED":
      return { ok: false, status: 400, message: TWO_FACTOR_MESSAGES.notEnabled };
    default:
      logger.error({ err: error }, "two-factor call failed");
      return { ok: false, status: 500, message: TWO_FACTOR_MESSAGES.failed };
  }
}

/** The id of the session whose cookie Better Auth just set (the token is the signed value's first part). */
async function sessionIdFromCookies(db: Db, headers: Headers, fallbackToken?: string): Promise<{ id: string; userId: string } | null> {
  let token = fallbackToken;
  for (const cookie of headers.getSetCookie()) {
    const match = /^[^=]*session_token=([^;]*)/.exec(cookie);
    if (match?.[1]) token = decodeURIComponent(match[1]).split(".")[0];
  }
  if (!token) return null;
  const [row] = await db.select({ id: sessionTable.id, userId: sessionTable.userId }).from(sessionTable).where(eq(sessionTable.token, token)).limit(1);
  return row ?? null;
}

async function verifyCode(request: Request, context: AppLoadContext, code: string) {
  const body = { code };
  const headers = authHeaders(request, context);
  return isBackupCode(code)
    ? auth().api.verifyBackupCode({ body, headers, returnHeaders: true })
    : auth().api.verifyTOTP({ body, headers, returnHeaders: true });
}

const methodOf = (code: string): StepUpMethod => (isBackupCode(code) ? "backup_code" : "totp");

function eventMeta(request: Request, context: AppLoadContext) {
  return { ipAddress: context.clientIp || null, userAgent: request.headers.get("user-agent") };
}

/**
 * The code after a password sign-in (the plugin's `two_factor` cookie names the pending
 * sign-in). A right code makes the session, which counts as a fresh step-up.
 */
export async function completeSignIn(request: Request, context: AppLoadContext, code: string) {
  try {
    const result = await verifyCode(request, context, code);
    const created = await sessionIdFromCookies(appDb(), result.headers, result.response.token);
    if (created) await recordStepUp(appDb(), created.id, methodOf(code));
    return { ok: true as const, headers: forwardCookies(result.headers) };
  } catch (error) {
    const failure = failureOf(error, isBackupCode(code) ? "backup" : "code");
    if (failure.status === 401 || failure.status === 429) {
      await logSecurityEvent(appDb(), { userId: null, type: "two_factor_failed", severity: "medium", ...eventMeta(request, context), details: { stage: "sign_in", reason: failure.message } });
    }
    return failure;
  }
}

/** Setup, step one: a new secret and backup codes (not active until a code confirms them). */
export async function startEnrolment(request: Request, context: AppLoadContext, password: string | undefined) {
  try {
    const result = await auth().api.enableTwoFactor({ body: { password, method: "totp" }, headers: authHeaders(request, context) });
    if (!("totpURI" in result) || !result.totpURI) return { ok: false as const, status: 500, message: TWO_FACTOR_MESSAGES.failed };
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    return { ok: true as const, totpURI: result.totpURI, secret, backupCodes: result.backupCodes ?? [], qr: qrModules(result.totpURI) };
  } catch (error) {
    return failureOf(error, "password");
  }
}

/** Setup, step two: the first code turns it on; Better Auth replaces the session, which has now passed a second factor. */
export async function confirmEnrolment(request: Request, context: AppLoadContext, current: CurrentSession, code: string) {
  try {
    const result = await auth().api.verifyTOTP({ body: { code }, headers: authHeaders(request, context), returnHeaders: true });
    const replaced = await sessionIdFromCookies(appDb(), result.headers);
    await recordStepUp(appDb(), replaced?.id ?? current.session.id, "totp");
    await logSecurityEvent(appDb(), { userId: current.user.id, type: "two_factor_enabled", severity: "medium", ...eventMeta(request, context) });
    return { ok: true as const, headers: forwardCookies(result.headers) };
  } catch (error) {
    return failureOf(error, "code");
  }
}

/** A step-up with a code from the app or a backup code (used up). */
export async function stepUpWithCode(request: Request, context: AppLoadContext, current: CurrentSession, code: string) {
  try {
    await verifyCode(request, context, code);
    await recordStepUp(appDb(), current.session.id, methodOf(code));
    await logSecurityEvent(appDb(), { userId: current.user.id, type: "step_up", ...eventMeta(request, context), details: { method: methodOf(code) } });
    return { ok: true as const };
  } catch (error) {
    const failure = failureOf(error, isBackupCode(code) ? "backup" : "code");
    if (failure.status === 401 || failure.status === 429) {
      await logSecurityEvent(appDb(), { userId: current.user.id, type: "two_factor_failed", severity: "medium", ...eventMeta(request, context), details: { stage: "step_up" } });
    }
    return failure;
  }
}

/** A step-up with the password: only for an account without a second factor. */
export async function stepUpWithPassword(request: Request, context: AppLoadContext, current: CurrentSession, password: string) {
  if (await hasTwoFactor(appDb(), current.user.id)) return { ok: false as const, status: 400, message: TWO_FACTOR_MESSAGES.codeMissing, field: "code" };
  try {
    await auth().api.verifyPassword({ body: { password }, headers: authHeaders(request, context) });
    await recordStepUp(appDb(), current.session.id, "password");
    await logSecurityEvent(appDb(), { userId: current.user.id, type: "step_up", ...eventMeta(request, context), details: { method: "password" } });
    return { ok: true as const };
  } catch (error) {
    const authError = asAuthError(error);
    if (authError?.statusCode === 400 || authError?.statusCode === 401) {
      if (authError.body?.code === "INVALID_INPUT") return failureOf(error, "password");
      return { ok: false as const, status: 403, message: TWO_FACTOR_MESSAGES.wrongPassword, field: "password" };
    }
    return failureOf(error, "password");
  }
}

/** The QR code's modules (true = dark), drawn as SVG by the page; no image leaves the server. */
function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: "M", border: 2 }).data;
}
