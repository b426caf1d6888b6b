/**
 * The authorization matrix (docs/rules/admin.md#roles-and-tabs): every route of the production
 * build, its loader and its action, with what each kind of visitor gets — anonymous, a
 * member, and staff with the blog, seo or admin role. The routes are read from the build's
 * manifest, so a route nobody listed here fails the test until it is added with its rules.
 *
 * A page's loader is asked twice: as a page (all loaders of the URL) and as a data request
 * for that route alone (`?_routes=`), the way a browser navigation can run one loader
 * without its parents — so a tab that forgot its own guard cannot hide behind its layout's.
 * Actions are sent an empty form: whoever may use one gets past the guard to the form's own
 * 400 (or its answer), whoever may not gets 401/403 or the sign-in redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import type { Role as StaffRole } from "~/modules/accounts/accounts-constants";
import { ADMIN_TABS, canOpenTab, firstTab, type AdminTabId } from "~/modules/admin/admin-tabs";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, signInCookie, makeStaff } from "./test-members";

const ROLES = ["anonymous", "member", "blog", "seo", "admin"] as const;
type Who = (typeof ROLES)[number];

/**
 * `ok` 2xx · `redirect` elsewhere than sign-in · `signin` to /auth (with redirectTo) ·
 * `400` bad input (a link without its token) · `401` / `403` refused · `404` not found · `405` a route that only takes posts · `passes` an
 * action that got past its guard (any answer but 401/403/404/405, a sign-in redirect or a 5xx).
 */
type Outcome = "ok" | "redirect" | "signin" | "400" | "401" | "403" | "404" | "405" | "passes";
type ByWho = Record<Who, Outcome>;

interface RouteAccess {
  /** A concrete path for a route with parameters. */
  path?: string;
  /** GET of the page or resource. */
  get: ByWho;
  /** The route's own loader alone, as a data request; defaults to `get`. */
  data?: ByWho;
  /** POST of an empty form to the route's action. */
  action?: ByWho;
  /** Posting the action ends the poster's sessions (they sign in again after). */
  endsSession?: boolean;
}

const everyone = (outcome: Outcome): ByWho => ({ anonymous: outcome, member: outcome, blog: outcome, seo: outcome, admin: outcome });
const signedInOnly: ByWho = { anonymous: "signin", member: "ok", blog: "ok", seo: "ok", admin: "ok" };
const signedOutOnly: ByWho = { anonymous: "ok", member: "redirect", blog: "redirect", seo: "redirect", admin: "redirect" };

/** A staff-panel route of `tab`: 401 signed out, 403 without a role that opens the tab (ADMIN_TABS). */
function staffTab(tab: AdminTabId, allowed: Outcome = "ok"): ByWho {
  const roles = ADMIN_TABS.find((entry) => entry.id === tab)!.roles;
  const outcome = (role: StaffRole): Outcome => (canOpenTab([role], { roles }) ? allowed : "403");
  return { anonymous: "401", member: "403", blog: outcome("blog"), seo: outcome("seo"), admin: outcome("admin") };
}

/** Any staff role; members are refused. */
const staffOnly = (allowed: Outcome): ByWho => ({ anonymous: "401", member: "403", blog: allowed, seo: allowed, admin: allowed });

/** Each tab's own route module under app/routes/admin/<tab>/ (most are named after the tab). */
const TAB_ROUTE_FILES: Partial<Record<AdminTabId, string>> = { blog: "posts", newsletter: "subscribers", "point-shop": "items" };

const tabRoutes = Object.fromEntries(
  ADMIN_TABS.map((tab) => [
    `routes/admin/${tab.id}/${TAB_ROUTE_FILES[tab.id] ?? tab.id}`,
    tab.id === "transactions" || tab.id === "point-shop" || tab.id === "dashboard" || tab.id === "influencers" || tab.id === "referrals"
      ? { get: staffTab(tab.id), action: staffTab(tab.id, "passes") }
      : { get: staffTab(tab.id) },
  ]),
) satisfies Record<string, RouteAccess>;

