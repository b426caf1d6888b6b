/**
 * Starts Google sign-in on the server: Better Auth's social sign-in endpoint answers with the
 * provider's authorization URL (state and PKCE verifier kept by Better Auth, its state cookie
 * set on our response), and the browser is sent there. Better Auth's own callback finishes
 * the sign-in; new members land on the profile-completion page.
 */
import { data, redirect } from "react-router";
import { referralCodeFromCookie } from "~/modules/referrals/referral-cookie.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { auth } from "./auth.server";
import { GOOGLE_ERROR_REDIRECT, GOOGLE_PROVIDER_ID } from "./google-sign-in.server";
import { CLIENT_IP_HEADER } from "./session-policy";
import { normaliseReferralCode } from "~/modules/referrals/referral-link";
import { PROFILE_COMPLETION_PATH } from "./steam-flow.server";

function googleEnabled(): boolean {
  const cfg = config();
  return Boolean(cfg.GOOGLE_CLIENT_ID && cfg.GOOGLE_CLIENT_SECRET);
}

export async function startGoogleSignIn(request: Request, client: { ip: string }): Promise<Response> {
  if (!googleEnabled()) throw data({ message: "Inloggning med Google är inte aktiverad." }, { status: 404 });
  const ref = normaliseReferralCode(new URL(request.url).searchParams.get("ref")) ?? referralCodeFromCookie(request);
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, client.ip);
  try {
    const started = await auth().api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: "/",
        newUserCallbackURL: PROFILE_COMPLETION_PATH,
        errorCallbackURL: GOOGLE_ERROR_REDIRECT,
        // docs/rules/accounts.md#referral-code-at-sign-up: the code rides in the sign-in's state.
        ...(ref ? { additionalData: { ref } } : {}),
      },
      headers,
      returnHeaders: true,
    });
    const url = started.response.url;
    if (!url) throw new Error("no authorization URL");
    const response = redirect(url);
    for (const cookie of started.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    logger.error({ err: error }, "google sign-in could not start");
    return redirect(GOOGLE_ERROR_REDIRECT);
  }
}
