import { describe, expect, it } from "vitest";
import { BLOG_POST_SEEDS } from "~/platform/db/seed/blog-posts";
import {
  ALLOWED_TAGS,
  parseSeoScript,
  sanitizeBlogHtml,
  sanitizeSeoScript,
  serializeJsonLd,
} from "./sanitize.server";

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

const XSS_CORPUS: Array<[string, string]> = [
  ["script tag", `<script>alert(1)</script>`],
  ["script tag in upper case", `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`],
  ["script split by a nested tag", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["img onerror without quotes or spaces", `<img/src="x"/onerror=alert(1)>`],
  ["event handler on an allowed tag", `<p onclick="alert(1)" onmouseover='alert(2)'>hej</p>`],
  ["javascript: link", `<a href="javascript:alert(1)">x</a>`],
  ["case-obfuscated javascript: link", `<a href="JaVaScRiPt:alert(1)">x</a>`],
  ["entity-obfuscated javascript: link", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`],
  ["hex-entity javascript: link", `<a href="&#x6A;avascript&#x3A;alert(1)">x</a>`],
  ["javascript: with embedded tab and newline", `<a href="jav&#x09;ascript:alert(1)">x</a><a href="java\nscript:alert(1)">y</a>`],
  ["javascript: with leading spaces and control characters", `<a href="  \x01javascript:alert(1)">x</a>`],
  ["vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`],
  ["data: link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["data: image", `<img src="data:image/svg+xml,<svg onload=alert(1)>">`],
  ["svg with onload", `<svg onload=alert(1)><circle r="1"/></svg>`],
  ["svg with script", `<svg><script>alert(1)</script></svg>`],
  ["math with a javascript link", `<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>`],
  ["iframe", `<iframe src="https://evil.example"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["object and embed", `<object data="x.swf"></object><embed src="x.swf">`],
  ["style element", `<style>body{background:url(javascript:alert(1))}</style>`],
  ["style attribute with expression()", `<p style="width: expression(alert(1))">x</p>`],
  ["style attribute with url()", `<p style="background-color: red; background: url(https://evil.example/t.png)">x</p>`],
  ["style attribute with escaped url()", `<p style="color: u\\72l(x)">x</p>`],
  ["style attribute with javascript:", `<div style="color: javascript:alert(1)">x</div>`],
  ["form with formaction", `<form><button formaction="javascript:alert(1)">x</button></form>`],
  ["input autofocus onfocus", `<input autofocus onfocus=alert(1)>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["base href", `<base href="javascript:alert(1)//">`],
  ["link import", `<link rel="import" href="https://evil.example">`],
  ["malformed nesting", `<p><a href="/ok"><b>fet</p></a><img src=x onerror=alert(1)//`],
  ["unclosed attribute", `<img src="x" alt="a onerror=alert(1)`],
  ["comment trick", `<!--<img src="--><img src=x onerror=alert(1)//">`],
  ["CDATA trick", `<![CDATA[<script>alert(1)</script>]]>`],
  ["textarea breakout", `<textarea><script>alert(1)</script></textarea>`],
  ["noscript breakout", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
  ["template", `<template><script>alert(1)</script></template>`],
  ["details ontoggle", `<details open ontoggle=alert(1)>`],
  ["video source onerror", `<video><source onerror="alert(1)"></video>`],
  ["protocol-relative script-ish link", `<a href="//evil.example/x">x</a>`],
  ["srcset with javascript", `<img src="/ok.png" srcset="javascript:alert(1)">`],
  ["xlink:href", `<a xlink:href="javascript:alert(1)">x</a>`],
];

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
    const hostile = `<script type="application/ld+json">{"name":"<\\/script><script>alert(1)<\\/script>","x":"<!--"}</script>`;
    const stored = sanitizeSeoScript(hostile)!;
    expect(stored.match(/<\/script>/g)).toHaveLength(1);
    expect(stored).not.toContain("<script>alert");
    expect(stored).not.toContain("<!--");
    expect(stored).toContain("\\u003c/script\\u003e");
    // Still the same data once parsed.
    expect(parseSeoScript(stored)).toEqual([{ name: "</script><script>alert(1)</script>", x: "<!--" }]);
  });

  it("escapes line separators that break older JSON-in-HTML parsers", () => {
    expect(serializeJsonLd({ a: "\u2028\u2029&" })).toBe('{"a":"\\u2028\\u2029\\u0026"}');
  });
});
