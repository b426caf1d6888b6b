/**
 * The trade shield's identity of a bot (docs/rules/bots.md#the-bots-identity-for-sellers): what a
 * seller compares an incoming Steam offer with — the bot's Steam name, its profile link, Steam
 * level and account age. Pure and isomorphic: the member's and the staff order pages and the
 * "Botar" page word it alike. Built from public columns only.
 */
import { formatDate } from "~/lib/format";

/** The bot's public Steam profile page. */
export const steamProfileUrl = (steamId: string): string => `https://steamcommunity.com/profiles/${steamId}`;

/** Whole years between the account's creation and `now` (a birthday-style count). */
export function accountAgeYears(createdAt: Date, now: Date): number {
  let years = now.getUTCFullYear() - createdAt.getUTCFullYear();
  const before =
    now.getUTCMonth() < createdAt.getUTCMonth() || (now.getUTCMonth() === createdAt.getUTCMonth() && now.getUTCDate() < createdAt.getUTCDate());
  if (before) years -= 1;
  return Math.max(0, years);
}

/** "Konto skapat 2015 · 11 år gammalt" ("mindre än ett år gammalt" in its first year); null when unknown. */
export function accountAgeText(createdAt: Date | string | null, now: Date): string | null {
  if (!createdAt) return null;
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return null;
  const years = accountAgeYears(created, now);
  return `Konto skapat ${formatDate(created).slice(0, 4)} · ${years === 0 ? "mindre än ett år" : `${years} år`} gammalt`;
}

/** The public columns the identity is made of (never the sealed credentials). */
export interface BotIdentitySource {
  steamId: string;
  name: string;
  steamLevel: number | null;
  accountCreatedAt: Date | string | null;
  avatarUrl: string | null;
}

export interface BotIdentity {
  steamId: string;
  name: string;
  profileUrl: string;
  levelText: string | null;
  ageText: string | null;
  avatarUrl: string | null;
  /** What a real offer from us always looks like. */
  promise: string;
}

export function botIdentity(source: BotIdentitySource, securityCode: string, now: Date): BotIdentity {
  return {
    steamId: source.steamId,
    name: source.name,
    profileUrl: steamProfileUrl(source.steamId),
    levelText: source.steamLevel === null ? null : `Steam-nivå ${source.steamLevel}`,
    ageText: accountAgeText(source.accountCreatedAt, now),
    avatarUrl: source.avatarUrl,
    promise: `Ett äkta erbjudande från oss kommer alltid från ${source.name} och har koden ${securityCode} i meddelandet. Avböj alla andra erbjudanden, även om de ser likadana ut.`,
  };
}
