import { describe, expect, it } from "vitest";
import { shopPurchaseReason } from "~/modules/shop/shop-constants";
import { ledgerReasonLabel, parseProfileView, profileViewSearch } from "./profile-view";

const view = (search: string) => parseProfileView(new URLSearchParams(search));

describe("the profile's history view in the URL", () => {
  it("opens the points list on page 1 when the URL says nothing", () => {
    expect(view("")).toEqual({ tab: "poang", pages: { poang: 1, xp: 1, affarer: 1, ordrar: 1 } });
  });

  it("reads the open list and each list's page", () => {
    expect(view("historik=ordrar&ordrar=3&poang=2")).toEqual({
      tab: "ordrar",
      pages: { poang: 2, xp: 1, affarer: 1, ordrar: 3 },
    });
  });

  it("treats an unknown list, a negative, fractional, huge or non-numeric page as the defaults", () => {
    for (const page of ["-1", "0", "1.5", "abc", "9999999999", "1e3", " 2", ""]) {
      expect(view(`poang=${encodeURIComponent(page)}`).pages.poang, page).toBe(1);
    }
    expect(view("historik=__proto__").tab).toBe("poang");
    expect(view("historik=admin").tab).toBe("poang");
  });

  it("builds links that change one list and keep the others' pages", () => {
    const current = view("historik=xp&xp=2&affarer=4");
    expect(profileViewSearch(current, { page: 3 })).toBe("?historik=xp&xp=3&affarer=4");
    expect(profileViewSearch(current, { tab: "ordrar" })).toBe("?historik=ordrar&xp=2&affarer=4");
    expect(profileViewSearch(current, { tab: "poang", page: 1 })).toBe("?xp=2&affarer=4");
    expect(profileViewSearch(view(""), {})).toBe("");
  });
});

describe("ledger reasons as the member reads them", () => {
  it("says a point-shop purchase in Swedish, with the item", () => {
    expect(ledgerReasonLabel(shopPurchaseReason("Skinhamnen-hoodie"))).toBe("Köp i Point Shop: Skinhamnen-hoodie");
  });

  it("keeps every other reason as written", () => {
    expect(ledgerReasonLabel("Genomförd försäljning")).toBe("Genomförd försäljning");
  });
});
