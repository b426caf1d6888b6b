import { describe, expect, it } from "vitest";
import {
  bodyImages,
  bodyLinks,
  byMostProblems,
  checkPost,
  checkSite,
  editorLink,
  headingLevels,
  pageHead,
  postState,
  robotsAllows,
  rssLinks,
  scoreOf,
  searchSnippet,
  sitemapLocations,
  truncateForSnippet,
  wordCount,
  type SeoCheck,
  type SeoPostInput,
  type SeoSiteInput,
} from "./seo-checks";

const PUBLIC_URL = "https://skinhamnen.se";
const NOW = new Date("2026-06-01T12:00:00Z");
const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(" ");

function post(overrides: Partial<SeoPostInput> = {}): SeoPostInput {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    slug: "salja-skins-sakert",
    title: "Så säljer du dina CS2-skins säkert",
    status: "published",
    published_at: new Date("2026-05-01T08:00:00Z"),
    meta_title: null,
    meta_description: "Steg för steg: så säljer du dina CS2-skins säkert och snabbt till en svensk handlare, med betalning via Swish.",
    excerpt: "Kort utdrag.",
    content: `<h2>Steg ett</h2><p>${words(320)} <a href="/salja-skins">Sälj</a></p><h3>Detaljer</h3><img src="/a.webp" alt="Bild">`,
    featured_image_url: "/images/abc/1200.webp",
    alt_text: "En skin",
    canonical_url: null,
    reading_minutes: 2,
    jsonLd: { scripts: 0, blocks: 0 },
    image: { width: 1200, height: 630, bytes: 80_000 },
    ...overrides,
  };
}

function site(overrides: Partial<SeoSiteInput> = {}): SeoSiteInput {
  return {
    publicUrl: PUBLIC_URL,
    siteName: "Skinhamnen",
    now: NOW,
    sitemapUrls: new Set([`${PUBLIC_URL}/blog/salja-skins-sakert`]),
    ...overrides,
  };
}

const find = (checks: SeoCheck[], id: SeoCheck["id"]) => checks.find((entry) => entry.id === id)!;
const report = (overrides: Partial<SeoPostInput> = {}, siteOverrides: Partial<SeoSiteInput> = {}) => checkPost(post(overrides), site(siteOverrides));

describe("a healthy post", () => {
  it("passes every check with a full score", () => {
    const result = report();
    expect(result.checks.filter((entry) => entry.status !== "ok" && entry.status !== "info")).toEqual([]);
    expect(result.problems).toBe(0);
    expect(result.score).toBe(100);
    expect(result.state).toBe("published");
    expect(result.words).toBe(324); // headings and link text count too
    expect(result.readingMinutes).toBe(2);
  });
});

describe("post state (docs/rules/blog.md#scheduled-publishing)", () => {
  it("marks a published post with a future date as scheduled", () => {
    expect(postState("published", new Date("2026-06-01T12:00:01Z"), NOW)).toBe("scheduled");
    expect(postState("published", new Date("2026-06-01T12:00:00Z"), NOW)).toBe("published");
    expect(postState("published", null, NOW)).toBe("published");
    expect(postState("draft", new Date("2030-01-01T00:00:00Z"), NOW)).toBe("draft");
    expect(postState("archived", null, NOW)).toBe("archived");
  });
});

describe("title length", () => {
  it("counts the site name the page adds and warns above 60", () => {
    const long = report({ meta_title: "En väldigt lång metatitel som säkert inte får plats i sökresultatet" });
    expect(find(long.checks, "title-length")).toMatchObject({ status: "warning", field: "meta_title" });
    expect(find(long.checks, "title-length").message).toContain("med webbplatsens namn");
  });
  it("warns for a short title and says when there is no meta title", () => {
    const short = report({ title: "Kort" });
    expect(find(short.checks, "title-length")).toMatchObject({ status: "warning" });
    expect(find(short.checks, "title-length").message).toContain("Titeln (ingen metatitel)");
  });
  it("does not add the site name twice", () => {
    const named = report({ meta_title: "Skinhamnen guidar dig genom hela försäljningen av skins" });
    expect(named.snippet.title).toBe("Skinhamnen guidar dig genom hela försäljningen av skins");
  });
  it("counts characters as code points", () => {
    const emoji = report({ meta_title: "🔥".repeat(47) });
    expect(find(emoji.checks, "title-length").status).toBe("ok");
  });
});

