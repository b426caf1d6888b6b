/**
 * Blog display rules (docs/rules/blog.md): excerpts, reading time, category badge, image
 * fallback, Swedish dates, popular/latest selection, search and category filter.
 * Isomorphic: used by loaders, components and tests alike.
 */
import { BLOG, BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, type BlogCategory } from "~/modules/blog/blog-constants";
import { formatLongDate } from "~/lib/format";
import { MAX_PAGE, wholeBetween } from "~/lib/paging";

/** The fields the rules read; a database row or a seed satisfies it. */
export interface BlogPostLike {
  title: string;
  excerpt: string | null;
  content: string;
  categories: readonly string[];
  is_pinned: boolean;
  view_count: number;
  published_at: Date | string | null;
  created_at: Date | string;
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  aring: "å",
  auml: "ä",
  ouml: "ö",
  Aring: "Å",
  Auml: "Ä",
  Ouml: "Ö",
  eacute: "é",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity] ?? match;
  });
}

/** The readable text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const withoutHidden = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, " ");
  // Block-level boundaries become spaces so words of adjacent paragraphs do not merge.
  const withoutTags = withoutHidden.replace(/<!--[\s\S]*?-->/g, " ").replace(/<[^>]*>/g, " ");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

/** Cuts at `length` characters (whole code points) and adds an ellipsis when anything was cut. */
function truncate(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  return `${chars.slice(0, length).join("").trimEnd()}...`;
}

/** docs/rules/blog.md#excerpts: card excerpt cut at 120 characters with an ellipsis; a fixed text when there is none. */
export function cardExcerpt(excerpt: string | null | undefined): string {
  const text = excerpt?.trim();
  if (!text) return BLOG.cardExcerptFallback;
  return truncate(text, BLOG.cardExcerptLength);
}

/** docs/rules/blog.md#excerpts: the post page shows the excerpt, else the first 150 characters of the content's text plus an ellipsis. */
export function postExcerpt(post: Pick<BlogPostLike, "excerpt" | "content">): string {
  const text = post.excerpt?.trim();
  if (text) return text;
  const body = htmlToText(post.content);
  if (!body) return "";
  return `${Array.from(body).slice(0, BLOG.postExcerptLength).join("").trimEnd()}...`;
}

/** docs/rules/blog.md#reading-time: words / 200, rounded up, in minutes (at least one minute for any text). */
export function readingTimeMinutes(content: string): number {
  const text = htmlToText(content);
  const words = text ? text.split(" ").length : 0;
  return Math.max(1, Math.ceil(words / BLOG.wordsPerMinute));
}

// ---------------------------------------------------------------------------
// Categories and images
// ---------------------------------------------------------------------------

/**
 * Where a post has no category, the two surfaces differ (docs/rules/blog.md#category-badges): cards
 * (home and the /blog grid) say 'Artikel'; the post page's badge says 'Allmänt'.
 */
export type BadgeSurface = "card" | "post";

const NO_CATEGORY_LABEL: Record<BadgeSurface, string> = { card: "Artikel", post: "Allmänt" };

/** docs/rules/blog.md#category-badges: the badge from the first category. */
export function categoryBadge(categories: readonly string[], surface: BadgeSurface = "card"): string {
  const first = categories[0]?.trim();
  if (!first) return NO_CATEGORY_LABEL[surface];
  switch (first.toLowerCase()) {
    case "guide":
    case "guides":
      return "Guide";
    case "tips":
      return "Tips";
    case "news":
    case "nyheter":
      return "Nyheter";
    case "skins":
      return "Skins";
    default:
      return first;
  }
}

const BLOG_IMAGES = {
  default: "/images/blog/default.webp",
  guide: "/images/blog/guide.webp",
  tips: "/images/blog/tips.webp",
  skins: "/images/blog/skins.webp",
} as const;

