/**
 * The two legs of Steam sign-in as HTTP answers, used by the /auth/steam routes.
 *
 * Leg 1 sends the browser to Steam with a return_to carrying a random `state`, also kept in a
 * signed, short-lived httpOnly cookie (with the optional `?ref=` code, else the one in the
 * `referral_code` cookie). Leg 2 accepts the
 * assertion only for the browser that started it (cookie state = return_to state, which
 * stops login CSRF), verifies it (steam-sign-in.server.ts), and signs the member in through
 * the server-only Better Auth endpoint. Every rejection redirects to the /auth page with
 * error=steam; none is a 500.
 */
import { randomBytes } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { referralCodeFromCookie } from "~/modules/referrals/referral-cookie.server";
import { config } from "~/platform/config.server";
import { db as appDb } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { auth } from "./auth.server";
import { isNewUserProfile } from "./profile-rules";
import { getProfile } from "./profiles.server";
import { AUTH_COOKIE_PREFIX, CLIENT_IP_HEADER } from "./session-policy";
import { isSignInBlockedError, SIGN_IN_BLOCKED_REDIRECT } from "./sign-in-block.server";
import { buildSteamLoginUrl } from "./steam-openid.server";
import {
  fetchSteamPlayerSummary,
  signupReferralCodeFrom,
  STEAM_CALLBACK_PATH,
  STEAM_ERROR_REDIRECT,
  verifySteamCallback,
} from "./steam-sign-in.server";

/** Where a member whose profile lacks a name goes after a social sign-in (docs/rules/accounts.md#social-sign-in). */
export const PROFILE_COMPLETION_PATH = "/profile?complete=1";

const STATE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

interface SteamFlowState {
  state: string;
  ref: string | null;
}

function flowCookie() {
  const cfg = config();
  return createCookie(`${AUTH_COOKIE_PREFIX}.steam_flow`, {
    httpOnly: true,
    sameSite: "lax",
    secure: cfg.PUBLIC_URL.startsWith("https://"),
    path: "/auth/steam",
    maxAge: 10 * 60,
    secrets: [cfg.BETTER_AUTH_SECRET],
  });
}

function returnToFor(state: string, callbackPath = STEAM_CALLBACK_PATH): string {
  return `${config().PUBLIC_URL}${callbackPath}?state=${state}`;
}

export async function startSteamSignIn(request: Request): Promise<Response> {
  const cfg = config();
  const state = randomBytes(24).toString("base64url");
  const ref = signupReferralCodeFrom(new URL(request.url).searchParams.get("ref")) ?? referralCodeFromCookie(request);
  const location = buildSteamLoginUrl({
    endpoint: cfg.STEAM_OPENID_URL,
    returnTo: returnToFor(state),
    realm: cfg.PUBLIC_URL,
  });
  return redirect(location, {
    headers: { "Set-Cookie": await flowCookie().serialize({ state, ref } satisfies SteamFlowState) },
  });
}

async function readFlowState(request: Request): Promise<SteamFlowState | null> {
  const value: unknown = await flowCookie().parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object") return null;
  const { state, ref } = value as Partial<SteamFlowState>;
  if (typeof state !== "string" || !STATE_PATTERN.test(state)) return null;
  return { state, ref: typeof ref === "string" ? signupReferralCodeFrom(ref) : null };
}

export async function completeSteamSignIn(
  request: Request,
  client: { ip: string },
): Promise<Response> {
  const cfg = config();
  const url = new URL(request.url);
  const clearFlow = await flowCookie().serialize("", { maxAge: 0 });
  const reject = (reason: string) => {
    logger.warn({ reason }, "steam sign-in rejected");
    return redirect(STEAM_ERROR_REDIRECT, { headers: { "Set-Cookie": clearFlow } });
  };

  const flow = await readFlowState(request);
  if (!flow || url.searchParams.get("state") !== flow.state) return reject("state_mismatch");

  try {
    const result = await verifySteamCallback(appDb(), url, {
      endpoint: cfg.STEAM_OPENID_URL,
      expectedReturnTo: returnToFor(flow.state),
    });
    if (!result.ok) return reject(result.reason);

    const summary = cfg.STEAM_API_KEY
      ? await fetchSteamPlayerSummary({ apiUrl: cfg.STEAM_API_URL, apiKey: cfg.STEAM_API_KEY, steamId: result.steamId })
      : null;

    // Sessions record Express's view of the client address, as on /api/auth.
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, client.ip);
    const signedIn = await auth().api.signInWithVerifiedSteamId({
      body: {
        steamId: result.steamId,
        name: summary?.name ?? null,
        avatarUrl: summary?.avatarUrl ?? null,
        referralCode: flow.ref,
      },
      headers,
      returnHeaders: true,
    });

    const profile = await getProfile(appDb(), signedIn.response.userId);
    const response = redirect(isNewUserProfile(profile) ? PROFILE_COMPLETION_PATH : "/");
    for (const cookie of signedIn.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    response.headers.append("Set-Cookie", clearFlow);
    return response;
  } catch (error) {
    if (isSignInBlockedError(error)) {
      logger.warn({ reason: "sign_in_blocked" }, "steam sign-in rejected");
      return redirect(SIGN_IN_BLOCKED_REDIRECT, { headers: { "Set-Cookie": clearFlow } });
    }
    logger.error({ err: error }, "steam sign-in failed");
    return reject("internal_error");
  }
}

/**
 * Steam sign-in that only proves a Steam id to value its inventory before signing up
 * (docs/rules/selling.md#valuation-before-sign-up): the same two legs and checks as signing in,
 * but nobody is signed in and no account is made; leg 2 goes to the valuation of that id.
 */
const STEAM_VALUATION_CALLBACK_PATH = "/auth/steam/vardering/callback";
const VALUATION_PATH = "/salja/vardering";

export async function startSteamValuation(): Promise<Response> {
  const cfg = config();
  const state = randomBytes(24).toString("base64url");
  const location = buildSteamLoginUrl({
    endpoint: cfg.STEAM_OPENID_URL,
    returnTo: returnToFor(state, STEAM_VALUATION_CALLBACK_PATH),
    realm: cfg.PUBLIC_URL,
  });
  return redirect(location, { headers: { "Set-Cookie": await flowCookie().serialize({ state, ref: null } satisfies SteamFlowState) } });
}

export async function completeSteamValuation(request: Request): Promise<Response> {
  const cfg = config();
  const url = new URL(request.url);
  const clearFlow = await flowCookie().serialize("", { maxAge: 0 });
  const reject = (reason: string) => {
    logger.warn({ reason }, "steam valuation sign-in rejected");
    return redirect(`${VALUATION_PATH}?fel=steam`, { headers: { "Set-Cookie": clearFlow } });
  };
  const flow = await readFlowState(request);
  if (!flow || url.searchParams.get("state") !== flow.state) return reject("state_mismatch");
  const result = await verifySteamCallback(appDb(), url, {
    endpoint: cfg.STEAM_OPENID_URL,
    expectedReturnTo: returnToFor(flow.state, STEAM_VALUATION_CALLBACK_PATH),
  });
  if (!result.ok) return reject(result.reason);
  return redirect(`${VALUATION_PATH}?steam=${result.steamId}`, { headers: { "Set-Cookie": clearFlow } });
}