describe("meta description length", () => {
  it("warns when it is missing and names the fallback", () => {
    const result = report({ meta_description: null });
    expect(find(result.checks, "description-length")).toMatchObject({ status: "warning", field: "meta_description" });
    expect(find(result.checks, "description-length").message).toContain("utdraget");
    expect(result.snippet.description).toBe("Kort utdrag.");
  });
  it("uses the beginning of the body without an excerpt", () => {
    const result = report({ meta_description: "  ", excerpt: null });
    expect(find(result.checks, "description-length").message).toContain("början av texten");
  });
  it("warns above 160 and below 70", () => {
    expect(find(report({ meta_description: "a".repeat(161) }).checks, "description-length").status).toBe("warning");
    expect(find(report({ meta_description: "a".repeat(69) }).checks, "description-length").status).toBe("warning");
    expect(find(report({ meta_description: "a".repeat(160) }).checks, "description-length").status).toBe("ok");
  });
});

describe("the search-result snippet", () => {
  it("cuts the title and description at a word boundary with an ellipsis", () => {
    const snippet = searchSnippet({
      title: "Det här är en mycket lång titel som inte ryms i sökresultatet hos någon sökmotor",
      url: `${PUBLIC_URL}/blog/lang-titel`,
      description: `${"ord ".repeat(60)}`,
    });
    expect(snippet.titleCut).toBe(true);
    expect(snippet.title.endsWith(" …")).toBe(true);
    expect(Array.from(snippet.title.replace(/ …$/, "")).length).toBeLessThanOrEqual(60);
    expect(snippet.descriptionCut).toBe(true);
    expect(snippet.displayUrl).toBe("skinhamnen.se › blog › lang-titel");
  });
  it("keeps short texts whole", () => {
    expect(truncateForSnippet("Kort titel", 60)).toEqual({ text: "Kort titel", cut: false });
  });
  it("cuts inside a very long word when there is no space", () => {
    const cut = truncateForSnippet("x".repeat(100), 60);
    expect(cut.text).toBe(`${"x".repeat(60)} …`);
  });
  it("shows the canonical address when the post names another", () => {
    const result = report({ canonical_url: "https://example.com/original" });
    expect(result.snippet.url).toBe("https://example.com/original");
  });
});

describe("slug", () => {
  it("refuses what the URL rule refuses", () => {
    for (const slug of ["Stora", "två--streck", "-start", "slut-", "å-ä", "mellan rum"]) {
      expect(find(report({ slug }).checks, "slug")).toMatchObject({ status: "error", field: "slug" });
    }
  });
  it("warns about a long slug", () => {
    expect(find(report({ slug: "a".repeat(61) }).checks, "slug").status).toBe("warning");
  });
});

describe("headings (the page renders the title as the one H1)", () => {
  it("reads heading levels in order", () => {
    expect(headingLevels("<h2>a</h2><p>x</p><H3 class='x'>b</H3><h2>c</h2>")).toEqual([2, 3, 2]);
  });
  it("refuses an H1 in the body", () => {
    const result = report({ content: `<h1>Egen</h1><p>${words(300)}</p>` });
    expect(find(result.checks, "h1")).toMatchObject({ status: "error", field: "content" });
    expect(find(report({ content: "<h1>a</h1><h1>b</h1>" }).checks, "h1").message).toContain("2 egna H1");
  });
  it("warns when a level is skipped, starting from the page's H1", () => {
    expect(find(report({ content: "<h3>a</h3>" }).checks, "heading-order")).toMatchObject({ status: "warning", field: "content" });
    expect(find(report({ content: "<h2>a</h2><h4>b</h4>" }).checks, "heading-order").message).toContain("H2 → H4");
    expect(find(report({ content: "<h2>a</h2><h3>b</h3><h2>c</h2><h3>d</h3>" }).checks, "heading-order").status).toBe("ok");
    expect(find(report({ content: "<p>ingen rubrik</p>" }).checks, "heading-order").message).toBe("Inga mellanrubriker.");
  });
});

describe("images", () => {
  it("counts body images without alt text, empty or whitespace alt included", () => {
    expect(bodyImages(`<img src="a"><img src='b' alt=''><img alt="ok" src=c><img alt="  ">`)).toHaveLength(4);
    const result = report({ content: `<p>x</p><img src="a"><img src="b" alt=""><img src="c" alt="bra">` });
    expect(find(result.checks, "image-alt")).toMatchObject({ status: "error", message: "2 av 3 bilder i texten saknar alt-text." });
  });
  it("warns without a featured image and refuses one without alt text", () => {
    expect(find(report({ featured_image_url: null }).checks, "featured-image")).toMatchObject({ status: "warning", field: "featured_image_url" });
    expect(find(report({ alt_text: " " }).checks, "featured-image")).toMatchObject({ status: "error", field: "alt_text" });
    expect(report({ featured_image_url: null }).checks.some((entry) => entry.id === "featured-image-size")).toBe(false);
  });
  it("checks the featured image's size when it is ours, and says when it is unknown", () => {
    expect(find(report({ image: { width: 800, height: 420, bytes: 50_000 } }).checks, "featured-image-size").status).toBe("warning");
    expect(find(report({ image: { width: 1200, height: 630, bytes: 900_000 } }).checks, "featured-image-size").message).toContain("kB");
    expect(find(report({ image: null }).checks, "featured-image-size").status).toBe("info");
  });
});

