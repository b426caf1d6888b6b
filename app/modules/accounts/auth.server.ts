/**
 * Better Auth, configured once: email and password with required confirmation, reset
 * links, database sessions in httpOnly SameSite=Lax cookies (Secure on https), uuid ids
 * and no telemetry. Mail goes through the one mailer. Route actions call `auth().api.*` with
 * the request's headers; over HTTP (/api/auth) only the endpoints in auth-endpoints.ts are
 * served, and every call passes the input rules and attempt limits in `hooks.before`.
 */
// Minimal mode: the Drizzle adapter, without Kysely (the schema is ours, decision 004), so the
// server does not load a query builder it never uses (decision 023).
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { config } from "~/platform/config.server";
import { db as appDb, type Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { publishEvent } from "~/platform/realtime/publisher.server";
import { ipHash } from "~/platform/visitor-hash.server";
import { confirmMemberSubscription } from "~/modules/newsletter/newsletter.server";
import { applySignupReferralQuietly } from "~/modules/referrals/referrals.server";
import { queueAndDeliver } from "~/platform/mail/mail-queue.server";
import { rateLimitMessage } from "~/platform/rate-limit/rate-limiter.server";
import { singleton } from "~/platform/singleton.server";
import { AUTH_ENDPOINT_MESSAGES, authInputError, isHttpAuthEndpoint } from "./auth-endpoints";
import { clearSignInLimit, consumeAuthLimit, limitsPerUser } from "./auth-limits.server";
import { GOOGLE_ERROR_REDIRECT, googleOAuthConfig, oidcProfileSeed, type GoogleOptions } from "./google-sign-in.server";
import { createProfileForNewUser, currentEmail, currentProfileSeed, syncProfileEmail } from "./profiles.server";
import { currentResetLinkReceiver } from "./reset-link-capture.server";
import { logSecurityEvent } from "./security-events.server";
import { isSignInBlocked } from "./sign-in-block.server";
import { normaliseReferralCode } from "~/modules/referrals/referral-link";
import { SIGN_IN_BLOCKED_CODE, SIGN_IN_BLOCKED_MESSAGE } from "./social-sign-in-errors";
import { bankIdSignIn } from "~/modules/identity/bankid-auth-plugin.server";
import { steamSignIn } from "./steam-auth-plugin.server";
import { AUTH_COOKIE_PREFIX, CLIENT_IP_HEADER, SESSION_POLICY } from "./session-policy";
import { TWO_FACTOR_RULES } from "./accounts-constants";

export const AUTH_BASE_PATH = "/api/auth";

/** Where confirmation and reset links land (docs/rules/accounts.md#email-confirmation, #password-reset). */
export const AUTH_CALLBACKS = {
  confirmed: "/auth?mode=signin&message=confirmed",
  resetPassword: "/auth?mode=reset-password",
} as const;

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
  /** Google sign-in (OIDC); off when unset. */
  google?: GoogleOptions | null;
}

