import { describe, expect, it } from "vitest";
import {
  effectFromItem,
  effectLabel,
  isPerkActive,
  periodFor,
  perkLabel,
  pointsMultiplierAt,
  temporaryLevelsAt,
  type Perk,
} from "./perks";

const now = new Date("2025-06-10T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

function perk(overrides: Partial<Perk>): Perk {
  return {
    id: crypto.randomUUID(),
    kind: "points_multiplier",
    multiplier: 2,
    bonusPercent: null,
    level: null,
    startsAt: days(-1),
    expiresAt: days(6),
    consumedAt: null,
    ...overrides,
  };
}

describe("perk activity", () => {
  it("is active between start and expiry, not before or after", () => {
    expect(isPerkActive(perk({}), now)).toBe(true);
    expect(isPerkActive(perk({ startsAt: days(1), expiresAt: days(8) }), now)).toBe(false);
    expect(isPerkActive(perk({ startsAt: days(-8), expiresAt: days(-1) }), now)).toBe(false);
    expect(isPerkActive(perk({ startsAt: days(-8), expiresAt: now }), now)).toBe(false);
  });

  it("ends a one-off perk when it is used", () => {
    const oneOff = perk({ kind: "sale_bonus", multiplier: null, bonusPercent: 2, expiresAt: null });
    expect(isPerkActive(oneOff, now)).toBe(true);
    expect(isPerkActive({ ...oneOff, consumedAt: days(-0.5) }, now)).toBe(false);
  });
});

describe("what perks change", () => {
  it("doubles points while a double-points perk runs, and takes the largest multiplier without stacking", () => {
    expect(pointsMultiplierAt([], now)).toBe(1);
    expect(pointsMultiplierAt([perk({})], now)).toBe(2);
    expect(pointsMultiplierAt([perk({}), perk({ multiplier: 3 })], now)).toBe(3);
    expect(pointsMultiplierAt([perk({ expiresAt: days(-0.1), startsAt: days(-7) })], now)).toBe(1);
  });

  it("lists the temporary levels in force", () => {
    const silver = perk({ kind: "temporary_level", multiplier: null, level: "silver" });
    const ended = perk({
      kind: "temporary_level",
      multiplier: null,
      level: "gold",
      startsAt: days(-40),
      expiresAt: days(-10),
    });
    expect(temporaryLevelsAt([silver, ended], now)).toEqual(["silver"]);
  });
});

describe("periods of a bought perk", () => {
  it("starts now and runs for the item's days", () => {
    const period = periodFor({ kind: "points_multiplier", multiplier: 2, days: 7 }, [], now);
    expect(period).toEqual({ startsAt: now, expiresAt: days(7) });
  });

  it("queues a second purchase after the running period instead of overlapping it", () => {
    const running = perk({ expiresAt: days(3) });
    const period = periodFor({ kind: "points_multiplier", multiplier: 2, days: 7 }, [running], now);
    expect(period).toEqual({ startsAt: days(3), expiresAt: days(10) });
  });

  it("does not queue a temporary Gold after a running temporary Silver", () => {
    const silver = perk({ kind: "temporary_level", multiplier: null, level: "silver", expiresAt: days(20) });
    const period = periodFor({ kind: "temporary_level", level: "gold", days: 30 }, [silver], now);
    expect(period.startsAt).toEqual(now);
  });
});

describe("labels and item effects", () => {
  it("describes perks in Swedish", () => {
    expect(perkLabel({ kind: "points_multiplier", multiplier: 2, bonusPercent: null, level: null })).toBe(
      "Dubbla poäng",
    );
    expect(perkLabel({ kind: "sale_bonus", multiplier: null, bonusPercent: 2, level: null })).toBe(
      "+2 % extra på nästa försäljning",
    );
    expect(perkLabel({ kind: "temporary_level", multiplier: null, bonusPercent: null, level: "silver" })).toBe(
      "Silver-förmåner",
    );
    expect(effectLabel({ kind: "temporary_level", level: "gold", days: 30 })).toBe("Gold-förmåner i 30 dagar");
    expect(effectLabel({ kind: "points_multiplier", multiplier: 2, days: 7 })).toBe("Dubbla poäng i 7 dagar");
  });

  it("reads an item's effect columns, and none for a hand-fulfilled reward", () => {
    expect(
      effectFromItem({ effect_kind: "sale_bonus", effect_value: 2, effect_level: null, effect_days: null }),
    ).toEqual({ kind: "sale_bonus", percent: 2 });
    expect(effectFromItem({ effect_kind: null, effect_value: null, effect_level: null, effect_days: null })).toBeNull();
  });
});
