/**
 * What the /auth page says when a Steam or Google sign-in was rejected; the sign-in routes
 * redirect to `/auth?mode=signin&error=<provider>`.
 */
export const SOCIAL_SIGN_IN_ERRORS = {
  steam: "Inloggningen med Steam kunde inte verifieras. Försök igen.",
  google: "Inloggningen med Google misslyckades. Försök igen.",
} as const;

export type SocialSignInError = keyof typeof SOCIAL_SIGN_IN_ERRORS;

/** The message for an `error` query value, or null for anything else. */
export function socialSignInErrorMessage(error: string | null | undefined): string | null {
  return error === "steam" || error === "google" ? SOCIAL_SIGN_IN_ERRORS[error] : null;
}
