/**
 * Every page of the site passes the Nu Html Checker and axe: one URL per page route of
 * app/routes.ts, opened by a role that may see it, checked by axe at 1280 and 375 px, and its
 * server-rendered HTML checked by the Nu Html Checker (`vnu-jar`, run on Debian's Java). A new
 * page route without a URL here fails the first test.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { createQuote } from "../../app/modules/selling/sell-order-fixtures";
import { acceptQuote } from "../../app/modules/selling/sell-orders.server";
import { makeReadySeller } from "../../app/modules/selling/test-sellers";
import { createCampaign } from "../../app/modules/newsletter/campaigns.server";
import { blog_posts, influencers, profiles } from "../../app/platform/db/schema";
import { SHOP_ITEM_SEEDS, seed } from "../../app/platform/db/seed";
import { FakeSteamWebApi } from "../../server/fakes/steam-web-api";
import { demoInventory, startFakeSteamCommunity, type FakeSteamCommunity } from "../../server/fakes/steam-community";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount } from "./helpers/loyalty-members";
import { signedIn } from "./helpers/staff";

const ADMIN = "validator.admin@example.se";
const SELLER = "validator.saljare@example.se";
const STEAM_ID = "76561198012340001";
type Role = "visitor" | "member" | "admin";
/** The axe runs, each one test: a role's pages, the staff panel's in two halves. */
const GROUPS = [
  { name: "the visitor's pages", role: "visitor", part: 0 },
  { name: "the member's pages", role: "member", part: 0 },
  { name: "the staff panel's pages, first half", role: "admin", part: 0 },
  { name: "the staff panel's pages, second half", role: "admin", part: 1 },
] as const;

let server: TestServer;
let community: FakeSteamCommunity;
let steamApi: FakeSteamWebApi;
const ids = { quote: "", order: "", member: "", post: "", postSlug: "", campaign: "", influencer: "" };

