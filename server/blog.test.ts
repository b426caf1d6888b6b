/**
 * The blog, its feeds and the newsletter over HTTP, against the real production build with
 * its own freshly seeded database.
 */
import { statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../app/lib/public-pages";
import { BLOG_POST_SEEDS } from "../app/platform/db/seed/blog-posts";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const seed = BLOG_POST_SEEDS.find((post) => post.slug === "salja-cs2-skins-sakert")!;

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1];
}

function decode(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
}

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

describe("/sitemap.xml", () => {
  it("lists every public page and every published post with lastmod, as XML", async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>${server.url}${page.path}</loc>`);
    for (const post of BLOG_POST_SEEDS) {
      expect(xml).toMatch(
        new RegExp(`<loc>${server.url}/blog/${post.slug}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod>`),
      );
    }
    expect(xml).not.toContain("/admin");
  });

  it("gives each demo post its publication as its last change, not the time it was seeded", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const post of BLOG_POST_SEEDS) {
      expect(xml).toContain(`<loc>${server.url}/blog/${post.slug}</loc>\n    <lastmod>${post.published_at.toISOString()}</lastmod>`);
    }
  });
});

describe("conditional requests for the feed and the sitemap", () => {
  it.each(["/sitemap.xml", "/blog/rss.xml"])("%s carries ETag and Last-Modified and answers 304 when unchanged", async (path) => {
    const first = await fetch(`${server.url}${path}`);
    expect(first.status).toBe(200);
    const body = await first.text();
    const etag = first.headers.get("etag");
    const lastModified = first.headers.get("last-modified");
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(Number.isNaN(Date.parse(lastModified ?? ""))).toBe(false);

    const byEtag = await fetch(`${server.url}${path}`, { headers: { "if-none-match": etag! } });
    expect(byEtag.status).toBe(304);
    expect(await byEtag.text()).toBe("");
    expect(byEtag.headers.get("etag")).toBe(etag);

    const byDate = await fetch(`${server.url}${path}`, { headers: { "if-modified-since": lastModified! } });
    expect(byDate.status).toBe(304);

    // An older copy, or another version, gets the document.
    const older = new Date(Date.parse(lastModified!) - 1_000).toUTCString();
    const stale = await fetch(`${server.url}${path}`, { headers: { "if-modified-since": older } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
    const other = await fetch(`${server.url}${path}`, { headers: { "if-none-match": 'W/"annan"', "if-modified-since": lastModified! } });
    expect(other.status).toBe(200);
    await other.body?.cancel();
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of private areas and names the sitemap", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    for (const path of ["/admin", "/profile", "/auth", "/success", "/api/", "/dev/"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("/blog/rss.xml", () => {
  it("is RSS 2.0 of the published posts with absolute links", async () => {
    const response = await fetch(`${server.url}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)).toHaveLength(BLOG_POST_SEEDS.length);
    expect(xml).toContain(`<link>${server.url}/blog/${seed.slug}</link>`);
  });

  it("lists the newest post first, pinned or not", async () => {
    const xml = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) => Date.parse(match[1]!));
    expect(dates).toHaveLength(BLOG_POST_SEEDS.length);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const newest = [...BLOG_POST_SEEDS].sort((a, b) => b.published_at.getTime() - a.published_at.getTime())[0]!;
    expect(xml.indexOf(`/blog/${newest.slug}<`)).toBeLessThan(xml.indexOf(`/blog/${seed.slug}<`));
  });

  it("gives each picture's enclosure its real size in bytes", async () => {
    const xml = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    const enclosures = [...xml.matchAll(/<enclosure url="([^"]+)" type="([^"]+)" length="(\d+)"\/>/g)];
    expect(enclosures).toHaveLength(BLOG_POST_SEEDS.length);
    for (const [, url, type, length] of enclosures) {
      const picture = await fetch(url!);
      expect(picture.status, url).toBe(200);
      const bytes = (await picture.arrayBuffer()).byteLength;
      expect(Number(length), url).toBe(bytes);
      expect(Number(length), url).toBe(statSync(`public${new URL(url!).pathname}`).size);
      expect(type).toBe("image/webp");
    }
  });

  it("is announced on blog pages", async () => {
    for (const path of ["/blog", `/blog/${seed.slug}`]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toMatch(/<link[^>]* rel="alternate" type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/);
    }
  });
});

describe("/blog", () => {
  it("server-renders the list with title, description, canonical and Open Graph", async () => {
    const response = await fetch(`${server.url}/blog`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Blogg – [^<]+ \| Skinhamnen<\/title>/);
    expect(metaContent(html, "name", "description")).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/blog"/>`);
    expect(metaContent(html, "property", "og:url")).toBe(`${server.url}/blog`);
    expect(metaContent(html, "property", "og:type")).toBe("website");
    for (const post of BLOG_POST_SEEDS) expect(decode(html)).toContain(post.title);
    expect(html).toContain("Sök i bloggen...");
    expect(html).toContain("Populära artiklar");
    const graph = jsonLdBlocks(html)[0] as { "@graph": Array<{ "@type": string }> };
    expect(graph["@graph"].map((node) => node["@type"])).toContain("Blog");
  });

  it("filters by search and category from the URL, server-side", async () => {
    const html = decode(await (await fetch(`${server.url}/blog?q=FLOAT`)).text());
    const grid = html.slice(html.indexOf('data-testid="blog-grid"'), html.indexOf("Mer från bloggen"));
    expect(grid).toContain("Float-värden och slitage");
    expect(grid).not.toContain("Swish, bank eller krypto?");

    const news = decode(await (await fetch(`${server.url}/blog?kategori=News`)).text());
    const newsGrid = news.slice(news.indexOf('data-testid="blog-grid"'), news.indexOf("Mer från bloggen"));
    expect(newsGrid.match(/data-testid="blog-card"/g)).toHaveLength(1);
    expect(newsGrid).toContain("VIP-stegen");
  });

  it("shows the empty state when nothing matches", async () => {
    const html = await (await fetch(`${server.url}/blog?q=${encodeURIComponent("finns%inte")}`)).text();
    expect(html).toContain("Inga blogginlägg hittades");
    expect(html).toContain("Prova att ändra din sökning eller välja en annan kategori.");
  });
});

