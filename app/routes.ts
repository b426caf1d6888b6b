import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  // Marketing pages
  route("salja-skins", "routes/salja-skins.tsx"),
  route("kop-skins", "routes/kop-skins.tsx"),
  route("kopa-skins", "routes/kopa-skins.tsx"),
  route("om-oss", "routes/om-oss.tsx"),
  route("omdomen", "routes/omdomen.tsx"),
  route("facebook-recensioner", "routes/facebook-recensioner.tsx"),
  route("point-system", "routes/point-system.tsx"),
  route("xp-system", "routes/xp-system.tsx"),
  route("point-shop", "routes/point-shop.tsx"),
  route("success", "routes/success.tsx"),
  // Blog, feeds and newsletter.
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog.rss.ts"),
  route("blog/:slug", "routes/blog.post.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/blog/:slug/view", "routes/api.blog-view.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  // Social sign-in and the profile.
  route("auth/steam", "routes/auth.steam.ts"),
  route("auth/steam/callback", "routes/auth.steam.callback.ts"),
  route("auth/google", "routes/auth.google.ts"),
  route("profile", "routes/profile.tsx"),
  // Accounts.
  route("auth", "routes/auth.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("email-confirmation", "routes/email-confirmation.tsx"),
  // Support and legal pages
  route("faq", "routes/faq.tsx"),
  route("kontakta-oss", "routes/kontakta-oss.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("integritetspolicy", "routes/integritetspolicy.tsx"),
  route("anvandarvillkor", "routes/anvandarvillkor.tsx"),
  route("trade-protection", "routes/trade-protection.tsx"),
  // The staff panel: one layout checks the role once; every tab checks its own (docs/rules/admin.md#roles-and-tabs).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("dashboard", "routes/admin.dashboard.tsx"),
    route("transactions", "routes/admin.transactions.tsx"),
    route("transactions/export.csv", "routes/admin.transactions.export.ts"),
    route("transactions/members", "routes/admin.transactions.members.ts"),
    route("analytics", "routes/admin.analytics.tsx"),
    route("users", "routes/admin.users.tsx"),
    route("users/audit", "routes/admin.users.audit.tsx"),
    route("users/audit/export.csv", "routes/admin.users.audit.export.ts"),
    route("users/:userId", "routes/admin.users.member.tsx"),
    route("blog", "routes/admin.blog.tsx"),
    route("seo", "routes/admin.seo.tsx"),
    route("newsletter", "routes/admin.newsletter.tsx"),
    route("ltv", "routes/admin.ltv.tsx"),
    route("referrals", "routes/admin.referrals.tsx"),
    route("influencers", "routes/admin.influencers.tsx"),
    route("point-shop", "routes/admin.point-shop.tsx"),
  ]),
  route("admin/sign-out", "routes/admin.sign-out.ts"),
  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
