/**
 * Steam sign-in's stateful parts: the single-use nonce store, the `check_authentication`
 * round trip to the OpenID endpoint, and the Steam Web API lookup of name and avatar.
 * The pure protocol checks are in steam-openid.server.ts.
 */
import { lt, sql } from "drizzle-orm";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import type { Db } from "~/platform/db/client.server";
import { openid_nonces } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { providerAvatarUrl, providerText } from "./provider-profile";
import {
  checkAuthenticationBody,
  isValidCheckAuthenticationAnswer,
  NONCE_MAX_AGE_MS,
  NONCE_MAX_SKEW_MS,
  openIdParams,
  verifySteamAssertion,
  type SteamAssertionFailure,
} from "./steam-openid.server";

export const STEAM_CALLBACK_PATH = "/auth/steam/callback";
/** Where every rejected Steam sign-in lands; the /auth page shows SOCIAL_SIGN_IN_ERRORS.steam. */
export const STEAM_ERROR_REDIRECT = "/auth?mode=signin&error=steam";
/** Steam's direct verification must answer within this time or the sign-in is rejected. */
const PROVIDER_TIMEOUT_MS = 10_000;

export type SteamCallbackFailure = SteamAssertionFailure | "malformed" | "replayed_nonce" | "not_valid" | "provider_error";

export type SteamCallbackResult = { ok: true; steamId: string } | { ok: false; reason: SteamCallbackFailure };

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Records a response nonce as used. False when it was seen before (the primary key refuses
 * it). Nonces older than the accepted age are purged: they would be rejected as stale anyway.
 */
export async function consumeNonce(db: Db, nonce: string, now: Date = new Date()): Promise<boolean> {
  await purgeStaleNonces(db, now);
  const inserted = await db
    .insert(openid_nonces)
    .values({ nonce, created_at: sql`now()` })
    .onConflictDoNothing()
    .returning({ nonce: openid_nonces.nonce });
  return inserted.length === 1;
}

/** Forgets nonces past the accepted age; also run by the scheduled cleanup job. */
export async function purgeStaleNonces(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(openid_nonces)
    .where(lt(openid_nonces.created_at, new Date(now.getTime() - NONCE_MAX_AGE_MS - NONCE_MAX_SKEW_MS)))
    .returning({ nonce: openid_nonces.nonce });
  return removed.length;
}

/**
 * The whole verification of Steam's redirect back to us: every protocol check, the nonce
 * taken once, then `check_authentication` at the configured endpoint, which must answer
 * `is_valid:true`. Anything else is a failure with a reason for the log.
 */
export async function verifySteamCallback(
  db: Db,
  callbackUrl: URL,
  options: { endpoint: string; expectedReturnTo: string; fetch?: FetchLike; now?: Date },
): Promise<SteamCallbackResult> {
  const params = openIdParams(callbackUrl.searchParams);
  if (!params) return { ok: false, reason: "malformed" };
  const checked = verifySteamAssertion(params, {
    endpoint: options.endpoint,
    returnTo: options.expectedReturnTo,
    now: options.now,
  });
  if (!checked.ok) return checked;

  // Taken before the round trip, so two concurrent replays cannot both pass.
  if (!(await consumeNonce(db, checked.nonce, options.now))) return { ok: false, reason: "replayed_nonce" };

  const fetchImpl = options.fetch ?? fetch;
  let answer: string;
  try {
    const response = await fetchImpl(options.endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/plain" },
      body: checkAuthenticationBody(params).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, reason: "provider_error" };
    answer = await response.text();
  } catch (error) {
    logger.warn({ err: error }, "steam check_authentication failed");
    return { ok: false, reason: "provider_error" };
  }
  if (!isValidCheckAuthenticationAnswer(answer)) return { ok: false, reason: "not_valid" };
  return { ok: true, steamId: checked.steamId };
}

export interface SteamPlayerSummary {
  name: string | null;
  avatarUrl: string | null;
}

/**
 * Name and avatar from the Steam Web API (GetPlayerSummaries). Only called with an API key;
 * any failure means "unknown", never a failed sign-in.
 */
export async function fetchSteamPlayerSummary(
  input: { apiUrl: string; apiKey: string; steamId: string },
  fetchImpl: FetchLike = fetch,
): Promise<SteamPlayerSummary | null> {
  const url = new URL(`${input.apiUrl.replace(/\/$/, "")}/ISteamUser/GetPlayerSummaries/v0002/`);
  url.searchParams.set("key", input.apiKey);
  url.searchParams.set("steamids", input.steamId);
  try {
    const response = await fetchImpl(url.toString(), { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      response?: { players?: Array<{ steamid?: string; personaname?: string; avatarfull?: string }> };
    };
    const player = body.response?.players?.find((p) => p.steamid === input.steamId);
    if (!player) return null;
    return { name: providerText(player.personaname), avatarUrl: providerAvatarUrl(player.avatarfull) };
  } catch (error) {
    logger.warn({ err: error }, "steam player summary lookup failed");
    return null;
  }
}

/** docs/rules/accounts.md#referral-code-at-sign-up: the code is upper-cased, only A-Z and 0-9 kept; an invalid one is ignored. */
export function signupReferralCodeFrom(value: string | null | undefined): string | null {
  const code = (value ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  return REFERRAL.codePattern.test(code) ? code : null;
}

/** Non-deliverable by construction: `.invalid` is reserved and never resolves (RFC 2606). */
export function steamPlaceholderEmail(steamId: string): string {
  return `steam-${steamId}@steam.invalid`;
}
