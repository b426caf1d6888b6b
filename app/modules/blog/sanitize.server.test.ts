import { describe, expect, it } from "vitest";
import { BLOG_POST_SEEDS } from "~/platform/db/seed/blog-posts";
import {
  ALLOWED_TAGS,
  parseSeoScript,
  sanitizeBlogHtml,
  sanitizeSeoScript,
  serializeJsonLd,
} from "./sanitize.server";
import { XSS_CORPUS } from "./xss-corpus";

/** Nothing in the output may run code, whatever the input tried. */
function expectInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<script|<iframe|<svg|<math|<object|<embed|<style|<form|<input|<base|<meta|<link/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/(?:java|vb|live)script\s*:/);
  expect(lower).not.toMatch(/(?:href|src)\s*=\s*"\s*data:/);
  expect(lower).not.toMatch(/expression\s*\(|url\s*\(/);
  expect(lower).not.toContain("srcdoc");
  expect(lower).not.toContain("formaction");
}


describe("sanitising rich content against XSS (docs/rules/blog.md#sanitising)", () => {
  it.each(XSS_CORPUS)("neutralises %s", (_name, input) => {
    const output = sanitizeBlogHtml(input);
    expectInert(output);
    // Sanitising is stable: a second pass (on render) changes nothing.
    expect(sanitizeBlogHtml(output)).toBe(output);
  });

  it("drops the dangerous part and keeps the harmless text", () => {
    expect(sanitizeBlogHtml(`<p onclick="alert(1)">hej</p>`)).toBe("<p>hej</p>");
    expect(sanitizeBlogHtml(`<a href="javascript:alert(1)">länk</a>`)).toBe("<a>länk</a>");
    expect(sanitizeBlogHtml(`<script>alert(1)</script><p>kvar</p>`)).toBe("<p>kvar</p>");
    expect(sanitizeBlogHtml(`<svg><text>dold</text></svg><p>synlig</p>`)).toBe("<p>synlig</p>");
  });

  it("keeps harmless style declarations and drops dangerous ones", () => {
    const output = sanitizeBlogHtml(
      `<p style="text-align: center; color: rgb(200, 10, 10); background: url(x); width: expression(1)">x</p>`,
    );
    expect(output).toContain("text-align:center");
    expect(output).toContain("color:rgb(200, 10, 10)");
    expect(output).not.toContain("url(");
    expect(output).not.toContain("expression");
  });

  it("adds rel=noopener noreferrer to links that open a new tab", () => {
    const output = sanitizeBlogHtml(`<a href="https://example.se" target="_blank" rel="nofollow">x</a>`);
    expect(output).toContain('target="_blank"');
    expect(output).toMatch(/rel="nofollow noopener noreferrer"/);
  });

  it("drops unknown link targets", () => {
    expect(sanitizeBlogHtml(`<a href="/a" target="evil">x</a>`)).toBe(`<a href="/a">x</a>`);
  });
});

describe("allowed markup survives", () => {
  it("keeps every tag of the allow-list", () => {
    for (const tag of ALLOWED_TAGS) {
      const html = tag === "br" || tag === "img" ? `<${tag} />` : `<${tag}>x</${tag}>`;
      const output = sanitizeBlogHtml(tag.startsWith("t") && tag !== "table" ? `<table>${html}</table>` : html);
      expect(output, tag).toContain(`<${tag}`);
    }
  });

  it("keeps the allowed attributes", () => {
    const input =
      `<img src="https://cdn.example/a.webp" alt="Bild" title="T" class="c" width="1200" height="630" />` +
      `<a href="/blog/x" title="Läs" class="l" rel="nofollow">x</a>`;
    expect(sanitizeBlogHtml(input)).toBe(input.replace(" />", " />"));
  });

  it("keeps every allowed link scheme and relative links", () => {
    for (const href of [
      "http://a.se", "https://a.se", "ftp://a.se/f", "mailto:hej@a.se", "tel:+4640123456",
      "callto:hej", "cid:bild@a", "xmpp:hej@a.se", "blob:https://a.se/1", "/blog/x", "#rubrik",
    ]) {
      expect(sanitizeBlogHtml(`<a href="${href}">x</a>`), href).toBe(`<a href="${href}">x</a>`);
    }
  });

  it("drops attributes that are not on the list", () => {
    expect(sanitizeBlogHtml(`<p id="x" data-x="1" lang="sv">t</p>`)).toBe("<p>t</p>");
  });

  it("leaves the seeded posts unchanged", () => {
    for (const post of BLOG_POST_SEEDS) {
      const output = sanitizeBlogHtml(post.content);
      expect(output.replace(/\s+/g, " ").trim(), post.slug).toBe(post.content.replace(/\s+/g, " ").trim());
    }
  });
});

describe("seo_script renders only JSON-LD (docs/rules/blog.md#structured-data)", () => {
  const article = { "@context": "https://schema.org", "@type": "Article", headline: "Rubrik" };

  it("keeps a JSON-LD block and its data", () => {
    const blocks = parseSeoScript(`<script type="application/ld+json">${JSON.stringify(article)}</script>`);
    expect(blocks).toEqual([article]);
  });

  it("accepts type in any case and async/defer attributes", () => {
    expect(
      parseSeoScript(`<SCRIPT TYPE='Application/LD+JSON' async defer>{"a":1}</SCRIPT >`),
    ).toEqual([{ a: 1 }]);
  });

  it.each([
    ["a plain script", `<script>alert(1)</script>`],
    ["a javascript-typed script", `<script type="text/javascript">alert(1)</script>`],
    ["an external script", `<script type="application/ld+json" src="https://evil.example/x.js"></script>`],
    ["an event handler attribute", `<script type="application/ld+json" onload="alert(1)">{}</script>`],
    ["invalid JSON", `<script type="application/ld+json">{ headline: 'x' }</script>`],
    ["a bare JSON string", `<script type="application/ld+json">"text"</script>`],
    ["markup outside scripts", `<img src=x onerror=alert(1)>`],
  ])("drops %s", (_name, input) => {
    expect(parseSeoScript(input)).toEqual([]);
    expect(sanitizeSeoScript(input)).toBeNull();
  });

  it("keeps the valid blocks of a mixed value and drops the rest", () => {
    const input = `<script>alert(1)</script><script type="application/ld+json">{"a":1}</script><p>x</p><script type="application/ld+json">[1,2]</script>`;
    expect(parseSeoScript(input)).toEqual([{ a: 1 }, [1, 2]]);
  });

  it("re-serialises so the data can never close its script element", () => {
    const hostile = `<script type="application/ld+json">{"@context":"https://schema.org","name":"<\\/script><script>alert(1)<\\/script>","x":"<!--"}</script>`;
    const stored = sanitizeSeoScript(hostile)!;
    expect(stored.match(/<\/script>/g)).toHaveLength(1);
    expect(stored).not.toContain("<script>alert");
    expect(stored).not.toContain("<!--");
    expect(stored).toContain("\\u003c/script\\u003e");
    // Still the same data once parsed.
    expect(parseSeoScript(stored)).toEqual([{ "@context": "https://schema.org", name: "</script><script>alert(1)</script>", x: "<!--" }]);
  });

  it("escapes line separators that break older JSON-in-HTML parsers", () => {
    expect(serializeJsonLd({ a: "\u2028\u2029&" })).toBe('{"a":"\\u2028\\u2029\\u0026"}');
  });
});
