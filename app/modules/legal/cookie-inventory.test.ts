import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/format";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { COOKIE_CATEGORIES } from "~/modules/consent/consent-constants";
import { CATEGORY_DESCRIPTIONS, CATEGORY_LABELS, gaSessionCookieName, storageInventory } from "./cookie-inventory";

describe("storage inventory (cookie policy)", () => {
  const inventory = storageInventory("G-ABC123");
  const names = inventory.map((entry) => entry.name);

  it("documents every browser-storage key the site uses", () => {
    for (const [key, value] of Object.entries(STORAGE_KEYS)) {
      const documented = key === "welcomeShownPrefix" ? names.some((n) => n.startsWith(value)) : names.includes(value);
      expect(documented, `${key} (${value}) is missing from the cookie policy`).toBe(true);
    }
  });

  it("lists the referral code in local storage and as a cookie, functional both", () => {
    const referral = inventory.filter((entry) => entry.name === STORAGE_KEYS.referralCode);
    expect(referral.map((entry) => [entry.kind, entry.category, entry.provider])).toEqual([
      ["localStorage", "functional", "first-party"],
      ["cookie", "functional", "first-party"],
    ]);
    expect(referral[1]!.lifetime).toBe("30 dagar, eller tills du har registrerat dig");
  });

  it("lists the session cookie and the GA4 cookies, analytics only", () => {
    expect(names).toContain("skinhamnen.session_token");
    const ga = inventory.filter((entry) => entry.provider === "google");
    expect(ga.map((entry) => entry.name)).toEqual(["_ga", "_ga_ABC123"]);
    expect(ga.every((entry) => entry.category === "analytics" && entry.lifetime === "2 år")).toBe(true);
  });

  it("gives every entry a purpose and a lifetime, in a known category", () => {
    for (const entry of inventory) {
      expect(COOKIE_CATEGORIES).toContain(entry.category);
      expect(entry.purpose.length).toBeGreaterThan(20);
      expect(entry.lifetime).not.toBe("");
    }
  });

  it("has a Swedish label and description for each category", () => {
    for (const category of COOKIE_CATEGORIES) {
      expect(CATEGORY_LABELS[category]).toBeTruthy();
      expect(CATEGORY_DESCRIPTIONS[category].length).toBeGreaterThan(40);
    }
  });

  it("names the GA4 session cookie after the measurement id", () => {
    expect(gaSessionCookieName("G-XYZ9")).toBe("_ga_XYZ9");
    expect(gaSessionCookieName(null)).toBe("_ga_<mät-id>");
  });
});

describe("the legal pages' revision date", () => {
  it("writes a long Swedish date", () => {
    expect(formatLongDate("2026-11-22")).toBe("22 november 2026");
    expect(formatLongDate("2026-01-01")).toBe("1 januari 2026");
  });
});
