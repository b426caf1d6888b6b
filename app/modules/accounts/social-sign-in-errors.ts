/** Shown at sign-in to a member whose sign-in staff blocked, whichever way they sign in (docs/rules/admin.md#users). */
export const SIGN_IN_BLOCKED_MESSAGE =
  "Ditt konto är spärrat för inloggning. Kontakta kundtjänst om du tror att detta är ett misstag.";

/**
 * What the /auth page says when a Steam or Google sign-in was rejected; the sign-in routes
 * redirect to `/auth?mode=signin&error=<provider>` (or `error=blocked` for a blocked member).
 */
export const SOCIAL_SIGN_IN_ERRORS = {
  steam: "Inloggningen med Steam kunde inte verifieras. Försök igen.",
  google: "Inloggningen med Google misslyckades. Försök igen.",
  blocked: SIGN_IN_BLOCKED_MESSAGE,
} as const;

export type SocialSignInError = keyof typeof SOCIAL_SIGN_IN_ERRORS;

/** The code a refused sign-in of a blocked member carries (Better Auth's APIError body). */
export const SIGN_IN_BLOCKED_CODE = "SIGN_IN_BLOCKED";

/**
 * The /auth page's `error` value: `blocked` when any `error` param is the blocked code (Google's
 * callback appends its own `error=SIGN_IN_BLOCKED` to our `error=google`), else the first.
 */
export function signInErrorParam(params: URLSearchParams): string | null {
  return params.getAll("error").includes(SIGN_IN_BLOCKED_CODE) ? "blocked" : params.get("error");
}

/** The message for an `error` query value, or null for anything else. */
export function socialSignInErrorMessage(error: string | null | undefined): string | null {
  return error === "steam" || error === "google" || error === "blocked" ? SOCIAL_SIGN_IN_ERRORS[error] : null;
}
