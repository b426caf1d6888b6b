/**
 * The blog's machine-readable documents: the RSS 2.0 feed, the sitemap and robots.txt.
 * Absolute links come from PUBLIC_URL.
 */
import { absoluteUrl } from "~/lib/seo";
import { DISALLOWED_PATHS, PUBLIC_PAGES } from "~/lib/public-pages";
import { escapeXml } from "~/lib/xml";
import { cardExcerpt, featuredImage, postDate } from "./blog";
import type { BlogPostRow } from "./blog.server";

function postUrl(publicUrl: string, slug: string): string {
  return absoluteUrl(publicUrl, `/blog/${encodeURIComponent(slug)}`);
}

export function rssFeed(
  site: { publicUrl: string; siteName: string },
  posts: ReadonlyArray<Pick<BlogPostRow, "slug" | "title" | "excerpt" | "categories" | "author_name" | "published_at" | "created_at" | "featured_image_url">>,
): string {
  const blogUrl = absoluteUrl(site.publicUrl, "/blog");
  const selfUrl = absoluteUrl(site.publicUrl, "/blog/rss.xml");
  const newest = posts.reduce<Date | null>((latest, post) => {
    const date = postDate(post);
    return !latest || date > latest ? date : latest;
  }, null);
  const items = posts.map((post) => {
    const link = postUrl(site.publicUrl, post.slug);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${postDate(post).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(cardExcerpt(post.excerpt))}</description>`,
      ...(post.author_name ? [`      <dc:creator>${escapeXml(post.author_name)}</dc:creator>`] : []),
      ...post.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      `      <enclosure url="${escapeXml(absoluteUrl(site.publicUrl, featuredImage(post.featured_image_url)))}" type="image/webp" length="0"/>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${site.siteName} – Blogg`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(`Guider, marknadsanalyser och nyheter om CS2-skins från ${site.siteName}.`)}</description>`,
    "    <language>sv-SE</language>",
    `    <atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function sitemap(publicUrl: string, posts: ReadonlyArray<{ slug: string; updated_at: Date }>): string {
  const pages = PUBLIC_PAGES.map((page) =>
    [
      "  <url>",
      `    <loc>${escapeXml(absoluteUrl(publicUrl, page.path))}</loc>`,
      `    <changefreq>${page.changefreq}</changefreq>`,
      `    <priority>${page.priority.toFixed(1)}</priority>`,
      "  </url>",
    ].join("\n"),
  );
  const articles = posts.map((post) =>
    [
      "  <url>",
      `    <loc>${escapeXml(postUrl(publicUrl, post.slug))}</loc>`,
      `    <lastmod>${new Date(post.updated_at).toISOString()}</lastmod>`,
      "    <changefreq>monthly</changefreq>",
      "    <priority>0.7</priority>",
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages,
    ...articles,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
