/**
 * Every public, indexable static page (docs/rules/site.md#pages), in one list: the sitemap reads it
 * (blog posts are added from the database). Auth, profile, admin, success and the API are not here
 * on purpose — robots.txt keeps crawlers out of them. The point shop's catalogue is public
 * (visitors may see it), so it is listed; buying needs an account.
 */
export interface PublicPage {
  path: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: "/", changefreq: "daily", priority: 1.0 },
  { path: "/salja-skins", changefreq: "weekly", priority: 0.9 },
  { path: "/kop-skins", changefreq: "weekly", priority: 0.8 },
  { path: "/om-oss", changefreq: "monthly", priority: 0.6 },
  { path: "/blog", changefreq: "daily", priority: 0.8 },
  { path: "/faq", changefreq: "monthly", priority: 0.7 },
  { path: "/omdomen", changefreq: "weekly", priority: 0.6 },
  { path: "/kontakta-oss", changefreq: "monthly", priority: 0.6 },
  { path: "/point-system", changefreq: "monthly", priority: 0.5 },
  { path: "/xp-system", changefreq: "monthly", priority: 0.5 },
  { path: "/point-shop", changefreq: "weekly", priority: 0.6 },
  { path: "/cookie-policy", changefreq: "yearly", priority: 0.3 },
  { path: "/integritetspolicy", changefreq: "yearly", priority: 0.3 },
  { path: "/anvandarvillkor", changefreq: "yearly", priority: 0.3 },
  { path: "/trade-protection", changefreq: "monthly", priority: 0.5 },
];

/** Paths crawlers must stay out of (robots.txt). */
export const DISALLOWED_PATHS = ["/admin", "/profile", "/auth", "/success", "/api/", "/dev/"] as const;