describe("links, words and reading time", () => {
  it("counts links to our host and relative links as internal", () => {
    const html = `<a href="/faq">a</a><a href="https://skinhamnen.se/blog/x">b</a><a href="https://steamcommunity.com">c</a><a href="#top">d</a><a href="mailto:a@b.se">e</a><a href="//evil.example/x">f</a>`;
    expect(bodyLinks(html, PUBLIC_URL)).toEqual({ internal: 2, external: 2 });
  });
  it("warns without internal links", () => {
    expect(find(report({ content: `<p>${words(400)} <a href="https://example.com">x</a></p>` }).checks, "internal-links").message).toContain("1 externa");
  });
  it("counts words of the readable text and warns below 300", () => {
    expect(wordCount("<p>ett två</p><p>tre</p><script>dolt dolt</script>")).toBe(3);
    const result = report({ content: `<p>${words(120)} <a href="/">x</a></p>`, reading_minutes: 1 });
    expect(find(result.checks, "word-count")).toMatchObject({ status: "warning", field: "content" });
  });
  it("warns when the stored reading time no longer matches the body", () => {
    expect(find(report({ reading_minutes: 9 }).checks, "word-count").message).toContain("sparad lästid är 9 min");
  });
});

describe("canonical URL", () => {
  const status = (canonical_url: string) => find(report({ canonical_url }).checks, "canonical");
  it("accepts none, or the post's own absolute https address", () => {
    expect(find(report().checks, "canonical").status).toBe("ok");
    expect(status(`${PUBLIC_URL}/blog/salja-skins-sakert`).status).toBe("ok");
    expect(status(`${PUBLIC_URL}/blog/salja-skins-sakert/`).status).toBe("ok");
  });
  it("refuses relative, non-http and insecure addresses", () => {
    expect(status("/blog/annan")).toMatchObject({ status: "error", field: "canonical_url" });
    expect(status("javascript:alert(1)").status).toBe("error");
    expect(status("http://skinhamnen.se/blog/salja-skins-sakert").status).toBe("error");
    expect(status("http://example.com/a").status).toBe("error");
  });
  it("warns about another page of ours, and marks another site as deliberate", () => {
    expect(status(`${PUBLIC_URL}/blog/annan`).status).toBe("warning");
    expect(status("https://example.com/original")).toMatchObject({ status: "info" });
  });
});

describe("JSON-LD", () => {
  it("passes when there is none or every script parses", () => {
    expect(find(report().checks, "json-ld").status).toBe("ok");
    expect(find(report({ jsonLd: { scripts: 2, blocks: 2 } }).checks, "json-ld").message).toBe("2 block tolkas.");
  });
  it("warns when some and refuses when all are dropped", () => {
    expect(find(report({ jsonLd: { scripts: 3, blocks: 1 } }).checks, "json-ld")).toMatchObject({ status: "warning", field: "seo_script" });
    expect(find(report({ jsonLd: { scripts: 1, blocks: 0 } }).checks, "json-ld").status).toBe("error");
  });
});

describe("sitemap and indexing", () => {
  it("refuses a published, indexable post missing from the sitemap", () => {
    expect(find(report({}, { sitemapUrls: new Set() }).checks, "sitemap").status).toBe("error");
  });
  it("warns when the sitemap lists a post whose canonical points elsewhere", () => {
    expect(find(report({ canonical_url: "https://example.com/x" }).checks, "sitemap")).toMatchObject({ status: "warning", field: "canonical_url" });
    expect(find(report({ canonical_url: "https://example.com/x" }, { sitemapUrls: new Set() }).checks, "sitemap").status).toBe("ok");
  });
  it("expects drafts, scheduled and archived posts to be absent", () => {
    const future = new Date("2026-07-01T00:00:00Z");
    expect(find(report({ published_at: future }, { sitemapUrls: new Set() }).checks, "sitemap").message).toContain("Schemalagd");
    expect(find(report({ published_at: future }).checks, "sitemap").status).toBe("error");
    expect(find(report({ status: "draft" }, { sitemapUrls: new Set() }).checks, "sitemap").status).toBe("ok");
  });
  it("says when the sitemap could not be read", () => {
    expect(find(report({}, { sitemapUrls: null }).checks, "sitemap").status).toBe("info");
  });
});

