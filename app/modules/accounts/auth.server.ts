/**
 * Better Auth, configured once: email and password with required confirmation, reset
 * links, database sessions in httpOnly SameSite=Lax cookies (Secure on https), uuid ids
 * and no telemetry. Mail goes through the one mailer. Mounted by the Express app at
 * /api/auth; route actions call `auth().api.*` with the request's headers.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { config } from "~/platform/config.server";
import { db as appDb, type Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import { logger } from "~/platform/logger.server";
import { sendMail } from "~/platform/mail/mailer.server";
import { singleton } from "~/platform/singleton.server";
import { createProfileForNewUser, currentProfileSeed } from "./profiles.server";
import { CLIENT_IP_HEADER, SESSION_POLICY } from "./session-policy";

export const AUTH_BASE_PATH = "/api/auth";

/** Where confirmation and reset links land (spec §4). */
export const AUTH_CALLBACKS = {
  confirmed: "/auth?mode=signin&message=confirmed",
  resetPassword: "/auth?mode=reset-password",
} as const;

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
}

export function createAuth({ db, baseURL, secret }: AuthOptions) {
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
        await sendMail({ to: user.email, template: "resetPassword", data: { name: user.name, url } }, db);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: SESSION_POLICY.verificationLinkSeconds,
      async sendVerificationEmail({ user, url }) {
        await sendMail({ to: user.email, template: "confirmEmail", data: { name: user.name, url } }, db);
      },
    },
    session: {
      expiresIn: SESSION_POLICY.inactivitySeconds,
      updateAge: SESSION_POLICY.refreshAgeSeconds,
    },
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: "skinhamnen",
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile, whichever way it signed up.
          async after(user) {
            await createProfileForNewUser(db, user, currentProfileSeed());
          },
        },
      },
    },
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

export type Auth = ReturnType<typeof createAuth>;

/** The process's auth instance. */
export function auth(): Auth {
  return singleton("auth", () => {
    const cfg = config();
    return createAuth({ db: appDb(), baseURL: cfg.PUBLIC_URL, secret: cfg.BETTER_AUTH_SECRET });
  });
}