describe("/blog/:slug", () => {
  it("renders the post with its own metadata and article tags", async () => {
    const response = await fetch(`${server.url}/blog/${seed.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(decode(html)).toContain(`<title>${seed.meta_title}</title>`);
    expect(decode(metaContent(html, "name", "description") ?? "")).toBe(seed.meta_description);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/blog/${seed.slug}"/>`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:image")).toBe(`${server.url}${seed.featured_image_url}`);
    expect(decode(metaContent(html, "property", "og:image:alt") ?? "")).toBe(seed.alt_text);
    expect(metaContent(html, "property", "article:published_time")).toBe(seed.published_at.toISOString());
    expect(html.match(/property="article:tag"/g)).toHaveLength(seed.tags.length);
    expect(html).toContain("12 mars 2025");
    expect(decode(html)).toContain(`av ${seed.author_name}`);
    expect(html).toContain("<h2>1. Förbered ditt Steam-konto</h2>");
  });

  it("carries parseable Article JSON-LD pointing at the organisation", async () => {
    const html = await (await fetch(`${server.url}/blog/${seed.slug}`)).text();
    const graph = (jsonLdBlocks(html)[0] as { "@graph": Array<Record<string, unknown>> })["@graph"];
    const article = graph.find((node) => node["@type"] === "Article")!;
    expect(article).toMatchObject({
      headline: seed.title,
      image: [`${server.url}${seed.featured_image_url}`],
      datePublished: seed.published_at.toISOString(),
      // A team post: the author is the Organization itself.
      author: { "@type": "Organization", "@id": `${server.url}/#organization`, name: "Skinhamnen" },
      publisher: { "@id": `${server.url}/#organization` },
    });
    // The page shows and dates it by its publication until it is changed.
    expect(article.dateModified).toBe(seed.published_at.toISOString());
    expect(typeof article.dateModified).toBe("string");
    expect(graph.some((node) => node["@id"] === `${server.url}/#organization`)).toBe(true);
  });

  it("names a writer's post's author as a Person", async () => {
    const byPerson = BLOG_POST_SEEDS.find((post) => post.author_name && !post.author_name.startsWith("Skinhamnen"))!;
    const html = await (await fetch(`${server.url}/blog/${byPerson.slug}`)).text();
    const graph = (jsonLdBlocks(html)[0] as { "@graph": Array<Record<string, unknown>> })["@graph"];
    expect(graph.find((node) => node["@type"] === "Article")!.author).toEqual({ "@type": "Person", name: byPerson.author_name });
  });

  it("answers a missing post with HTTP 404 and 'Blogginlägg hittades inte'", async () => {
    const response = await fetch(`${server.url}/blog/finns-inte-alls`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Blogginlägg hittades inte");
    expect(html).toContain("Det blogginlägg du söker efter existerar inte eller har tagits bort.");
    expect(html).toContain('content="noindex, nofollow"');
  });
});

describe("/api/blog/:slug/view", () => {
  it("accepts a view with 204 and refuses GET", async () => {
    const posted = await fetch(`${server.url}/api/blog/${seed.slug}/view`, {
      method: "POST",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36" },
    });
    expect(posted.status).toBe(204);
    expect((await fetch(`${server.url}/api/blog/${seed.slug}/view`)).status).toBe(405);
  });
});

describe("/api/newsletter", () => {
  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { accept: "application/json", ...headers },
      body: new URLSearchParams(body),
    });

  it("answers JSON with the newsletter's Swedish texts", async () => {
    const ok = await post({ email: "http-test@example.se", source: "footer" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      ok: true,
      message: "Tack! Du har prenumererat på vårt nyhetsbrev.",
      hint: "Bekräfta prenumerationen via länken i mejlet vi skickade.",
    });

    const again = await post({ email: "HTTP-TEST@example.se", source: "blog" });
    expect(again.status).toBe(200);

    const bad = await post({ email: "utan-snabel-a" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, message: "Vänligen ange en giltig e-postadress." });
  });

  it("sends a plain form post back to its page with the outcome", async () => {
    const response = await post(
      { email: "form@example.se", source: "blog" },
      { accept: "text/html", "sec-fetch-mode": "navigate", referer: `${server.url}/blog?q=x` },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/blog?q=x&nyhetsbrev=ok&nyhetsbrev_form=blog#nyhetsbrev-blog");

    const foreign = await post(
      { email: "fel" },
      { accept: "text/html", "sec-fetch-mode": "navigate", referer: "https://evil.example/x" },
    );
    expect(foreign.headers.get("location")).toBe("/?nyhetsbrev=ogiltig&nyhetsbrev_form=footer#nyhetsbrev-footer");

    const page = await (await fetch(`${server.url}/?nyhetsbrev=ok&nyhetsbrev_form=footer`)).text();
    expect(page).toContain("Tack! Du har prenumererat på vårt nyhetsbrev.");
  });

  it("limits sign-ups per IP with a Swedish 429", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) last = await post({ email: `spam${i}@example.se` });
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toBeTruthy();
    expect((await last!.json()).message).toMatch(/^För många försök\./);
  });
});
