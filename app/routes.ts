import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every URL of the site, grouped by the area whose folder under app/routes/ holds its module
 * (docs/decisions/032-code-layout.md). A route module only guards, reads input, calls its
 * area's service and renders.
 */
export default [
  // The public site: home, guides, reviews, feeds for crawlers.
  index("routes/site/home.tsx"),
  route("salja-skins", "routes/site/salja-skins.tsx"),
  route("kop-skins", "routes/site/kop-skins.tsx"),
  route("kopa-skins", "routes/site/kopa-skins.tsx"),
  route("om-oss", "routes/site/om-oss.tsx"),
  route("omdomen", "routes/site/omdomen.tsx"),
  route("facebook-recensioner", "routes/site/facebook-recensioner.tsx"),
  route("success", "routes/site/success.tsx"),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  route("dev/mail", "routes/site/dev-mail.tsx"),

  // Support: FAQ, contact form, the Trade Protection guide.
  route("faq", "routes/support/faq.tsx"),
  route("kontakta-oss", "routes/support/kontakta-oss.tsx"),
  route("trade-protection", "routes/support/trade-protection.tsx"),

  // Legal pages, saved cookie choices as anonymous totals, and our own visitor statistics
  // (only with analytics consent).
  route("cookie-policy", "routes/legal/cookie-policy.tsx"),
  route("integritetspolicy", "routes/legal/integritetspolicy.tsx"),
  route("anvandarvillkor", "routes/legal/anvandarvillkor.tsx"),
  route("api/consent-choice", "routes/legal/consent-choice.ts"),
  route("api/visitor", "routes/legal/visitor.ts"),
  route("api/visitor-offline", "routes/legal/visitor-offline.ts"),

  // Accounts: sign-in and sign-up, Steam and Google, "Koppla Steam"
  // (docs/rules/selling.md#linking-steam).
  route("auth", "routes/accounts/auth.tsx"),
  route("auth/sign-out", "routes/accounts/sign-out.tsx"),
  route("email-confirmation", "routes/accounts/email-confirmation.tsx"),
  route("auth/steam", "routes/accounts/steam.ts"),
  route("auth/steam/callback", "routes/accounts/steam-callback.ts"),
  route("auth/steam/koppla", "routes/accounts/steam-link.ts"),
  route("auth/steam/koppla/callback", "routes/accounts/steam-link-callback.ts"),
  // Steam sign-in that only proves an id to value (docs/rules/selling.md#valuation-before-sign-up).
  route("auth/steam/vardering", "routes/selling/steam-valuation.ts"),
  route("auth/steam/vardering/callback", "routes/selling/steam-valuation-callback.ts"),
  route("auth/google", "routes/accounts/google.ts"),
  // Where a member lands after deleting the account (decision 049).
  route("konto-raderat", "routes/accounts/account-deleted.tsx"),

  // The member's own page.
  route("profile", "routes/profile/profile.tsx"),
  // Two-factor sign-in and step-up (decision 046).
  route("profile/tvastegsverifiering", "routes/profile/two-factor-setup.tsx"),
  route("profile/bekrafta", "routes/profile/step-up.tsx"),
  // The member's data archive (decision 048).
  route("profile/mina-uppgifter/:exportId", "routes/profile/data-export.ts"),

  // BankID: verifying a member and signing in (decision 044).
  route("api/bankid/start", "routes/identity/start.ts"),
  route("api/bankid/status", "routes/identity/status.ts"),
  route("api/bankid/cancel", "routes/identity/cancel.ts"),

  // Loyalty: the guides and the point shop.
  route("point-system", "routes/loyalty/point-system.tsx"),
  route("xp-system", "routes/loyalty/xp-system.tsx"),
  route("point-shop", "routes/loyalty/point-shop.tsx"),

  // Referral links, recorded once per visit.
  route("api/referral-visit", "routes/referrals/referral-visit.ts"),

  // Selling: the sell page, quotes and sell orders (docs/rules/selling.md#the-sell-page,
  // docs/rules/selling.md#member-pages).
  route("salja", "routes/selling/salja.tsx"),
  route("salja/vardering", "routes/selling/vardering.tsx"),
  route("prisbevakning", "routes/selling/prisbevakning.tsx"),
  route("prisbevakningar", "routes/selling/prisbevakningar.tsx"),
  route("salja/offert/:quoteId", "routes/selling/offert.tsx"),
  route("salja/prishistorik", "routes/selling/prishistorik.ts"),
  route("mina-affarer", "routes/selling/mina-affarer.tsx"),
  route("mina-affarer/:orderId", "routes/selling/order.tsx"),
  route("mina-affarer/arsbesked/:year/:format", "routes/selling/yearly-statement.ts"),
  route("mina-affarer/:orderId/avrakningsnota/:number", "routes/selling/order-document.ts"),

  // The blog and its feed.
  route("blog", "routes/blog/blog.tsx"),
  route("blog/rss.xml", "routes/blog/rss.ts"),
  route("blog/:slug", "routes/blog/post.tsx"),
  route("api/blog/:slug/view", "routes/blog/view.ts"),

  // The newsletter: sign-up, double opt-in (docs/rules/site.md#footer-newsletter) and one-click
  // unsubscribing (docs/rules/newsletter.md#unsubscribing).
  route("api/newsletter", "routes/newsletter/subscribe.ts"),
  route("api/swish/payouts/callback", "routes/selling/swish-payout-callback.ts"),
  route("nyhetsbrev/bekrafta", "routes/newsletter/confirm.tsx"),
  route("nyhetsbrev/avregistrera", "routes/newsletter/unsubscribe.tsx"),

  // The staff panel: one layout checks the role once; every tab checks its own
  // (docs/rules/admin.md#roles-and-tabs).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard/dashboard.tsx"),
    route("dashboard/utskick", "routes/admin/dashboard/failed-mail.tsx"),
    route("transactions", "routes/admin/transactions/transactions.tsx"),
    route("transactions/export.csv", "routes/admin/transactions/export.ts"),
    route("transactions/members", "routes/admin/transactions/members.ts"),
    route("transactions/prislista", "routes/admin/transactions/prislista.tsx"),
    route("transactions/saljordrar", "routes/admin/transactions/sell-orders.tsx"),
    route("transactions/saljordrar/:orderId", "routes/admin/transactions/sell-order.tsx"),
    route("transactions/saljordrar/:orderId/avrakningsnota/:number", "routes/admin/transactions/sell-order-document.ts"),
    route("transactions/utbetalningar", "routes/admin/transactions/payouts.tsx"),
    route("transactions/botar", "routes/admin/transactions/bots.tsx"),
    route("transactions/utbetalningar/bankfil/:batchId", "routes/admin/transactions/bank-file.ts"),
    route("transactions/bokforing.se", "routes/admin/transactions/bookkeeping-export.ts"),
    route("analytics", "routes/admin/analytics/analytics.tsx"),
    route("users", "routes/admin/users/users.tsx"),
    route("users/audit", "routes/admin/users/audit.tsx"),
    route("users/audit/export.csv", "routes/admin/users/audit-export.ts"),
    route("users/:userId", "routes/admin/users/member.tsx"),
    route("blog", "routes/admin/blog/posts.tsx"),
    route("blog/slug", "routes/admin/blog/slug.ts"),
    route("blog/bild", "routes/admin/blog/image.ts"),
    route("blog/:postId", "routes/admin/blog/post.tsx"),
    route("blog/:postId/spara", "routes/admin/blog/save.ts"),
    route("seo", "routes/admin/seo/seo.tsx"),
    route("seo/omdomen", "routes/admin/seo/reviews.tsx"),
    route("newsletter", "routes/admin/newsletter/subscribers.tsx"),
    route("newsletter/export.csv", "routes/admin/newsletter/export.ts"),
    route("newsletter/lansering", "routes/admin/newsletter/lansering.tsx"),
    route("newsletter/lansering/export.csv", "routes/admin/newsletter/lansering-export.ts"),
    route("newsletter/kampanjer", "routes/admin/newsletter/campaigns.tsx"),
    route("newsletter/kampanjer/ny", "routes/admin/newsletter/campaign-new.tsx"),
    route("newsletter/kampanjer/:campaignId", "routes/admin/newsletter/campaign.tsx"),
    route("ltv", "routes/admin/ltv/ltv.tsx"),
    route("ltv/export.csv", "routes/admin/ltv/export.ts"),
    route("referrals", "routes/admin/referrals/referrals.tsx"),
    route("referrals/export.csv", "routes/admin/referrals/export.ts"),
    route("influencers", "routes/admin/influencers/influencers.tsx"),
    route("influencers/:influencerId", "routes/admin/influencers/influencer.tsx"),
    route("influencers/:influencerId/commission.csv", "routes/admin/influencers/commission.ts"),
    route("point-shop", "routes/admin/point-shop/items.tsx"),
    route("point-shop/items/:itemId", "routes/admin/point-shop/item.tsx"),
    route("point-shop/image", "routes/admin/point-shop/image.ts"),
    route("point-shop/giveaways", "routes/admin/point-shop/giveaways.tsx"),
  ]),
  route("admin/sign-out", "routes/admin/sign-out.ts"),
  // A post as its public page, for staff only and never indexed (docs/rules/blog.md#preview).
  route("admin/blog/:postId/forhandsgranska", "routes/admin/blog/preview.tsx"),

  // Anything else: the not-found page, answered with HTTP 404.
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
