/** `<link rel="alternate">` for the blog's RSS feed, on every blog page. */
export const RSS_LINK = {
  rel: "alternate",
  type: "application/rss+xml",
  title: "Bloggens RSS-flöde",
  href: "/blog/rss.xml",
} as const;
