/** The SEO Dashboard's limits (docs/rules/admin.md#seo-dashboard). Isomorphic. */

/**
 * The SEO Dashboard's limits (docs/rules/admin.md#seo-dashboard). Lengths are characters (whole
 * code points), as a search engine's snippet of about 600 px holds roughly that many.
 */
export const SEO = {
  titleMin: 30,
  titleMax: 60,
  descriptionMin: 70,
  descriptionMax: 160,
  slugMax: 60,
  minWords: 300,
  minInternalLinks: 1,
  imageMinWidth: 1200,
  /** A featured image larger than this slows the page. */
  imageMaxBytes: 300 * 1024,
  /** Posts the tab checks at most (newest changed first): bodies are read in batches of `batchSize`. */
  maxPosts: 500,
  batchSize: 50,
  pageSize: 20,
  topCount: 5,
  /** How long an instance reuses its read of the public pages, sitemap, RSS and robots.txt. */
  siteChecksTtlMs: 60_000,
} as const;
