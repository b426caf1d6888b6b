/**
 * A Better Auth plugin that turns a verified SteamID64 into a signed-in session. Its one
 * endpoint is server-only: it trusts its input, so it is never reachable over HTTP and is
 * called only by the /auth/steam/callback route after steam-sign-in.server.ts has verified
 * Steam's assertion. Users, accounts and sessions are created through Better Auth's own
 * adapter, so its hooks run: the profile is created, sign-ins are recorded.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { z } from "~/lib/zod";
import type { Db } from "~/platform/db/client.server";
import { profiles } from "~/platform/db/schema";
import { withProfileSeed } from "./profiles.server";
import { providerAvatarUrl } from "./provider-profile";
import { steamPlaceholderEmail } from "./steam-sign-in.server";

const STEAM_PROVIDER_ID = "steam";
/** Shown until the member enters a name (the profile asks for one). */
const FALLBACK_NAME = "Steam-användare";

const signInBody = z.object({
  steamId: z.string().regex(/^[0-9]{17}$/),
  name: z.string().max(100).nullish(),
  avatarUrl: z.string().refine((value) => providerAvatarUrl(value) === value).nullish(),
  referralCode: z.string().regex(/^[A-Z0-9]{4,12}$/).nullish(),
});

async function userIdBySteamId(db: Db, steamId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: profiles.user_id })
    .from(profiles)
    .where(eq(profiles.steam_id, steamId))
    .limit(1);
  return row?.userId ?? null;
}

export function steamSignIn(options: { db: Db }) {
  return {
    id: "steam-sign-in",
    endpoints: {
      signInWithVerifiedSteamId: createAuthEndpoint.serverOnly(
        { method: "POST", body: signInBody },
        async (ctx) => {
          const { steamId, name, avatarUrl, referralCode } = ctx.body;
          const adapter = ctx.context.internalAdapter;
          let isNew = false;

          let userId = await userIdBySteamId(options.db, steamId);
          if (!userId) {
            const owner = await adapter.findAccountOwnerByKey({ providerId: STEAM_PROVIDER_ID, accountId: steamId });
            if (owner?.kind === "owned") userId = owner.user.id;
          }
          if (!userId) {
            const created = await withProfileSeed(
              {
                name: name ?? null,
                steamId,
                avatarUrl: avatarUrl ?? null,
                signupReferralCode: referralCode ?? null,
                emailIsPlaceholder: true,
              },
              () =>
                adapter.createUser(
                  {
                    email: steamPlaceholderEmail(steamId),
                    // Steam proved the identity; the placeholder address is never mailed.
                    emailVerified: true,
                    name: name ?? FALLBACK_NAME,
                    image: avatarUrl ?? null,
                  },
                  { method: "oauth", oauth: { providerId: STEAM_PROVIDER_ID } },
                ),
            );
            userId = created.id;
            isNew = true;
          }

          const accounts = await adapter.findAccounts(userId);
          if (!accounts.some((a) => a.providerId === STEAM_PROVIDER_ID && a.accountId === steamId)) {
            await adapter.linkAccount({ userId, providerId: STEAM_PROVIDER_ID, accountId: steamId });
          }

          const user = await adapter.findUserById(userId);
          if (!user) throw new APIError("INTERNAL_SERVER_ERROR", { message: "user vanished" });
          const session = await adapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id, isNew });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