export function createAuth({ db, baseURL, secret, google }: AuthOptions) {
  return betterAuth({
    appName: config().SITE_NAME,
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      resetPasswordTokenExpiresIn: SESSION_POLICY.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        // The admin:create command takes the link itself instead of mailing it.
        const receiver = currentResetLinkReceiver();
        if (receiver) return receiver(url);
        // better-auth stores the token outside our transactions: the mail is queued on its own
        // and sent at once; the mail-queue job retries it if SMTP does not take it now.
        await queueAndDeliver(db, { to: user.email, template: "resetPassword", data: { name: user.name, url } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: SESSION_POLICY.verificationLinkSeconds,
      async sendVerificationEmail({ user, url }) {
        // The same callback confirms a changed address (the user still holds the old one).
        const current = await currentEmail(db, user.id);
        const template = current && current !== user.email ? "confirmEmailChange" : "confirmEmail";
        await queueAndDeliver(db, { to: user.email, template, data: { name: user.name, url } });
      },
    },
    user: {
      // A new address is confirmed by a link sent to it before it replaces the old one
      // (a Steam account's placeholder included, which is never mailed).
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: SESSION_POLICY.inactivitySeconds,
      updateAge: SESSION_POLICY.refreshAgeSeconds,
    },
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // OAuth callbacks that cannot even tell which sign-in they belong to land on the sign-in
    // page with the Google message, not on Better Auth's English error page.
    onAPIError: { errorURL: GOOGLE_ERROR_REDIRECT },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Over HTTP only the mailed links and the Google callback are served; forms post to
        // our route actions, which call in-process (decision 014). ctx.path is the
        // matched route pattern, so no spelling of a URL gets around this.
        if (ctx.request && !isHttpAuthEndpoint(ctx.request.method, ctx.path)) {
          throw new APIError("NOT_FOUND", { message: AUTH_ENDPOINT_MESSAGES.notFound, code: "NOT_FOUND" });
        }
        const invalid = authInputError(ctx.path, {
          overHttp: Boolean(ctx.request),
          body: ctx.body,
          query: ctx.query,
          params: ctx.params,
          profileSeed: ctx.path === "/sign-up/email" ? currentProfileSeed() : undefined,
        });
        if (invalid) {
          throw new APIError("BAD_REQUEST", { message: invalid.message, code: "INVALID_INPUT", fieldErrors: invalid.fieldErrors });
        }
        // Express sets the client IP header on every request, replacing the client's; only
        // trusted in-process callers such as the admin:create command go without it.
        const ip = ctx.headers?.get(CLIENT_IP_HEADER);
        if (ip) {
          const body = ctx.body as { email?: unknown } | undefined;
          const email = typeof body?.email === "string" ? body.email : null;
          const userId = limitsPerUser(ctx.path) ? ((await getSessionFromCtx(ctx).catch(() => null))?.user.id ?? null) : null;
          const refused = await consumeAuthLimit(db, ctx.path, { ip, email, userId });
          if (refused) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: rateLimitMessage(refused), code: "RATE_LIMITED" },
              { "Retry-After": String(refused.retryAfterSeconds) },
            );
          }
        }
        if (ctx.path === "/sign-out") {
          // docs/rules/accounts.md#security-events: record the sign-out while the session still exists.
          const current = await getSessionFromCtx(ctx).catch(() => null);
          if (current) {
            await logSecurityEvent(db, {
              userId: current.user.id,
              type: "user_logout",
              ipAddress: ip ?? null,
              userAgent: ctx.headers?.get("user-agent") ?? null,
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
          await clearSignInLimit(db, ctx.context.newSession.user.email);
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // docs/rules/admin.md#users: a member whose sign-in staff blocked gets no session,
          // whichever way they sign in (every method creates its session here).
          async before(session) {
            if (await isSignInBlocked(db, session.userId)) {
              throw new APIError("FORBIDDEN", { message: SIGN_IN_BLOCKED_MESSAGE, code: SIGN_IN_BLOCKED_CODE });
            }
          },
          // docs/rules/accounts.md#security-events: every new session is a sign-in, whichever way it happened.
          async after(session) {
            await logSecurityEvent(db, {
              userId: session.userId,
              type: "user_login",
              ipAddress: session.ipAddress ?? null,
              userAgent: session.userAgent ?? null,
            });
          },
        },
        delete: {
          // Sign-out, revocation, a password reset: the session's open event streams close
          // (docs/rules/realtime.md). Best effort: the session is gone either way, and the
          // streams re-check their session every heartbeat.
          async after(session) {
            await publishEvent(db, { type: "session-ended", userId: session.userId, sessionId: session.id }).catch(
              (error: unknown) => logger.warn({ err: error }, "session-ended not published"),
            );
          },
        },
        update: {
          // Better Auth updates a session when it slides its expiry forward.
          async after(session, context) {
            const userId = typeof session.userId === "string" ? session.userId : null;
            if (!userId) return;
            await logSecurityEvent(db, {
              userId,
              type: "session_refresh",
              ipAddress: context?.headers?.get(CLIENT_IP_HEADER) ?? null,
              userAgent: context?.headers?.get("user-agent") ?? null,
            });
          },
        },
      },
      user: {
        create: {
          // Every account gets its profile, whichever way it signed up, with the salted hash of
          // the address it signed up from (docs/rules/loyalty.md#anti-abuse) and a referral
          // code it came with; Google's travels in the sign-in's state.
          async after(user, context) {
            const seed = currentProfileSeed() ?? (await oidcProfileSeed(db, user.id));
            const ip = context?.headers?.get(CLIENT_IP_HEADER);
            const oauthRef = seed?.signupReferralCode ? null : await oauthReferralCode();
            await createProfileForNewUser(db, user, {
              ...seed,
              signupReferralCode: seed?.signupReferralCode ?? oauthRef,
              signupIpHash: ip ? ipHash(config().VISITOR_HASH_SALT, ip) : null,
            });
            // A provider that vouches for the address (Google) confirms the account at once.
            await applySignupReferralQuietly(db, user.id);
          },
        },
        update: {
          // A confirmed address change reaches the profile (and ends a placeholder); a
          // confirmed account applies the referral code it signed up with.
          async after(user) {
            await syncProfileEmail(db, user);
            // The sign-up box's newsletter row counts as confirmed with the account's address.
            if (typeof user.id === "string" && user.emailVerified === true) await confirmMemberSubscription(db, user.id);
            if (typeof user.id === "string") await applySignupReferralQuietly(db, user.id);
          },
        },
      },
    },
    plugins: [
      steamSignIn({ db }),
      bankIdSignIn(),
      genericOAuth({ config: google ? [googleOAuthConfig(google)] : [] }),
      // TOTP with backup codes (decision 046): required for staff, optional for members. A
      // member who signed up with Steam or Google enables it without a password; an account
      // with a password confirms it. No device is remembered: every sign-in asks for a code.
      twoFactor({
        issuer: config().SITE_NAME,
        allowPasswordless: true,
        backupCodeOptions: { amount: TWO_FACTOR_RULES.backupCodes, storeBackupCodes: "encrypted" },
        accountLockout: { enabled: true, maxFailedAttempts: TWO_FACTOR_RULES.lockAfterFailures, durationSeconds: TWO_FACTOR_RULES.lockSeconds },
      }),
    ],
    // Limits are applied by our own database-backed limiter (decision 010), shared by
    // every instance; Better Auth's in-memory one would count per process.
    rateLimit: { enabled: false },
    logger: {
      log(level, message, ...args) {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
  });
}

/** The referral code a Google sign-up started with (`additionalData.ref`, client-supplied like any `?ref=`). */
async function oauthReferralCode(): Promise<string | null> {
  const state = (await getOAuthState().catch(() => null)) as { ref?: unknown } | null;
  return normaliseReferralCode(state?.ref);
}

export type Auth = ReturnType<typeof createAuth>;

/** The process's auth instance. */
export function auth(): Auth {
  return singleton("auth", () => {
    const cfg = config();
    const google =
      cfg.GOOGLE_CLIENT_ID && cfg.GOOGLE_CLIENT_SECRET
        ? { clientId: cfg.GOOGLE_CLIENT_ID, clientSecret: cfg.GOOGLE_CLIENT_SECRET, discoveryUrl: cfg.GOOGLE_DISCOVERY_URL }
        : null;
    return createAuth({ db: appDb(), baseURL: cfg.PUBLIC_URL, secret: cfg.BETTER_AUTH_SECRET, google });
  });
}
