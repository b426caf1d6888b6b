/**
 * Counts a post's view with a separate request, so it counts even when the HTML came from a
 * cache (docs/rules/blog.md). Browser side; sent once per page load by the enhancement module,
 * the only script a post page runs (docs/decisions/042).
 */
export const BLOG_VIEW_ATTRIBUTE = "data-blog-view";

export function recordBlogView(slug: string): void {
  const url = `/api/blog/${encodeURIComponent(slug)}/view`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  void fetch(url, { method: "POST", keepalive: true }).catch(() => {});
}