describe("score and order", () => {
  const entry = (status: SeoCheck["status"]): SeoCheck => ({ id: "slug", label: "", status, message: "", field: null });
  it("counts ok fully, a warning half and an error not at all, ignoring info", () => {
    expect(scoreOf([entry("ok"), entry("warning"), entry("error"), entry("info")])).toBe(50);
    expect(scoreOf([])).toBe(100);
  });
  it("sorts most problems first, then most errors", () => {
    const a = { report: report() };
    const b = { report: report({ content: "<h1>x</h1>", featured_image_url: null }) };
    const c = { report: report({ meta_description: null }) };
    expect([a, c, b].sort(byMostProblems)).toEqual([b, c, a]);
  });
  it("links a problem to the editor field", () => {
    expect(editorLink("abc", "meta_description")).toBe("/admin/blog/abc#post-meta_description");
  });
});

describe("site-wide checks", () => {
  const urls = [`${PUBLIC_URL}/blog/a`, `${PUBLIC_URL}/blog/b`];
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`;
  const page = (path: string, title: string | null = "Titel | Skinhamnen", description: string | null = "Beskrivning") => ({ path, status: 200, title, description });
  const input = {
    publicUrl: PUBLIC_URL,
    publishedUrls: urls,
    sitemapUrls: new Set(urls),
    rssUrls: new Set(urls),
    robots,
    pages: [page("/"), page("/faq")],
  };
  const byId = (checks: ReturnType<typeof checkSite>, id: string) => checks.find((entry) => entry.id === id)!;

  it("passes when everything is in place", () => {
    expect(checkSite(input).every((entry) => entry.status === "ok")).toBe(true);
  });
  it("lists posts missing from the sitemap and the feed", () => {
    const checks = checkSite({ ...input, sitemapUrls: new Set([urls[0]!]), rssUrls: new Set() });
    expect(byId(checks, "sitemap-posts")).toMatchObject({ status: "error", items: ["/blog/b"] });
    expect(byId(checks, "rss-posts").message).toBe("2 av 2 publicerade inlägg saknas.");
    expect(byId(checkSite({ ...input, rssUrls: null }), "rss-posts").message).toBe("RSS-flödet kunde inte läsas.");
  });
  it("reads robots.txt as a crawler does", () => {
    expect(robotsAllows(robots, "/blog")).toBe(true);
    expect(robotsAllows(robots, "/admin/seo")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: /blog", "/blog/x")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: /\nAllow: /blog", "/blog/x")).toBe(true);
    expect(robotsAllows("User-agent: Googlebot\nDisallow: /blog\n\nUser-agent: *\nAllow: /", "/blog")).toBe(true);
    const closed = checkSite({ ...input, robots: "User-agent: *\nDisallow: /blog\n" });
    expect(byId(closed, "robots-blog").status).toBe("error");
    expect(byId(closed, "robots-sitemap").status).toBe("error");
  });
  it("names public pages without a title or description, or that failed", () => {
    const checks = checkSite({ ...input, pages: [page("/"), page("/faq", null), page("/om-oss", "T", ""), { path: "/x", status: 500, title: null, description: null }] });
    expect(byId(checks, "page-meta")).toMatchObject({ status: "error", items: ["/faq", "/om-oss", "/x"] });
    expect(byId(checks, "page-meta").message).toContain("1 kunde inte läsas");
  });
});

describe("reading served documents", () => {
  it("reads sitemap locations and feed links, decoding entities", () => {
    expect([...sitemapLocations("<urlset><url><loc>https://a.se/?x=1&amp;y=2</loc></url><url><loc>https://a.se/b</loc></url></urlset>")]).toEqual([
      "https://a.se/?x=1&y=2",
      "https://a.se/b",
    ]);
    expect([...rssLinks("<channel><link>https://a.se/blog</link><item><title>t</title><link>https://a.se/blog/x</link></item></channel>")]).toEqual([
      "https://a.se/blog/x",
    ]);
  });
  it("reads a page's title and description from its head only", () => {
    expect(pageHead(`<html><head><title>Om oss | Skinhamnen</title><meta name="description" content="Vi &amp; ni"/></head><body><title>x</title></body>`)).toEqual({
      title: "Om oss | Skinhamnen",
      description: "Vi & ni",
    });
    expect(pageHead("<html><head></head><body></body>")).toEqual({ title: null, description: null });
  });
});
