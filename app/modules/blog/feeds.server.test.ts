import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { escapeXml } from "~/lib/xml";
import { robotsTxt, rssFeed, sitemap } from "./feeds.server";

const site = { publicUrl: "https://skinhamnen.se", siteName: "Skinhamnen" };

const post = {
  slug: "tips-och-tricks",
  title: `Köp & sälj <säkert> "nu"`,
  excerpt: "Kort & gott",
  categories: ["Guides"],
  author_name: "Elin <Admin>",
  published_at: new Date("2025-03-12T08:30:00Z"),
  created_at: new Date("2025-03-01T08:30:00Z"),
  featured_image_url: null,
};

describe("RSS feed", () => {
  const xml = rssFeed(site, [post], new Map([["/images/blog/default.webp", 48_213]]));

  it("is RSS 2.0 with an absolute self link", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<atom:link href="https://skinhamnen.se/blog/rss.xml" rel="self"');
  });

  it("escapes text and uses absolute links", () => {
    expect(xml).toContain("<title>Köp &amp; sälj &lt;säkert&gt; &quot;nu&quot;</title>");
    expect(xml).toContain("<link>https://skinhamnen.se/blog/tips-och-tricks</link>");
    expect(xml).toContain("<dc:creator>Elin &lt;Admin&gt;</dc:creator>");
    expect(xml).toContain("<pubDate>Wed, 12 Mar 2025 08:30:00 GMT</pubDate>");
    expect(xml).toContain('<enclosure url="https://skinhamnen.se/images/blog/default.webp" type="image/webp" length="48213"/>');
    expect(xml).not.toMatch(/<säkert>/);
  });

  it("leaves out the enclosure of a picture whose size is unknown, never a length of 0", () => {
    const unknown = rssFeed(site, [post]);
    expect(unknown).not.toContain("<enclosure");
    expect(unknown).toContain("<item>");
  });

  it("lists the newest post first, whatever order it is given", () => {
    const older = { ...post, slug: "aldre", published_at: new Date("2024-01-01T00:00:00Z") };
    const undated = { ...post, slug: "utan-datum", published_at: null, created_at: new Date("2026-06-01T00:00:00Z") };
    const order = [...rssFeed(site, [older, post, undated]).matchAll(/<link>https:\/\/skinhamnen\.se\/blog\/([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(order).toEqual(["utan-datum", "tips-och-tricks", "aldre"]);
  });

  it("is a valid channel without posts", () => {
    const empty = rssFeed(site, []);
    expect(empty).toContain("<channel>");
    expect(empty).not.toContain("<item>");
  });
});

describe("XML escaping", () => {
  it("escapes the five special characters and drops forbidden control characters", () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\u0008`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});

describe("sitemap", () => {
  const xml = sitemap(site.publicUrl, [{ slug: "en-post", updated_at: new Date("2026-01-02T03:04:05Z") }]);

  it("lists every public page (docs/rules/site.md#pages) with an absolute URL", () => {
    for (const page of PUBLIC_PAGES) {
      expect(xml).toContain(`<loc>${site.publicUrl}${page.path}</loc>`);
    }
    // The public pages of docs/rules/site.md#pages, the point shop's listing included.
    expect(PUBLIC_PAGES.map((page) => page.path)).toEqual([
      "/", "/salja-skins", "/kop-skins", "/om-oss", "/blog", "/faq", "/omdomen", "/kontakta-oss",
      "/point-system", "/xp-system", "/point-shop", "/cookie-policy", "/integritetspolicy", "/anvandarvillkor", "/trade-protection",
    ]);
  });

  it("lists posts with lastmod from updated_at", () => {
    expect(xml).toContain(
      "<loc>https://skinhamnen.se/blog/en-post</loc>\n    <lastmod>2026-01-02T03:04:05.000Z</lastmod>",
    );
  });

  it("never lists private areas", () => {
    expect(xml).not.toMatch(/\/(admin|profile|auth|success|api)\b/);
  });
});

describe("robots.txt", () => {
  it("disallows the private areas and points at the sitemap", () => {
    const text = robotsTxt(site.publicUrl);
    for (const path of ["/admin", "/profile", "/auth", "/success", "/api/", "/dev/"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain("Sitemap: https://skinhamnen.se/sitemap.xml");
  });
});