/** One URL per page route (the path as in app/routes.ts, the admin routes under "admin/"), and who opens it. */
function pages(): Record<string, { url: string; role: Role }> {
  return {
    "": { url: "/", role: "visitor" },
    "salja-skins": { url: "/salja-skins", role: "visitor" },
    "kop-skins": { url: "/kop-skins", role: "visitor" },
    "kopa-skins": { url: "/kopa-skins", role: "visitor" },
    "om-oss": { url: "/om-oss", role: "visitor" },
    omdomen: { url: "/omdomen", role: "visitor" },
    "facebook-recensioner": { url: "/facebook-recensioner", role: "visitor" },
    success: { url: "/success", role: "member" },
    "dev/mail": { url: "/dev/mail", role: "visitor" },
    faq: { url: "/faq", role: "visitor" },
    "kontakta-oss": { url: "/kontakta-oss", role: "visitor" },
    "trade-protection": { url: "/trade-protection", role: "visitor" },
    "cookie-policy": { url: "/cookie-policy", role: "visitor" },
    integritetspolicy: { url: "/integritetspolicy", role: "visitor" },
    anvandarvillkor: { url: "/anvandarvillkor", role: "visitor" },
    auth: { url: "/auth?mode=signup", role: "visitor" },
    "auth/sign-out": { url: "/auth/sign-out", role: "visitor" },
    "konto-raderat": { url: "/konto-raderat", role: "visitor" },
    "email-confirmation": { url: "/email-confirmation", role: "visitor" },
    profile: { url: "/profile", role: "member" },
    "profile/tvastegsverifiering": { url: "/profile/tvastegsverifiering", role: "member" },
    "profile/bekrafta": { url: "/profile/bekrafta?redirectTo=%2Fprofile", role: "member" },
    "point-system": { url: "/point-system", role: "visitor" },
    "xp-system": { url: "/xp-system", role: "visitor" },
    "point-shop": { url: "/point-shop", role: "member" },
    salja: { url: "/salja", role: "member" },
    "salja/vardering": { url: "/salja/vardering", role: "visitor" },
    prisbevakning: { url: "/prisbevakning?token=ogiltig", role: "visitor" },
    prisbevakningar: { url: "/prisbevakningar", role: "member" },
    "salja/offert/:quoteId": { url: `/salja/offert/${ids.quote}`, role: "member" },
    "mina-affarer": { url: "/mina-affarer", role: "member" },
    "mina-affarer/:orderId": { url: `/mina-affarer/${ids.order}`, role: "member" },
    blog: { url: "/blog", role: "visitor" },
    "blog/:slug": { url: `/blog/${ids.postSlug}`, role: "visitor" },
    "nyhetsbrev/bekrafta": { url: "/nyhetsbrev/bekrafta?token=ogiltig", role: "visitor" },
    "nyhetsbrev/avregistrera": { url: "/nyhetsbrev/avregistrera?token=ogiltig", role: "visitor" },
    "admin/": { url: "/admin", role: "admin" },
    "admin/dashboard": { url: "/admin/dashboard", role: "admin" },
    "admin/dashboard/utskick": { url: "/admin/dashboard/utskick", role: "admin" },
    "admin/transactions": { url: "/admin/transactions?registrera=1", role: "admin" },
    "admin/transactions/prislista": { url: "/admin/transactions/prislista", role: "admin" },
    "admin/transactions/saljordrar": { url: "/admin/transactions/saljordrar", role: "admin" },
    "admin/transactions/saljordrar/:orderId": { url: `/admin/transactions/saljordrar/${ids.order}`, role: "admin" },
    "admin/transactions/utbetalningar": { url: "/admin/transactions/utbetalningar", role: "admin" },
    "admin/transactions/botar": { url: "/admin/transactions/botar", role: "admin" },
    "admin/analytics": { url: "/admin/analytics", role: "admin" },
    "admin/users": { url: "/admin/users", role: "admin" },
    "admin/users/audit": { url: "/admin/users/audit", role: "admin" },
    "admin/users/:userId": { url: `/admin/users/${ids.member}`, role: "admin" },
    "admin/blog": { url: "/admin/blog", role: "admin" },
    "admin/blog/:postId": { url: `/admin/blog/${ids.post}`, role: "admin" },
    "admin/seo": { url: "/admin/seo", role: "admin" },
    "admin/seo/omdomen": { url: "/admin/seo/omdomen", role: "admin" },
    "admin/newsletter": { url: "/admin/newsletter", role: "admin" },
    "admin/newsletter/lansering": { url: "/admin/newsletter/lansering", role: "admin" },
    "admin/newsletter/kampanjer": { url: "/admin/newsletter/kampanjer", role: "admin" },
    "admin/newsletter/kampanjer/ny": { url: "/admin/newsletter/kampanjer/ny", role: "admin" },
    "admin/newsletter/kampanjer/:campaignId": { url: `/admin/newsletter/kampanjer/${ids.campaign}`, role: "admin" },
    "admin/ltv": { url: "/admin/ltv", role: "admin" },
    "admin/referrals": { url: "/admin/referrals", role: "admin" },
    "admin/influencers": { url: "/admin/influencers", role: "admin" },
    "admin/influencers/:influencerId": { url: `/admin/influencers/${ids.influencer}`, role: "admin" },
    "admin/point-shop": { url: "/admin/point-shop", role: "admin" },
    "admin/point-shop/items/:itemId": { url: `/admin/point-shop/items/${SHOP_ITEM_SEEDS[0]!.id}`, role: "admin" },
    "admin/point-shop/giveaways": { url: "/admin/point-shop/giveaways", role: "admin" },
    "admin/blog/:postId/forhandsgranska": { url: `/admin/blog/${ids.post}/forhandsgranska`, role: "admin" },
    "*": { url: "/finns-inte", role: "visitor" },
  };
}

/**
 * The page routes of app/routes.ts (modules with a component; resource routes answer files or
 * JSON), by path, nested admin routes prefixed with "admin/".
 */
