/**
 * Google sign-in through Better Auth's generic OIDC support (decision 004): endpoints come
 * from the discovery document, so a test points GOOGLE_DISCOVERY_URL at a local mock issuer.
 * The profile of a new Google user is seeded from the verified ID token's claims.
 */
import type { GenericOAuthConfig } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { Db } from "~/platform/db/client.server";
import { account } from "~/platform/db/schema";
import type { ProfileSeed } from "./profiles.server";
import { providerAvatarUrl, providerText } from "./provider-profile";

export const GOOGLE_PROVIDER_ID = "google";
export const GOOGLE_ERROR_REDIRECT = "/auth?mode=signin&error=google";

export interface GoogleOptions {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export interface OidcClaims {
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
}

/** docs/rules/accounts.md#social-sign-in: name and full name from the provider, first name from given_name, avatar from picture. */
export function profileSeedFromClaims(claims: OidcClaims): ProfileSeed {
  return {
    name: providerText(claims.name),
    fullName: providerText(claims.name),
    firstName: providerText(claims.given_name),
    lastName: providerText(claims.family_name),
    avatarUrl: providerAvatarUrl(claims.picture),
  };
}

export function googleOAuthConfig(options: GoogleOptions): GenericOAuthConfig {
  return {
    providerId: GOOGLE_PROVIDER_ID,
    name: "Google",
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    discoveryUrl: options.discoveryUrl,
    // Identity comes from ID-token claims, so refuse to run without keys to verify them.
    requireIdTokenVerification: true,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    mapProfileToUser(profile) {
      const seed = profileSeedFromClaims(profile);
      return { name: seed.name ?? seed.firstName ?? "", image: seed.avatarUrl ?? undefined };
    },
  };
}

/**
 * The profile seed of a user created by an OIDC sign-in. Better Auth creates the user and its
 * account in one transaction and runs the user-create hook after it commits, so the account's
 * ID token (already verified by Better Auth) is there to read.
 */
export async function oidcProfileSeed(db: Db, userId: string): Promise<ProfileSeed | undefined> {
  const [row] = await db
    .select({ idToken: account.idToken })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, GOOGLE_PROVIDER_ID)))
    .limit(1);
  if (!row?.idToken) return undefined;
  try {
    return profileSeedFromClaims(decodeJwt(row.idToken) as OidcClaims);
  } catch {
    return undefined;
  }
}
