/**
 * Session lifetimes. Sessions slide while used (inactivity limit) but never outlive an
 * absolute limit counted from sign-in.
 */
export const SESSION_POLICY = {
  /** A session unused for this long expires (sliding window, seconds). */
  inactivitySeconds: 14 * 24 * 60 * 60,
  /** Refresh the expiry at most this often (seconds). */
  refreshAgeSeconds: 24 * 60 * 60,
  /** No session lives longer than this from sign-in (milliseconds). */
  absoluteMs: 60 * 24 * 60 * 60 * 1000,
  /** Verification and reset links (seconds). */
  verificationLinkSeconds: 24 * 60 * 60,
  resetLinkSeconds: 30 * 60,
} as const;

/** Better Auth's cookie prefix; the session cookie is `<prefix>.session_token`. */
export const AUTH_COOKIE_PREFIX = "skinhamnen";
/** On https the browser gets it as `__Secure-skinhamnen.session_token`. */
export const SESSION_COOKIE_NAME = `${AUTH_COOKIE_PREFIX}.session_token`;

/** Header the server sets from Express's resolved client IP, replacing any client value. */
export const CLIENT_IP_HEADER = "x-skinhamnen-client-ip";

export function isBeyondAbsoluteLifetime(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() > SESSION_POLICY.absoluteMs;
}

/** Whether a Cookie header carries a session cookie (plain or `__Secure-` prefixed). */
export function hasSessionCookie(cookieHeader: string | undefined | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some((part) => {
      const name = part.split("=", 1)[0]?.trim();
      return name === SESSION_COOKIE_NAME || name === `__Secure-${SESSION_COOKIE_NAME}`;
    });
}
