import { describe, expect, it } from "vitest";
import { FAQ_SECTIONS } from "./faq-content";
import {
  FAQ_QUERY_MAX_LENGTH,
  faqHref,
  faqResultSummary,
  normalizeFaqQuery,
  searchFaq,
  type FaqSection,
} from "./faq-search";

const sections: FaqSection[] = [
  {
    id: "betalning",
    title: "Betalning",
    items: [
      { id: "swish", question: "Hur snabbt får jag betalt via Swish?", answer: "Det tar en kort tid." },
      { id: "bank", question: "Kan jag få pengarna till banken?", answer: "Ja, via banköverföring." },
    ],
  },
  {
    id: "sakerhet",
    title: "Säkerhet",
    items: [
      { id: "guard", question: "Behöver jag Steam Guard?", answer: "Ja, annars spärras dina trades." },
      { id: "ÅÄÖ", question: "Vad är Trade Protection?", answer: "Ett skydd som gör att ÅTERKALLADE trades går tillbaka." },
    ],
  },
];

describe("searchFaq", () => {
  it("returns every section and question when the query is empty or blank", () => {
    for (const query of ["", "   ", null, undefined]) {
      const result = searchFaq(sections, query);
      expect(result.query).toBe("");
      expect(result.sections.map((s) => s.id)).toEqual(["betalning", "sakerhet"]);
      expect(result.matchCount).toBe(4);
      expect(result.totalCount).toBe(4);
    }
  });

  it("matches questions case-insensitively", () => {
    const result = searchFaq(sections, "SWISH");
    expect(result.sections).toHaveLength(1);
    expect(result.sections[0]!.items.map((i) => i.id)).toEqual(["swish"]);
    expect(result.matchCount).toBe(1);
  });

  it("matches answers too, not only questions", () => {
    const result = searchFaq(sections, "banköverföring");
    expect(result.sections[0]!.items.map((i) => i.id)).toEqual(["bank"]);
    expect(searchFaq(sections, "spärras").sections[0]!.items.map((i) => i.id)).toEqual(["guard"]);
  });

  it("folds Swedish letters case-insensitively (å, ä, ö)", () => {
    expect(searchFaq(sections, "återkallade").matchCount).toBe(1);
    expect(searchFaq(sections, "SÄKERHET").matchCount).toBe(0); // section titles are not searched
  });

  it("requires every word of the query, in any order, across question and answer", () => {
    expect(searchFaq(sections, "tid swish").sections[0]!.items.map((i) => i.id)).toEqual(["swish"]);
    expect(searchFaq(sections, "swish guard").matchCount).toBe(0);
  });

  it("hides sections without a match", () => {
    const result = searchFaq(sections, "steam");
    expect(result.sections.map((s) => s.id)).toEqual(["sakerhet"]);
    expect(result.sections[0]!.title).toBe("Säkerhet");
  });

  it("returns no sections and a zero count when nothing matches", () => {
    const result = searchFaq(sections, "xyzzy");
    expect(result.sections).toEqual([]);
    expect(result.matchCount).toBe(0);
    expect(result.totalCount).toBe(4);
  });

  it("does not modify the sections it was given", () => {
    searchFaq(sections, "swish");
    expect(sections[0]!.items).toHaveLength(2);
  });

  it("finds the marketing claims in the real FAQ (docs/rules/site.md#marketing-claims)", () => {
    expect(searchFaq(FAQ_SECTIONS, "senast nästa bankdag").matchCount).toBeGreaterThan(0);
    expect(searchFaq(FAQ_SECTIONS, "trade protection").matchCount).toBeGreaterThan(1);
    expect(searchFaq(FAQ_SECTIONS, "1 000 kr").matchCount).toBeGreaterThan(0);
    expect(searchFaq(FAQ_SECTIONS, "FN, MW, FT, WW och BS").matchCount).toBe(1);
    expect(searchFaq(FAQ_SECTIONS, "Steam Guard").matchCount).toBeGreaterThan(0);
  });
});

describe("normalizeFaqQuery", () => {
  it("trims, collapses whitespace and caps the length", () => {
    expect(normalizeFaqQuery("  trade \n  protection ")).toBe("trade protection");
    expect(normalizeFaqQuery("a".repeat(500))).toHaveLength(FAQ_QUERY_MAX_LENGTH);
  });
});

describe("faqResultSummary", () => {
  it("describes the whole FAQ, a filtered result and an empty one in Swedish", () => {
    expect(faqResultSummary(searchFaq(sections, ""))).toBe("4 frågor i 2 ämnen");
    expect(faqResultSummary(searchFaq(sections, "swish"))).toBe("1 av 4 frågor matchar ”swish”");
    expect(faqResultSummary(searchFaq(sections, "nej"))).toBe("Inga frågor matchar ”nej”");
  });
});

describe("faqHref", () => {
  it("puts the query in ?q= and drops an empty one", () => {
    expect(faqHref("trade protection")).toBe("/faq?q=trade+protection");
    expect(faqHref("  ")).toBe("/faq");
  });
});
