/**
 * "Koppla Steam" (docs/rules/selling.md#linking-steam): a signed-in member without a Steam id
 * proves a Steam account with the same OpenID 2.0 round trip and checks as Steam sign-in
 * (steam-sign-in.server.ts: every protocol check, the nonce taken once, check_authentication),
 * and the verified SteamID64 is stored on their profile and as their Steam account, so a later
 * Steam sign-in lands on the same member. The flow is bound to the browser and the member that
 * started it (state and user id in a signed, short-lived cookie). A Steam id that belongs to
 * another account is refused; every link is a security event.
 */
import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { createCookie, redirect } from "react-router";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { db as appDb } from "~/platform/db/client.server";
import { account, profiles } from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { logSecurityEvent } from "./security-events.server";
import { requireUser } from "./session.server";
import { AUTH_COOKIE_PREFIX } from "./session-policy";
import { buildSteamLoginUrl } from "./steam-openid.server";
import { verifySteamCallback } from "./steam-sign-in.server";

const STEAM_LINK_PATH = "/auth/steam/koppla";
const CALLBACK_PATH = `${STEAM_LINK_PATH}/callback`;
const STATE_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const STEAM_PROVIDER_ID = "steam";

/** What /profile says after the round trip (`?steam=`). */
export const STEAM_LINK_MESSAGES = {
  linked: "Ditt Steam-konto är kopplat.",
  taken: "Det här Steam-kontot är redan kopplat till ett annat konto hos oss. Logga in med Steam i stället, eller kontakta supporten om kontot är ditt.",
  already: "Ditt konto är redan kopplat till ett annat Steam-konto. Kontakta supporten om du vill byta.",
  failed: "Vi kunde inte bekräfta Steam-kontot. Försök igen.",
} as const;
export type SteamLinkOutcome = keyof typeof STEAM_LINK_MESSAGES;

function linkCookie() {
  const cfg = config();
  return createCookie(`${AUTH_COOKIE_PREFIX}.steam_link`, {
    httpOnly: true,
    sameSite: "lax",
    secure: cfg.PUBLIC_URL.startsWith("https://"),
    path: STEAM_LINK_PATH,
    maxAge: 10 * 60,
    secrets: [cfg.BETTER_AUTH_SECRET],
  });
}

const returnToFor = (state: string) => `${config().PUBLIC_URL}${CALLBACK_PATH}?state=${state}`;
const backToProfile = (outcome: SteamLinkOutcome) => `/profile?steam=${outcome}#salja`;

export async function startSteamLink(request: Request): Promise<Response> {
  const current = await requireUser(request);
  const cfg = config();
  const state = randomBytes(24).toString("base64url");
  const location = buildSteamLoginUrl({ endpoint: cfg.STEAM_OPENID_URL, returnTo: returnToFor(state), realm: cfg.PUBLIC_URL });
  return redirect(location, { headers: { "Set-Cookie": await linkCookie().serialize({ state, userId: current.user.id }) } });
}

/** Stores a verified Steam id on the member: refused when it is another account's, or the member already has another. */
async function linkSteamAccount(
  db: Db,
  input: { userId: string; steamId: string; ipAddress?: string | null; userAgent?: string | null },
): Promise<SteamLinkOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ steamId: profiles.steam_id }).from(profiles).where(eq(profiles.user_id, input.userId)).for("update");
    if (!profile) return "failed" as const;
    if (profile.steamId) return profile.steamId === input.steamId ? ("linked" as const) : ("already" as const);
    const [otherProfile] = await tx.select({ userId: profiles.user_id }).from(profiles).where(eq(profiles.steam_id, input.steamId));
    const [otherAccount] = await tx
      .select({ userId: account.userId })
      .from(account)
      .where(and(eq(account.providerId, STEAM_PROVIDER_ID), eq(account.accountId, input.steamId), ne(account.userId, input.userId)));
    if (otherProfile || otherAccount) return "taken" as const;
    await tx.update(profiles).set({ steam_id: input.steamId }).where(eq(profiles.user_id, input.userId));
    const [own] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.providerId, STEAM_PROVIDER_ID), eq(account.accountId, input.steamId)));
    if (!own) await tx.insert(account).values({ userId: input.userId, providerId: STEAM_PROVIDER_ID, accountId: input.steamId });
    return "linked_now" as const;
  });
  if (outcome === "linked_now") {
    await logSecurityEvent(db, {
      userId: input.userId,
      type: "steam_linked",
      severity: "medium",
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
      details: { steamId: input.steamId },
    });
    return "linked";
  }
  if (outcome === "taken") {
    await logSecurityEvent(db, { userId: input.userId, type: "steam_link_refused", severity: "medium", ipAddress: input.ipAddress, details: { steamId: input.steamId } });
  }
  return outcome;
}

export async function completeSteamLink(request: Request, client: { ip: string }): Promise<Response> {
  const current = await requireUser(request);
  const clear = await linkCookie().serialize("", { maxAge: 0 });
  const finish = (outcome: SteamLinkOutcome) => redirect(backToProfile(outcome), { headers: { "Set-Cookie": clear } });
  const url = new URL(request.url);
  const flow: unknown = await linkCookie().parse(request.headers.get("cookie"));
  const { state, userId } = (flow && typeof flow === "object" ? flow : {}) as { state?: unknown; userId?: unknown };
  if (typeof state !== "string" || !STATE_PATTERN.test(state) || url.searchParams.get("state") !== state || userId !== current.user.id) {
    logger.warn({ reason: "state_mismatch" }, "steam link rejected");
    return finish("failed");
  }
  const result = await verifySteamCallback(appDb(), url, { endpoint: config().STEAM_OPENID_URL, expectedReturnTo: returnToFor(state) });
  if (!result.ok) {
    logger.warn({ reason: result.reason }, "steam link rejected");
    return finish("failed");
  }
  return finish(
    await linkSteamAccount(appDb(), { userId: current.user.id, steamId: result.steamId, ipAddress: client.ip, userAgent: request.headers.get("user-agent") }),
  );
}
