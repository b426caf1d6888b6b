/** The blog's numbers, categories and statuses (docs/rules/blog.md). Isomorphic. */

export const BLOG_CATEGORIES = ["Trading", "Market", "Guides", "News"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  Trading: "Trading",
  Market: "Marknadsanalyser",
  Guides: "Guider",
  News: "Nyheter",
};
export const BLOG_POST_STATUSES = ["draft", "published", "archived"] as const;
/** What made a revision (docs/rules/blog.md#revisions). */
export const BLOG_REVISION_KINDS = ["save", "autosave", "restore"] as const;
export type BlogRevisionKind = (typeof BLOG_REVISION_KINDS)[number];

export const BLOG = {
  homePostCount: 3,
  cardExcerptLength: 120,
  cardExcerptFallback: "Läs mer om denna artikel...",
  postExcerptLength: 150,
  popularMinViews: 100,
  popularCount: 3,
  latestCount: 3,
  /** Cards per page of /blog (docs/rules/blog.md#pages). */
  pageSize: 12,
  wordsPerMinute: 200,
  imageWidth: 1200,
  imageHeight: 630,
  /**
   * The narrower copies of a featured image a browser may pick (`srcset`, docs/rules/blog.md#images):
   * a card is at most ~400 px wide, a sidebar thumbnail 80 px; the full 1200 px stays for the post.
   */
  imageVariantWidths: [320, 640, 960] as const,
  viewDedupeMinutes: 30,
} as const;

/** The staff editor (docs/rules/blog.md#editing). */
export const BLOG_EDITOR = {
  titleMax: 200,
  excerptMax: 300,
  /** Stored HTML; a save must also fit the 64 KB body limit (docs/rules/http.md#body-limit). */
  contentMax: 50_000,
  metaTitleMax: 70,
  metaDescriptionMax: 160,
  urlMax: 2_048,
  altTextMax: 200,
  seoScriptMax: 10_000,
  tagMax: 40,
  tagsMax: 20,
  /** Saves kept per post. */
  revisionsKept: 20,
  /** Autosave runs this long after the last change. */
  autosaveMs: 5_000,
  /** The slug check waits this long after the last keystroke. */
  slugCheckMs: 400,
  /** Posts per page of the Blog tab. */
  pageSize: 25,
} as const;
/** The featured image's one variant: 1200 × 630 (docs/rules/blog.md#images). */
export const BLOG_IMAGE_WIDTH = 1200;

/** Blog view beacons counted per client IP and hour (anti-inflation). */
export const BLOG_VIEW_RATE_LIMIT = { scope: "blog-view", limit: 60, windowMs: 60 * 60_000 } as const;
