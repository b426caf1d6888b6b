import { describe, expect, it } from "vitest";
import { levelById } from "~/modules/loyalty/levels";
import { canAfford, effectNote, pointsShort, redeemState, shopProgressPercent } from "./shop-rules";
import { formatNumber } from "~/lib/format";

describe("affordability (docs/rules/loyalty.md#point-shop)", () => {
  it("needs points at least the price", () => {
    expect(canAfford(500, 500)).toBe(true);
    expect(canAfford(499, 500)).toBe(false);
  });

  it("fills the progress bar as min(points / price × 100, 100)", () => {
    expect(shopProgressPercent(250, 1_000)).toBe(25);
    expect(shopProgressPercent(3_000, 1_000)).toBe(100);
    expect(shopProgressPercent(0, 1_000)).toBe(0);
  });

  it("counts the points still missing", () => {
    expect(pointsShort(300, 1_000)).toBe(700);
    expect(pointsShort(1_200, 1_000)).toBe(0);
  });
});

describe("the redeem button", () => {
  const base = {
    signedIn: true,
    points: 1_000,
    cost: 500,
    soldOut: false,
    memberLevel: levelById("bronze"),
    minLevel: null,
  };

  it("asks visitors to sign in", () => {
    expect(redeemState({ ...base, signedIn: false, memberLevel: null })).toMatchObject({
      kind: "sign-in",
      label: "Logga in för att köpa",
    });
  });

  it("shows 'X poäng kvar' when the member is short", () => {
    expect(redeemState({ ...base, points: 200 })).toMatchObject({
      kind: "short",
      label: "300 poäng kvar",
      disabled: true,
    });
    expect(redeemState({ ...base, points: 0, cost: 12_000 }).label).toBe(
      `${formatNumber(12_000)} poäng kvar`,
    );
  });

  it("locks an item above the member's level and names the level", () => {
    expect(redeemState({ ...base, minLevel: "platinum" })).toMatchObject({
      kind: "locked",
      label: "Kräver Platinum",
      disabled: true,
    });
    expect(redeemState({ ...base, memberLevel: levelById("platinum"), minLevel: "platinum" }).kind).toBe("buy");
  });

  it("does not sell a temporary level the member's XP already gives: 'Ingår redan i Platinum'", () => {
    const silverPerk = { ...base, grantsLevel: "silver" as const };
    expect(redeemState({ ...silverPerk, xpLevel: levelById("platinum") })).toMatchObject({
      kind: "owned",
      label: "Ingår redan i Platinum",
      disabled: true,
    });
    expect(redeemState({ ...silverPerk, xpLevel: levelById("silver") }).kind).toBe("owned");
    expect(redeemState({ ...silverPerk, xpLevel: levelById("bronze") }).kind).toBe("buy");
  });

  it("says when an item is sold out", () => {
    expect(redeemState({ ...base, soldOut: true })).toMatchObject({ kind: "sold-out", disabled: true });
  });
});

describe("what a perk item says it does", () => {
  it("names the period and the profile's end date for a period perk", () => {
    expect(effectNote({ kind: "points_multiplier", multiplier: 2, days: 7 })).toBe(
      "Aktiveras direkt och gäller i 7 dagar. Syns på din profil med slutdatum.",
    );
    expect(effectNote({ kind: "temporary_level", level: "silver", days: 30 })).toContain("gäller i 30 dagar");
  });

  it("says a one-off sale bonus waits for the next recorded sale, without an end date", () => {
    const note = effectNote({ kind: "sale_bonus", percent: 2 });
    expect(note).toContain("nästa försäljning");
    expect(note).not.toContain("slutdatum");
  });
});
