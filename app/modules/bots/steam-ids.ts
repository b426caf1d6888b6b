import { STEAM_TRADE_HOLD } from "~/modules/selling/selling-constants";

/** The 32-bit account id of a SteamID64 (a trade link's `partner`, IEconService's `accountid_other`). */
export const accountIdOf = (steamId: string): string => String(BigInt(steamId) - STEAM_TRADE_HOLD.steamId64Base);