/** Every route of the app, by route id. A new route is added here with its rules. */
const ACCESS: Record<string, RouteAccess> = {
  // Public pages and feeds.
  "routes/site/home": { get: everyone("ok") },
  "routes/site/salja-skins": { get: everyone("ok") },
  "routes/site/kop-skins": { get: everyone("ok"), action: everyone("passes") },
  "routes/site/kopa-skins": { get: everyone("redirect") },
  "routes/site/om-oss": { get: everyone("ok") },
  "routes/site/omdomen": { get: everyone("ok") },
  "routes/site/facebook-recensioner": { get: everyone("redirect") },
  "routes/loyalty/point-system": { get: everyone("ok") },
  "routes/loyalty/xp-system": { get: everyone("ok") },
  "routes/site/success": { get: everyone("ok") },
  "routes/blog/blog": { get: everyone("ok") },
  "routes/blog/rss": { get: everyone("ok") },
  "routes/blog/post": { path: "/blog/finns-inte", get: everyone("404") },
  "routes/site/sitemap": { get: everyone("ok") },
  "routes/site/robots": { get: everyone("ok") },
  "routes/support/faq": { get: everyone("ok") },
  "routes/support/kontakta-oss": { get: everyone("ok"), action: everyone("passes") },
  "routes/legal/cookie-policy": { get: everyone("ok") },
  "routes/legal/integritetspolicy": { get: everyone("ok") },
  "routes/legal/anvandarvillkor": { get: everyone("ok") },
  "routes/support/trade-protection": { get: everyone("ok") },
  "routes/site/not-found": { path: "/finns-inte/alls", get: everyone("404") },
  // The local outbox: on the embedded default to this machine (every request here is local); with
  // DATABASE_URL the production build answers 404.
  "routes/site/dev-mail": { get: everyone(process.env.DATABASE_URL ? "404" : "ok") },
  // Public endpoints.
  "routes/blog/view": { path: "/api/blog/finns-inte/view", get: everyone("405"), action: everyone("passes") },
  "routes/newsletter/subscribe": { get: everyone("405"), action: everyone("passes") },
  // Decision 051: Swish's callback exists only with Swish payouts configured and the secret in its URL.
  "routes/selling/swish-payout-callback": { get: everyone("405"), action: everyone("404") },
  // BankID (decision 044): anyone may start a sign-in, a verification needs the member (401
  // signed out, checked after the body names its purpose); an empty body is a Swedish 400 for all.
  "routes/identity/start": { get: everyone("405"), action: everyone("passes") },
  "routes/identity/status": { get: everyone("405"), action: everyone("passes") },
  "routes/identity/cancel": { get: everyone("405"), action: everyone("passes") },
  // The newsletter's confirmation page (docs/rules/site.md#footer-newsletter): anyone with the mailed link.
  "routes/newsletter/confirm": { get: everyone("ok"), action: everyone("passes") },
  // One-click unsubscribing needs no sign-in: without a valid token it is a Swedish 400 (docs/rules/newsletter.md#unsubscribing).
  "routes/newsletter/unsubscribe": { get: everyone("400"), action: everyone("passes") },
  // Visitor statistics and consent totals (docs/rules/privacy.md#visitor-tracking): anyone may report.
  "routes/legal/visitor": { get: everyone("405"), action: everyone("passes") },
  "routes/legal/visitor-offline": { get: everyone("405"), action: everyone("passes") },
  "routes/legal/consent-choice": { get: everyone("405"), action: everyone("passes") },
  // Influencer links (docs/rules/loyalty.md#influencer-links): anyone may report a visit.
  "routes/referrals/referral-visit": { get: everyone("405"), action: everyone("passes") },
  // Accounts.
  "routes/accounts/auth": { get: signedOutOnly, action: everyone("passes") },
  "routes/accounts/sign-out": { get: everyone("redirect"), action: everyone("passes"), endsSession: true },
  "routes/accounts/email-confirmation": { get: everyone("ok"), action: everyone("passes") },
  "routes/accounts/account-deleted": { get: everyone("ok") },
  "routes/accounts/steam": { get: everyone("redirect") },
  "routes/accounts/steam-callback": { get: everyone("redirect") },
  "routes/selling/steam-valuation": { get: everyone("redirect") },
  "routes/selling/steam-valuation-callback": { get: everyone("redirect") },
  "routes/selling/vardering": { get: everyone("ok"), action: everyone("400") },
  "routes/selling/prisbevakning": { get: everyone("400"), action: everyone("400") },
  "routes/selling/prisbevakningar": { get: signedInOnly, action: { ...everyone("400"), anonymous: "signin" } },
  // Google sign-in is off unless configured (as here).
  "routes/accounts/google": { get: everyone("404") },
  // The catalogue is public; buying needs an account (a visitor is sent to /auth and back).
  "routes/loyalty/point-shop": { get: everyone("ok"), action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  "routes/admin/transactions/prislista": { get: staffTab("transactions"), action: staffTab("transactions", "passes") },
  // The sell flow: members only; a quote only for its owner (anyone else's or an unknown id: 404).
  "routes/selling/salja": { get: everyone("ok"), action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  "routes/selling/prishistorik": { path: "/salja/prishistorik?namn=AK-47", get: signedInOnly },
  "routes/selling/offert": {
    path: "/salja/offert/00000000-0000-4000-8000-000000000000",
    get: { anonymous: "signin", member: "404", blog: "404", seo: "404", admin: "404" },
  },
  // "Koppla Steam": members go to Steam; the callback without its flow cookie back to /profile.
  "routes/accounts/steam-link": { get: { ...everyone("redirect"), anonymous: "signin" } },
  "routes/accounts/steam-link-callback": { get: { ...everyone("redirect"), anonymous: "signin" } },
  "routes/profile/profile": { get: signedInOnly, action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  // Two-factor setup and step-up (decision 046): any signed-in account, for itself.
  "routes/profile/two-factor-setup": { get: signedInOnly, action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  "routes/profile/step-up": { get: signedInOnly, action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  // A data archive (decision 048): its owner's only; anyone else's (or none) is a 404.
  "routes/profile/data-export": {
    path: "/profile/mina-uppgifter/00000000-0000-4000-8000-000000000000",
    get: { anonymous: "signin", member: "404", blog: "404", seo: "404", admin: "404" },
  },
  // Sell orders (docs/rules/selling.md#member-pages): the member's own; another's (or none) is a 404.
  "routes/selling/mina-affarer": { get: signedInOnly, action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" } },
  "routes/selling/order": {
    path: "/mina-affarer/00000000-0000-4000-8000-000000000000",
    get: { anonymous: "signin", member: "404", blog: "404", seo: "404", admin: "404" },
    action: { ...signedInOnly, member: "passes", blog: "passes", seo: "passes", admin: "passes" },
  },
  // The member's yearly statement (decision 047): their own sales only, for any signed-in member.
  "routes/selling/yearly-statement": { path: "/mina-affarer/arsbesked/2026/csv", get: signedInOnly },
  // A paid order's purchase document (decision 047): the owner's only; anyone else's (or none) is a 404.
  "routes/selling/order-document": {
    path: "/mina-affarer/00000000-0000-4000-8000-000000000000/avrakningsnota/1",
    get: { anonymous: "signin", member: "404", blog: "404", seo: "404", admin: "404" },
  },
  // The staff panel (docs/rules/admin.md#roles-and-tabs): the layout lets any staff role in; each tab checks its own.
  "routes/admin/layout": { get: staffOnly("redirect"), data: staffOnly("ok") },
  "routes/admin/index": { get: staffOnly("redirect") },
  ...tabRoutes,
  "routes/admin/transactions/export": { get: staffTab("transactions") },
  "routes/admin/transactions/members": { get: staffTab("transactions") },
  // Sell orders and the payout queue under Transactions (docs/rules/selling.md#staff-pages): admin only.
  "routes/admin/transactions/sell-orders": { get: staffTab("transactions") },
  "routes/admin/transactions/sell-order": {
    path: "/admin/transactions/saljordrar/00000000-0000-4000-8000-000000000000",
    get: { ...staffTab("transactions"), admin: "404" },
    action: staffTab("transactions", "passes"),
  },
  "routes/admin/transactions/payouts": { get: staffTab("transactions"), action: staffTab("transactions", "passes") },
  "routes/admin/transactions/bots": { get: staffTab("transactions"), action: staffTab("transactions", "passes") },
  "routes/admin/transactions/bank-file": {
    path: "/admin/transactions/utbetalningar/bankfil/00000000-0000-4000-8000-000000000000",
    get: { ...staffTab("transactions"), admin: "404" },
  },
  "routes/admin/transactions/bookkeeping-export": { path: "/admin/transactions/bokforing.se?from=2026-01-01&to=2026-12-31", get: staffTab("transactions") },
  "routes/admin/transactions/sell-order-document": {
    path: "/admin/transactions/saljordrar/00000000-0000-4000-8000-000000000000/avrakningsnota/1",
    get: { ...staffTab("transactions"), admin: "404" },
  },
  "routes/admin/point-shop/item": {
    path: "/admin/point-shop/items/new",
    get: staffTab("point-shop"),
    action: staffTab("point-shop", "passes"),
  },
  // The review sources the public pages show (docs/decisions/055-site-figures.md): admins only, not the seo role.
  "routes/admin/seo/reviews": {
    path: "/admin/seo/omdomen",
    get: { anonymous: "401", member: "403", blog: "403", seo: "403", admin: "ok" },
    action: { anonymous: "401", member: "403", blog: "403", seo: "403", admin: "passes" },
  },
  "routes/admin/point-shop/image": { get: staffTab("point-shop", "405"), action: staffTab("point-shop", "passes") },
  "routes/admin/point-shop/giveaways": { get: staffTab("point-shop"), action: staffTab("point-shop", "passes") },
  "routes/admin/ltv/export": { get: staffTab("ltv") },
  // An influencer's page (with its actions) and its commission CSV (docs/rules/admin.md#influencers).
  "routes/admin/influencers/influencer": {
    path: "/admin/influencers/00000000-0000-4000-8000-000000000000",
    get: { ...staffTab("influencers"), admin: "404" },
    action: staffTab("influencers", "passes"),
  },
  "routes/admin/influencers/commission": {
    path: "/admin/influencers/00000000-0000-4000-8000-000000000000/commission.csv",
    get: { ...staffTab("influencers"), admin: "404" },
  },
  "routes/admin/referrals/export": { get: staffTab("referrals") },
  // The Newsletter tab's export, launch list and its export (docs/rules/admin.md#newsletter).
  "routes/admin/newsletter/export": { get: staffTab("newsletter") },
  "routes/admin/newsletter/lansering": { get: staffTab("newsletter") },
  "routes/admin/newsletter/lansering-export": { get: staffTab("newsletter") },
  // Newsletter campaigns (docs/rules/newsletter.md#campaigns): admin only, like the tab.
  "routes/admin/newsletter/campaigns": { get: staffTab("newsletter") },
  "routes/admin/newsletter/campaign-new": { get: staffTab("newsletter"), action: staffTab("newsletter", "passes") },
  "routes/admin/newsletter/campaign": {
    path: "/admin/newsletter/kampanjer/00000000-0000-4000-8000-000000000000",
    get: { ...staffTab("newsletter"), admin: "404" },
    action: staffTab("newsletter", "passes"),
  },
  // The Users tab's member page (with its actions), audit view and audit export (docs/rules/admin.md#users).
  "routes/admin/users/member": {
    path: "/admin/users/00000000-0000-4000-8000-000000000000",
    get: { ...staffTab("users"), admin: "404" },
    action: staffTab("users", "passes"),
  },
  "routes/admin/users/audit": { get: staffTab("users") },
  // "Misslyckade utskick" under the dashboard (docs/decisions/034-mail-queue.md): admins only, the retry too.
  "routes/admin/dashboard/failed-mail": { get: staffTab("dashboard"), action: staffTab("dashboard", "passes") },
  "routes/admin/users/audit-export": { get: staffTab("users") },
  "routes/admin/sign-out": { get: everyone("redirect"), action: staffOnly("redirect"), endsSession: true },
  // The Blog tab (docs/rules/blog.md#roles): seo sees it but cannot create a post or upload its image.
  "routes/admin/blog/post": { path: "/admin/blog/ny", get: { ...staffTab("blog"), seo: "403" } },
  "routes/admin/blog/save": {
    path: "/admin/blog/ny/spara",
    get: staffTab("blog", "405"),
    // An empty form reaches the form's own 400; seo may not create a post at all.
    action: { ...staffTab("blog", "passes"), seo: "403" },
  },
  "routes/admin/blog/slug": { get: staffTab("blog") },
  "routes/admin/blog/image": { get: staffTab("blog", "405"), action: { ...staffTab("blog", "passes"), seo: "403" } },
  "routes/admin/blog/preview": { path: "/admin/blog/00000000-0000-4000-8000-000000000000/forhandsgranska", get: { ...staffTab("blog"), blog: "404", seo: "404", admin: "404" } },
};

let server: InProcessServer;
const cookies: Partial<Record<Who, string>> = {};
const emails: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  server = await startInProcessServer();
  for (const who of ["member", "blog", "seo", "admin"] as const) {
    const member = await createMember(server, `behorighet-${who}@example.se`);
    if (who !== "member") await makeStaff(server, member, who);
    cookies[who] = member.cookie;
    emails[who] = member.email;
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface RouteInfo {
  id: string;
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  isPage: boolean;
}

function routesOf(build: ServerBuild): RouteInfo[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? full(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.keys(build.routes)
    .filter((id) => id !== "root")
    .map((id) => {
      const module = build.routes[id]!.module as { loader?: unknown; action?: unknown; default?: unknown };
      return {
        id,
        path: full(id) || "/",
        hasLoader: Boolean(module.loader),
        hasAction: Boolean(module.action),
        isPage: Boolean(module.default),
      };
    });
}

const SIGN_IN = /^\/auth(\?redirectTo=[^&]*)?$/;

/** What a response amounts to; single-fetch data requests carry redirects in their body. */
async function outcomeOf(response: Response): Promise<{ outcome: Outcome | "other"; detail: string }> {
  const status = response.status;
  let location = response.headers.get("location");
  if (status === 202 && response.headers.get("x-remix-response")) {
    location = /"redirect","([^"]+)"/.exec(await response.text())?.[1] ?? null;
  }
  if (location) {
    const target = new URL(location, server.url);
    const local = target.origin === server.url ? `${target.pathname}${target.search}` : location;
    return { outcome: SIGN_IN.test(local) ? "signin" : "redirect", detail: `${status} → ${local}` };
  }
  if (status >= 200 && status < 300) return { outcome: "ok", detail: String(status) };
  if (status === 400 || status === 401 || status === 403 || status === 404 || status === 405) return { outcome: String(status) as Outcome, detail: String(status) };
  return { outcome: "other", detail: String(status) };
}

function matches(expected: Outcome, actual: Outcome | "other", status: number): boolean {
  if (expected === "passes") {
    return actual !== "signin" && actual !== "401" && actual !== "403" && actual !== "404" && status !== 405 && status < 500;
  }
  return expected === actual;
}

async function request(path: string, who: Who, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", server.url);
  const cookie = cookies[who];
  if (cookie) headers.set("cookie", cookie);
  return fetch(`${server.url}${path}`, { ...init, headers, redirect: "manual" });
}

function dataUrl(path: string, id: string): string {
  const base = path === "/" ? "/_" : path;
  return `${base}.data?_routes=${encodeURIComponent(id)}`;
}

describe("the authorization matrix", () => {
  it("lists every route of the build, with a rule for each loader and action it has", () => {
    const problems: string[] = [];
    const routes = routesOf(server.build);
    for (const route of routes) {
      const access = ACCESS[route.id];
      if (!access) {
        problems.push(`Route ${route.id} (${route.path}) is not in the authorization table: add it to ACCESS in server/authorization.test.ts with who may use it.`);
        continue;
      }
      if (route.hasAction && !access.action) {
        problems.push(`Route ${route.id} (${route.path}) has an action without a rule: add \`action\` to its ACCESS entry.`);
      }
      if (!route.hasAction && access.action) problems.push(`Route ${route.id} has no action any more: remove \`action\` from its ACCESS entry.`);
      if (route.path.includes(":") && !access.path) problems.push(`Route ${route.id} (${route.path}) has parameters: give its ACCESS entry a concrete \`path\`.`);
    }
    const known = new Set(routes.map((route) => route.id));
    for (const id of Object.keys(ACCESS)) {
      if (!known.has(id)) problems.push(`ACCESS lists ${id}, which the build no longer has: remove it.`);
    }
    expect(problems).toEqual([]);
  });

  it("answers every loader as the table says, as a page and as a data request for the route alone", async () => {
    const failures: string[] = [];
    for (const route of routesOf(server.build)) {
      const access = ACCESS[route.id];
      if (!access) continue;
      const path = access.path ?? route.path;
      for (const who of ROLES) {
        const page = await request(path, who);
        const got = await outcomeOf(page);
        if (!matches(access.get[who], got.outcome, page.status)) {
          failures.push(`GET ${path} as ${who}: expected ${access.get[who]}, got ${got.detail}`);
        }
        if (route.isPage && route.hasLoader) {
          const expected = (access.data ?? access.get)[who];
          const data = await request(dataUrl(path, route.id), who);
          const gotData = await outcomeOf(data);
          if (!matches(expected, gotData.outcome, data.status)) {
            failures.push(`GET ${dataUrl(path, route.id)} as ${who}: expected ${expected}, got ${gotData.detail}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers every action as the table says", async () => {
    const failures: string[] = [];
    // Actions that end the poster's sessions go last, and their posters sign in again.
    const routes = routesOf(server.build)
      .filter((route) => route.hasAction && ACCESS[route.id]?.action)
      .sort((a, b) => Number(Boolean(ACCESS[a.id]!.endsSession)) - Number(Boolean(ACCESS[b.id]!.endsSession)));
    for (const route of routes) {
      const access = ACCESS[route.id]!;
      const path = access.path ?? route.path;
      // Pages' forms post to the data URL; resource routes take the post themselves.
      const target = route.isPage ? `${path === "/" ? "/_" : path}.data` : path;
      for (const who of ROLES) {
        const response = await request(target, who, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "intent=",
        });
        const got = await outcomeOf(response);
        const expected = access.action![who];
        if (!matches(expected, got.outcome, response.status)) {
          failures.push(`POST ${target} as ${who}: expected ${expected}, got ${got.detail}`);
        }
        if (access.endsSession && cookies[who]) cookies[who] = await signInCookie(server.url, emails[who]!);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("opens /admin on the role's first tab (admin: Dashboard; blog and seo: Blog)", async () => {
    for (const who of ["admin", "blog", "seo"] as const) {
      const response = await request("/admin", who);
      expect(response.status, who).toBe(302);
      expect(new URL(response.headers.get("location")!, server.url).pathname, who).toBe(firstTab([who])!.path);
    }
    expect(firstTab(["admin"])!.id).toBe("dashboard");
    expect(firstTab(["blog"])!.id).toBe("blog");
    expect(firstTab(["seo"])!.id).toBe("blog");
  });
});