function pageRoutes(): string[] {
  const source = readFileSync("app/routes.ts", "utf8");
  const found: string[] = [];
  let prefix = "";
  for (const line of source.split("\n")) {
    const layout = /route\("([^"]+)", "[^"]+", \[/.exec(line);
    if (layout) {
      prefix = `${layout[1]}/`;
      continue;
    }
    if (/^\s*\]\),/.test(line)) prefix = "";
    const match = /(?:route\("([^"]*)", |index\()"(routes\/[^"]+)"/.exec(line);
    if (!match) continue;
    const module = readFileSync(path.join("app", match[2]!), "utf8");
    if (!/export default function/.test(module)) continue;
    found.push(`${prefix}${match[1] ?? ""}`);
  }
  return found;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  community = await startFakeSteamCommunity();
  community.setDefault(demoInventory());
  steamApi = await new FakeSteamWebApi().start();
  server = await startTestServer(
    {
      LOG_LEVEL: "warn",
      STEAM_COMMUNITY_URL: community.url,
      STEAM_IMAGE_URL: `${community.url}/economy/image`,
      STEAM_API_URL: steamApi.url,
      STEAM_API_KEY: steamApi.apiKey,
    },
    {
      prepare: async (database) => {
        const { db } = database;
        await seed(db);
        const [post] = await db.select({ id: blog_posts.id, slug: blog_posts.slug }).from(blog_posts).where(eq(blog_posts.status, "published")).limit(1);
        const [partner] = await db.select({ id: influencers.id }).from(influencers).limit(1);
        ids.post = post!.id;
        ids.postSlug = post!.slug;
        ids.influencer = partner!.id;
        const admin = await createAccount(database, { email: ADMIN, firstName: "Vera", lastName: "Validerare", role: "admin" });
        ids.member = await createAccount(database, { email: SELLER, firstName: "Sara", lastName: "Säljare" });
        await makeReadySeller(db, ids.member, STEAM_ID);
        await db.update(profiles).set({ created_at: sql`now() - interval '30 days'` }).where(eq(profiles.user_id, ids.member));
        const accepted = await acceptQuote(
          db,
          { userId: ids.member, quoteId: await createQuote(db, ids.member, { prices: [25_000, 118_000] }) },
          { steam: { apiUrl: steamApi.url, apiKey: steamApi.apiKey }, firstWeekLimitOre: 500_000 },
        );
        if (!accepted.ok) throw new Error(`no order: ${accepted.message}`);
        ids.order = accepted.value.id;
        ids.quote = await createQuote(db, ids.member, { prices: [7_990], expiresAt: new Date(Date.now() + 3_600_000) });
        const campaign = await createCampaign(db, { actorUserId: admin, values: { subject: "Nyheter i december", body: "<h2>Hej!</h2><p>Nya skins i lager.</p>" } });
        ids.campaign = campaign.id;
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await steamApi?.stop();
  await community?.stop();
});

test("every page route of app/routes.ts has a URL to check", () => {
  expect(pageRoutes().filter((route) => !(route in pages()))).toEqual([]);
});

async function contextFor(browser: Browser, role: Role): Promise<BrowserContext> {
  if (role === "visitor") {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
    await presetCookieChoice(context);
    return context;
  }
  return signedIn(browser, server.url, role === "admin" ? ADMIN : SELLER);
}

for (const group of GROUPS) {
  test(`axe finds nothing on ${group.name} at 1280 and 375 px`, async ({ browser }) => {
    test.setTimeout(600_000);
    const targets = Object.entries(pages()).filter(([, target]) => target.role === group.role);
    const half = Math.ceil(targets.length / 2);
    const mine = group.role === "admin" ? targets.slice(group.part * half, (group.part + 1) * half) : targets;
    const context = await contextFor(browser, group.role);
    const page = await context.newPage();
    // Dialogs and toasts appear at once: axe measures colours, not a frame of a fade.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const failures: string[] = [];
    // Nothing is edited here: a page asking "leave the page?" on the way out is a finding too.
    page.on("dialog", (dialog) => {
      failures.push(`${page.url()}: a ${dialog.type()} dialog on leaving an unedited page`);
      void dialog.accept();
    });
    for (const [route, target] of mine) {
      await page.goto(`${server.url}${target.url}`);
      await waitForHydration(page.locator("body"));
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        let axe = new AxeBuilder({ page }).exclude("[data-sonner-toaster]");
        // A preview's sandboxed frame runs no script: axe checks the page around it, in the page itself.
        if ((await page.locator("iframe").count()) > 0) axe = axe.options({ iframes: false }).setLegacyMode(true);
        const results = await axe.analyze();
        for (const violation of results.violations) {
          failures.push(`${target.url} (${route}) at ${width} px: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await context.close();
    expect(failures).toEqual([]);
  });
}

test("the Nu Html Checker finds no error in any page's server-rendered HTML", async ({ browser }) => {
  test.setTimeout(300_000);
  const htmlDir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-vnu-"));
  /** Each checked file and the URL it came from. */
  const checked = new Map<string, string>();
  for (const role of ["visitor", "member", "admin"] as const) {
    const context = await contextFor(browser, role);
    for (const target of Object.values(pages())) {
      if (target.role !== role) continue;
      const file = path.join(htmlDir, `page-${checked.size}.html`);
      writeFileSync(file, await (await context.request.get(`${server.url}${target.url}`)).text());
      checked.set(file, target.url);
    }
    await context.close();
  }
  const run = promisify(execFile);
  const vnu = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  const { stderr } = await run("java", ["-jar", vnu, "--format", "json", "--errors-only", "--exit-zero-always", ...checked.keys()], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(stderr) as { messages: { url: string; message: string; extract?: string; lastLine?: number }[] };
  const errors = report.messages.map((message) => {
    const file = decodeURIComponent(new URL(message.url).pathname);
    return `${checked.get(file) ?? file}:${message.lastLine ?? "?"}: ${message.message} ${message.extract ? `[${message.extract.trim().slice(0, 120)}]` : ""}`;
  });
  rmSync(htmlDir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});
