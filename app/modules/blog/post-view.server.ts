/**
 * What the post page shows of a post (docs/rules/blog.md#post-page), computed on the server:
 * the public page and the staff preview render the same view, so a preview is exactly the page.
 */
import { config } from "~/platform/config.server";
import { formatLongDate } from "~/lib/format";
import { categoryBadge, fallbackImage, featuredImage, postDate, postExcerpt } from "./blog";
import type { BlogPostRow } from "./blog.server";
import { parseSeoScript, sanitizeBlogHtml } from "./sanitize.server";

export type PostViewSource = Pick<
  BlogPostRow,
  | "slug"
  | "title"
  | "excerpt"
  | "content"
  | "categories"
  | "tags"
  | "author_name"
  | "published_at"
  | "created_at"
  | "updated_at"
  | "reading_minutes"
  | "view_count"
  | "featured_image_url"
  | "alt_text"
  | "meta_title"
  | "meta_description"
  | "canonical_url"
  | "seo_script"
>;

/** Only absolute http(s) URLs are used as a post's own canonical URL. */
function canonicalOverride(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A post by the team rather than a person (docs/rules/blog.md#feeds-and-sitemap): no author, or one
 * named after the site ("Skinhamnen-teamet"). Its JSON-LD author is the Organization.
 */
function isTeamAuthor(authorName: string | null, siteName: string): boolean {
  const name = authorName?.trim().toLocaleLowerCase("sv-SE") ?? "";
  return name === "" || name.startsWith(siteName.trim().toLocaleLowerCase("sv-SE"));
}

export function postView(post: PostViewSource) {
  const published = postDate(post);
  return {
    slug: post.slug,
    title: post.title,
    excerpt: postExcerpt(post),
    // Sanitised again on render, whatever the admin stored (docs/rules/blog.md#sanitising).
    html: sanitizeBlogHtml(post.content),
    badge: categoryBadge(post.categories, "post"),
    categories: post.categories,
    tags: post.tags,
    author: post.author_name?.trim() || config().SITE_NAME,
    authorIsTeam: isTeamAuthor(post.author_name, config().SITE_NAME),
    date: formatLongDate(published),
    dateIso: published.toISOString(),
    modifiedIso: new Date(post.updated_at).toISOString(),
    readingMinutes: post.reading_minutes,
    views: post.view_count,
    image: featuredImage(post.featured_image_url),
    fallbackImage: fallbackImage(post.categories),
    imageAlt: post.alt_text?.trim() || post.title,
    metaTitle: post.meta_title?.trim() || post.title,
    metaDescription: post.meta_description?.trim() || postExcerpt(post),
    canonicalUrl: canonicalOverride(post.canonical_url),
    seoJsonLd: parseSeoScript(post.seo_script),
  };
}

export type PostView = ReturnType<typeof postView>;
