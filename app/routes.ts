import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  // Blog, feeds and newsletter.
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog.rss.ts"),
  route("blog/:slug", "routes/blog.post.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/blog/:slug/view", "routes/api.blog-view.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