/** docs/rules/blog.md#images: the image shown when the featured image fails to load, chosen by first category. */
export function fallbackImage(categories: readonly string[]): string {
  const first = categories[0]?.trim().toLowerCase() ?? "";
  if (first === "tips") return BLOG_IMAGES.tips;
  if (first === "skins") return BLOG_IMAGES.skins;
  return BLOG_IMAGES.guide;
}

const OWN_PICTURE = /^\/images\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/;

/**
 * docs/rules/blog.md#images: the `srcset` of a featured image. The site's own pictures
 * (/images/blog/{name}.webp) come with narrower copies ({name}-{width}.webp, made by
 * scripts/blog-image-variants.ts); any other address has none and is used as it is.
 */
export function blogImageSrcSet(url: string): string | undefined {
  const name = OWN_PICTURE.exec(url)?.[1];
  if (!name || /-\d+$/.test(name)) return undefined;
  const variants = BLOG.imageVariantWidths.map((width) => `/images/blog/${name}-${width}.webp ${width}w`);
  return [...variants, `${url} ${BLOG.imageWidth}w`].join(", ");
}

/** docs/rules/blog.md#images: the featured image, or the default stock image when a post has none. */
export function featuredImage(url: string | null | undefined): string {
  return url?.trim() || BLOG_IMAGES.default;
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------
/** The date a post shows: published_at, else created_at. */
export function postDate(post: Pick<BlogPostLike, "published_at" | "created_at">): Date {
  return new Date(post.published_at ?? post.created_at);
}


// ---------------------------------------------------------------------------
// Selection, search and filter
// ---------------------------------------------------------------------------

export type CategoryFilter = "all" | BlogCategory;

export const CATEGORY_FILTERS: ReadonlyArray<{ id: CategoryFilter; label: string }> = [
  { id: "all", label: "Alla" },
  ...BLOG_CATEGORIES.map((id) => ({ id, label: BLOG_CATEGORY_LABELS[id] })),
];

/** A category from the URL; anything unknown means all. */
export function parseCategory(value: string | null | undefined): CategoryFilter {
  return (BLOG_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as BlogCategory) : "all";
}

const SEARCH_MAX_LENGTH = 100;

/** The search text from the URL: trimmed and bounded. */
/** docs/rules/blog.md#pages: `?sida=` as a whole page number; anything else is the first page. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return wholeBetween(Number(value), 1, MAX_PAGE, 1);
}

export function parseSearch(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The blog list URL for a search and category (empty values are left out). */
export function blogListHref(search: string, category: CategoryFilter, page = 1): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set("q", search.trim());
  if (category !== "all") params.set("kategori", category);
  if (page > 1) params.set("sida", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

// ---------------------------------------------------------------------------
// Card model
// ---------------------------------------------------------------------------
export interface BlogCardData {
  slug: string;
  title: string;
  excerpt: string;
  badge: string;
  image: string;
  fallbackImage: string;
  imageAlt: string;
  date: string;
  dateIso: string;
  readingMinutes: number;
}

/** What a card shows, computed on the server so the list never ships full post bodies. */
export type BlogCardSource = Pick<BlogPostLike, "title" | "excerpt" | "categories" | "published_at" | "created_at"> & {
  slug: string;
  featured_image_url: string | null;
  alt_text: string | null;
  /** Stored when the post is written (docs/rules/blog.md#reading-time). */
  reading_minutes: number;
};

export function toCard(post: BlogCardSource): BlogCardData {
  const date = postDate(post);
  return {
    slug: post.slug,
    title: post.title,
    excerpt: cardExcerpt(post.excerpt),
    badge: categoryBadge(post.categories, "card"),
    image: featuredImage(post.featured_image_url),
    fallbackImage: fallbackImage(post.categories),
    imageAlt: post.alt_text?.trim() || post.title,
    date: formatLongDate(date),
    dateIso: date.toISOString(),
    readingMinutes: post.reading_minutes,
  };
}
