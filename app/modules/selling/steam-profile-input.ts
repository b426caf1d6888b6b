/**
 * What a visitor may paste to have their inventory valued before signing up
 * (docs/rules/selling.md#valuation-before-sign-up), pure and shared by the form and the server:
 * a Steam profile link (`/profiles/<SteamID64>` or a custom `/id/<name>`), a SteamID64, or a
 * trade link (its `partner` is the account id). A custom name still has to be looked up at
 * Steam (ResolveVanityURL); everything else names the account directly.
 */
import { z } from "~/lib/zod";
import { parseSteamTradeLink } from "~/modules/accounts/contact-details";
import { STEAM_TRADE_HOLD } from "./selling-constants";

export type SteamProfileInput = { kind: "steamid"; steamId64: string } | { kind: "vanity"; name: string };

export const STEAM_PROFILE_INPUT_MESSAGE =
  "Klistra in länken till din Steam-profil (steamcommunity.com/profiles/… eller /id/…), ditt SteamID64 eller din trade-länk.";

/** Individual accounts' SteamID64s: universe 1, type 1, instance 1 (7656119…, 17 digits). */
const STEAM_ID64 = /^7656119\d{10}$/;
/** Steam's custom profile names: letters, digits, _ and -, 2–32 characters. */
const VANITY_NAME = /^[A-Za-z0-9_-]{2,32}$/;
const PROFILE_PATH = /^\/(profiles|id)\/([^/?#]+)\/?$/;
const COMMUNITY_HOSTS = new Set(["steamcommunity.com", "www.steamcommunity.com"]);
const MAX_LENGTH = 200;

/** SteamID64 of the account a trade link's partner (a 32-bit account id) names. */
export function steamId64FromAccountId(accountId: number): string {
  return (BigInt(accountId) + STEAM_TRADE_HOLD.steamId64Base).toString();
}

function communityUrl(text: string): URL | null {
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return COMMUNITY_HOSTS.has(url.hostname.toLowerCase()) ? url : null;
  } catch {
    return null;
  }
}

/** The account a pasted text names, or null when it is none of the accepted forms. */
export function parseSteamProfileInput(value: string): SteamProfileInput | null {
  const text = value.trim();
  if (!text || text.length > MAX_LENGTH) return null;
  if (STEAM_ID64.test(text)) return { kind: "steamid", steamId64: text };
  const tradeLink = parseSteamTradeLink(text.replace(/^http:\/\//i, "https://"));
  if (tradeLink) return { kind: "steamid", steamId64: steamId64FromAccountId(tradeLink.partner) };
  const url = communityUrl(text);
  const match = url ? PROFILE_PATH.exec(url.pathname) : null;
  if (!match) return null;
  const [, kind, segment = ""] = match;
  if (kind === "profiles") return STEAM_ID64.test(segment) ? { kind: "steamid", steamId64: segment } : null;
  return VANITY_NAME.test(segment) ? { kind: "vanity", name: segment } : null;
}

/** The valuation form's one field (`steam`), answered in Swedish. */
export const steamProfileInputSchema = z.object({
  steam: z
    .string({ error: STEAM_PROFILE_INPUT_MESSAGE })
    .max(MAX_LENGTH, STEAM_PROFILE_INPUT_MESSAGE)
    .transform((text, context) => {
      const parsed = parseSteamProfileInput(text);
      if (!parsed) {
        context.addIssue({ code: "custom", message: STEAM_PROFILE_INPUT_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    }),
});
