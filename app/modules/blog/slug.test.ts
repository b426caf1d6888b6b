import { describe, expect, it } from "vitest";
import { isValidSlug, slugify } from "./slug";

describe("slugify (docs/rules/blog.md#fields)", () => {
  it("turns å/ä into a, ö into o and é into e, in lower case", () => {
    expect(slugify("Åtta bästa sätten att sälja skins")).toBe("atta-basta-satten-att-salja-skins");
    expect(slugify("Öppet köp för Café-ägare")).toBe("oppet-kop-for-cafe-agare");
  });

  it("makes every run of other characters one hyphen and trims hyphens at the ends", () => {
    expect(slugify("  AK-47 | Redline -- (FT)!  ")).toBe("ak-47-redline-ft");
    expect(slugify("Guide: 10 % rabatt & mer…")).toBe("guide-10-rabatt-mer");
    expect(slugify("Straße & Smørrebrød")).toBe("strasse-smorrebrod");
  });

  it("gives an empty slug for a title without letters or digits", () => {
    expect(slugify("!!! ??? ---")).toBe("");
    expect(isValidSlug(slugify("!!!"))).toBe(false);
  });

  it("never ends on a hyphen when it is cut to the slug limit", () => {
    const slug = slugify(`${"a".repeat(199)} b`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(isValidSlug(slug)).toBe(true);
  });

  it("accepts only lower-case words joined by single hyphens", () => {
    expect(isValidSlug("bra-slug-2")).toBe(true);
    for (const bad of ["Stor", "dubbel--streck", "-start", "slut-", "mellan slag", "åäö", ""]) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });
});
