import { describe, expect, it } from "vitest";
import { LEVELS, MAX_LEVEL_TEXT } from "~/modules/loyalty/loyalty-constants";
import { effectiveLevel, levelForXp, levelProgress, meetsLevel, nextLevel } from "./levels";
import { formatNumber } from "~/lib/format";

describe("levelForXp (docs/rules/loyalty.md#levels: Bronze 0-4,999, Silver 5,000-99,999, Gold 100,000-499,999, Platinum 500,000+)", () => {
  it.each([
    [0, "bronze"],
    [4_999, "bronze"],
    [5_000, "silver"],
    [99_999, "silver"],
    [100_000, "gold"],
    [499_999, "gold"],
    [500_000, "platinum"],
    [12_000_000, "platinum"],
  ])("gives %i XP the level %s", (xp, id) => {
    expect(levelForXp(xp).id).toBe(id);
  });

  it("treats negative or broken XP as 0", () => {
    expect(levelForXp(-10).id).toBe("bronze");
    expect(levelForXp(Number.NaN).id).toBe("bronze");
  });

  it("names the following level as next, and none after Platinum", () => {
    expect(nextLevel(levelForXp(0))?.id).toBe("silver");
    expect(nextLevel(levelForXp(100_000))?.id).toBe("platinum");
    expect(nextLevel(levelForXp(500_000))).toBeNull();
  });
});

describe("levelProgress", () => {
  it("computes (xp − min) / (next min − min) for Silver", () => {
    // (52,500 − 5,000) / (100,000 − 5,000) = 50 %
    const progress = levelProgress(52_500);
    expect(progress.level.id).toBe("silver");
    expect(progress.next?.id).toBe("gold");
    expect(progress.progressPercent).toBe(50);
    expect(progress.xpLeft).toBe(47_500);
    expect(progress.maxReached).toBe(false);
    expect(progress.label).toBe(`${formatNumber(47_500)} XP kvar till Gold`);
  });

  it("starts a level at 0 % and stays below 100 % until the next is reached", () => {
    expect(levelProgress(5_000).progressPercent).toBe(0);
    expect(levelProgress(4_999).progressPercent).toBe(99);
    expect(levelProgress(4_999).xpLeft).toBe(1);
  });

  it(`shows '${MAX_LEVEL_TEXT}' at Platinum with progress capped at 100`, () => {
    const progress = levelProgress(2_000_000);
    expect(progress).toMatchObject({ progressPercent: 100, xpLeft: 0, maxReached: true, next: null });
    expect(progress.label).toBe("Max nivå uppnådd!");
  });
});

describe("effectiveLevel", () => {
  it("raises a Bronze member with a temporary Silver perk to Silver", () => {
    expect(effectiveLevel(100, ["silver"]).id).toBe("silver");
  });

  it("keeps the higher XP level when the temporary level is lower", () => {
    expect(effectiveLevel(150_000, ["silver"]).id).toBe("gold");
  });

  it("takes the highest of several temporary levels", () => {
    expect(effectiveLevel(0, ["silver", "gold"]).id).toBe("gold");
  });

  it("is the XP level without perks", () => {
    expect(effectiveLevel(LEVELS[3]!.minXP).id).toBe("platinum");
  });
});

describe("meetsLevel", () => {
  it("lets a Platinum member buy a Platinum item and refuses Gold", () => {
    expect(meetsLevel(levelForXp(500_000), "platinum")).toBe(true);
    expect(meetsLevel(levelForXp(499_999), "platinum")).toBe(false);
    expect(meetsLevel(levelForXp(0), null)).toBe(true);
  });
});
