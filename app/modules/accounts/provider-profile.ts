/**
 * What we take from an identity provider (Steam, Google) for a profile: names cleaned of
 * control characters and cut to the profile's length, avatars only as plain https URLs.
 * A provider's oddities never fail a sign-in; what does not fit is dropped. No request body
 * can set an avatar (docs/decisions/014-account-flows.md): these are the only sources.
 */
import { withoutControlCharacters } from "~/lib/control-characters";

const AVATAR_MAX_LENGTH = 2000;

export function providerText(value: unknown, max = 100): string | null {
  if (typeof value !== "string") return null;
  const cleaned = withoutControlCharacters(value).trim().slice(0, max).trim();
  return cleaned || null;
}

export function providerAvatarUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > AVATAR_MAX_LENGTH || /[\s\p{Cc}]/u.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}
