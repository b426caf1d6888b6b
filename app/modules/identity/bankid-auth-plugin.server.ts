/**
 * A Better Auth plugin that signs in the member BankID just proved (decision 044). Like the
 * Steam one (steam-auth-plugin.server.ts) its endpoint is server-only: it trusts its input and is
 * called only by /api/bankid/status after a sign-in order completed and the personnummer's HMAC
 * named a verified member. It never creates an account: BankID signs in to the same account
 * whatever method the member used before, and only once they verified it. The session is made
 * by Better Auth's own adapter, so its hooks run (a blocked member is refused there).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "~/lib/zod";

const signInBody = z.object({ userId: z.uuid() });

export function bankIdSignIn() {
  return {
    id: "bankid-sign-in",
    endpoints: {
      signInWithVerifiedBankId: createAuthEndpoint.serverOnly({ method: "POST", body: signInBody }, async (ctx) => {
        const adapter = ctx.context.internalAdapter;
        const user = await adapter.findUserById(ctx.body.userId);
        if (!user) throw new APIError("NOT_FOUND", { message: "no such member" });
        const session = await adapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId: user.id });
      }),
    },
  } satisfies BetterAuthPlugin;
}
