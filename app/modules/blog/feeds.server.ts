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

const PICTURE_TYPES: Readonly<Record<string, string>> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
  gif: "image/gif",
};

function pictureType(path: string): string | undefined {
  return PICTURE_TYPES[/\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ""];
}

/**
 * docs/rules/blog.md#feeds-and-sitemap: newest first by their date, whatever is pinned. `sizes`
 * holds the byte size of each featured picture by its path; a picture without one gets no
 * enclosure (RSS requires the real length, and a guessed one is wrong).
 */
export function rssFeed(
  site: { publicUrl: string; siteName: string },
  posts: ReadonlyArray<Pick<BlogPostRow, "slug" | "title" | "excerpt" | "categories" | "author_name" | "published_at" | "created_at" | "featured_image_url">>,
  sizes: ReadonlyMap<string, number> = new Map(),
): string {
  const blogUrl = absoluteUrl(site.publicUrl, "/blog");
  const selfUrl = absoluteUrl(site.publicUrl, "/blog/rss.xml");
  const newest = posts.reduce<Date | null>((latest, post) => {
    const date = postDate(post);
    return !latest || date > latest ? date : latest;
  }, null);
  const ordered = [...posts].sort((a, b) => postDate(b).getTime() - postDate(a).getTime());
  const items = ordered.map((post) => {
    const link = postUrl(site.publicUrl, post.slug);
    const picture = featuredImage(post.featured_image_url);
    const bytes = sizes.get(picture);
    const type = pictureType(picture);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${postDate(post).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(cardExcerpt(post.excerpt))}</description>`,
      ...(post.author_name ? [`      <dc:creator>${escapeXml(post.author_name)}</dc:creator>`] : []),
      ...post.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
      ...(bytes !== undefined && type
        ? [`      <enclosure url="${escapeXml(absoluteUrl(site.publicUrl, picture))}" type="${type}" length="${bytes}"/>`]
        : []),
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
