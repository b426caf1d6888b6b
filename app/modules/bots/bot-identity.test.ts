import { describe, expect, it } from "vitest";
import { accountAgeText, accountAgeYears, botIdentity } from "./bot-identity";

describe("the bot's identity for sellers", () => {
  it("counts whole years of account age, as birthdays are counted", () => {
    const created = new Date("2015-03-14T10:00:00Z");
    expect(accountAgeYears(created, new Date("2026-03-13T23:00:00Z"))).toBe(10);
    expect(accountAgeYears(created, new Date("2026-03-14T12:00:00Z"))).toBe(11);
    expect(accountAgeYears(created, new Date("2015-09-01T00:00:00Z"))).toBe(0);
    expect(accountAgeYears(created, new Date("2014-01-01T00:00:00Z"))).toBe(0);
  });

  it("words the age and the level, and leaves out what Steam has not told", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    expect(accountAgeText("2015-03-14T10:00:00Z", now)).toBe("Konto skapat 2015 · 11 år gammalt");
    expect(accountAgeText(new Date("2026-06-01T00:00:00Z"), now)).toBe("Konto skapat 2026 · mindre än ett år gammalt");
    expect(accountAgeText(null, now)).toBeNull();
    expect(accountAgeText("inte ett datum", now)).toBeNull();
    const identity = botIdentity({ steamId: "76561198000000001", name: "Bot Ett", steamLevel: 0, accountCreatedAt: null, avatarUrl: null }, "K7P2QX", now);
    expect(identity).toMatchObject({ profileUrl: "https://steamcommunity.com/profiles/76561198000000001", levelText: "Steam-nivå 0", ageText: null });
    expect(identity.promise).toContain("från Bot Ett");
    expect(identity.promise).toContain("koden K7P2QX");
    expect(botIdentity({ steamId: "76561198000000001", name: "B", steamLevel: null, accountCreatedAt: null, avatarUrl: null }, "K7P2QX", now).levelText).toBeNull();
  });
});
