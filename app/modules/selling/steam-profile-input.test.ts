import { describe, expect, it } from "vitest";
import { parseSteamProfileInput, steamId64FromAccountId, steamProfileInputSchema, STEAM_PROFILE_INPUT_MESSAGE } from "./steam-profile-input";

describe("what a visitor may paste to value an inventory (docs/rules/selling.md#valuation-before-sign-up)", () => {
  it("reads a SteamID64, a /profiles/ link, an /id/ link and a trade link", () => {
    expect(parseSteamProfileInput(" 76561198000000042 ")).toEqual({ kind: "steamid", steamId64: "76561198000000042" });
    expect(parseSteamProfileInput("https://steamcommunity.com/profiles/76561198000000042/")).toEqual({ kind: "steamid", steamId64: "76561198000000042" });
    expect(parseSteamProfileInput("steamcommunity.com/profiles/76561198000000042")).toEqual({ kind: "steamid", steamId64: "76561198000000042" });
    expect(parseSteamProfileInput("https://www.steamcommunity.com/id/Kalle_Anka-99/")).toEqual({ kind: "vanity", name: "Kalle_Anka-99" });
    expect(parseSteamProfileInput("https://steamcommunity.com/tradeoffer/new/?partner=39734314&token=AbCd_-12")).toEqual({
      kind: "steamid",
      steamId64: "76561198000000042",
    });
    expect(steamId64FromAccountId(39734314)).toBe("76561198000000042");
  });

  it("refuses anything else: other hosts, other paths, bad ids and names, overlong text", () => {
    for (const text of [
      "",
      "kalle",
      "12345",
      "76561198000000042x",
      "https://evil.example/profiles/76561198000000042",
      "https://steamcommunity.com.evil.example/id/kalle",
      "https://steamcommunity.com/profiles/123",
      "https://steamcommunity.com/id/a",
      "https://steamcommunity.com/id/kalle/inventory",
      "https://steamcommunity.com/id/<script>",
      "javascript:alert(1)",
      `https://steamcommunity.com/id/${"a".repeat(300)}`,
    ]) {
      expect(parseSteamProfileInput(text), text).toBeNull();
    }
  });

  it("answers a bad value in Swedish through the shared schema", () => {
    const result = steamProfileInputSchema.safeParse({ steam: "https://example.com" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(STEAM_PROFILE_INPUT_MESSAGE);
    expect(steamProfileInputSchema.safeParse({ steam: ["76561198000000042"] }).success).toBe(false);
  });
});
