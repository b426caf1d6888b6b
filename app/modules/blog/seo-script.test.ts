import { describe, expect, it } from "vitest";
import { explainSeoScript, SEO_SCRIPT_REASONS } from "./seo-script";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const ARTICLE = { "@context": "https://schema.org", "@type": "Article", headline: "Hej" };

describe("explainSeoScript: what saving seo_script keeps and why (docs/rules/blog.md#structured-data)", () => {
  it("keeps a JSON-LD block with @context and stores it re-serialised", () => {
    const report = explainSeoScript(ld(ARTICLE));
    expect(report.kept).toEqual([ARTICLE]);
    expect(report.dropped).toEqual([]);
    expect(report.stored).toBe(`<script type="application/ld+json">${JSON.stringify(ARTICLE)}</script>`);
  });

  it("says why each dropped part is dropped", () => {
    const input = [
      `<script>alert(1)</script>`,
      `<script type="application/ld+json">{ headline: 'x' }</script>`,
      ld({ "@type": "Article" }),
      `<script type="application/ld+json" onload="alert(1)">{}</script>`,
      `<script type="application/ld+json">"text"</script>`,
      ld(ARTICLE),
      `<p>hej</p>`,
    ].join("\n");
    const report = explainSeoScript(input);
    expect(report.dropped.map((drop) => drop.reason)).toEqual([
      SEO_SCRIPT_REASONS.notJsonLd,
      SEO_SCRIPT_REASONS.invalidJson,
      SEO_SCRIPT_REASONS.missingContext,
      SEO_SCRIPT_REASONS.attributes,
      SEO_SCRIPT_REASONS.notObject,
      SEO_SCRIPT_REASONS.outside,
    ]);
    expect(report.kept).toEqual([ARTICLE]);
    expect(explainSeoScript(report.stored).dropped).toEqual([]);
  });

  it("keeps a list only when every item names its @context", () => {
    expect(explainSeoScript(ld([ARTICLE, ARTICLE])).kept).toHaveLength(1);
    expect(explainSeoScript(ld([ARTICLE, { "@type": "X" }])).dropped[0]!.reason).toBe(SEO_SCRIPT_REASONS.missingContext);
  });

  it("stores nothing for an empty field or one with nothing valid", () => {
    expect(explainSeoScript("   ").stored).toBeNull();
    expect(explainSeoScript(`<script>alert(1)</script>`).stored).toBeNull();
  });
});
