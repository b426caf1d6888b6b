/**
 * The anonymous HTML cache (server/html-cache.ts): its store on its own (coalescing, staleness,
 * invalidation, the byte bound, what is never stored), then the real built server: who gets a
 * cached page and who never does, the policy of every served page against its inline scripts,
 * 304s, bypasses, a flood of random URLs, and a change on one instance reaching another.
 */
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTML_CACHE } from "~/platform/platform-constants";
import type { Database } from "~/platform/db/client.server";
import { BLOG_POST_SEEDS, seed, SHOP_ITEM_SEEDS } from "~/platform/db/seed";
import { BRONZE_TRADES, createAccount, giveTrades, MEMBER_PASSWORD } from "../tests/e2e/helpers/loyalty-members";
import { CACHEABLE_ROUTES } from "./html-cache-routes";
import { cacheKey, HtmlPageCache, renderForCache, type CachedPage, type CacheableRoute } from "./html-cache";
import { enrolTwoFactor, formBody, signInCookie } from "./test-members";
import { startTestServer, type TestServer } from "./test-server";

const page = (tags: CachedPage["tags"] = ["blog"], bytes = 100): CachedPage => ({
  br: Buffer.alloc(bytes),
  gzip: Buffer.alloc(bytes),
  etag: 'W/"x"',
  scriptSources: "",
  headers: [["content-type", "text/html; charset=utf-8"]],
  tags,
  storedAt: Date.now(),
});

const store = (options: Partial<ConstructorParameters<typeof HtmlPageCache>[0]> = {}) =>
  new HtmlPageCache({ maxBytes: 1 << 20, maxEntryBytes: 1 << 19, freshMs: 1000, staleMs: 1000, ...options });

describe("the page store", () => {
  it("renders once for any number of simultaneous requests of one URL", async () => {
    const cache = store();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page();
    };
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.fill("/", render)));
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(cache.get("/")?.state).toBe("hit");
  });

  it("answers a stale page past its fresh time and nothing past its stale time", () => {
    let now = 0;
    const cache = store({ now: () => now });
    return cache.fill("/", async () => ({ ...page(), storedAt: 0 })).then(() => {
      now = 999;
      expect(cache.get("/")?.state).toBe("hit");
      now = 1500;
      expect(cache.get("/")?.state).toBe("stale");
      now = 2001;
      expect(cache.get("/")).toBeUndefined();
    });
  });

  it("stops answering a stale page once its refresh may not be stored", async () => {
    let now = 0;
    const cache = store({ now: () => now });
    await cache.fill("/blog/x", async () => ({ ...page(), storedAt: 0 }));
    now = 1500;
    expect(cache.get("/blog/x")?.state).toBe("stale");
    await cache.fill("/blog/x", async () => null);
    expect(cache.get("/blog/x")).toBeUndefined();
  });

  it("drops the pages of a tag, and does not store a render that began before the change", async () => {
    const cache = store();
    await cache.fill("/blog", async () => page(["blog"]));
    await cache.fill("/point-shop", async () => page(["shop"]));
    let finish: (value: CachedPage) => void = () => {};
    const slow = cache.fill("/", () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    cache.invalidate("blog");
    finish(page(["blog"]));
    await slow;
    expect(cache.get("/blog")).toBeUndefined();
    expect(cache.get("/")).toBeUndefined();
    expect(cache.get("/point-shop")?.state).toBe("hit");
  });

  it("stays within its byte budget, evicting the least recently used pages", async () => {
    const cache = store({ maxBytes: 10_000 });
    for (let i = 0; i < 50; i++) await cache.fill(`/p${i}`, async () => page(["blog"], 1000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(50);
    expect(cache.get("/p49")).toBeDefined();
    expect(cache.get("/p0")).toBeUndefined();
  });

  it("never stores a response with Set-Cookie, a non-200, a redirect or something not HTML", async () => {
    const route: CacheableRoute = { tags: ["config"] };
    const html = "<!doctype html><p>x</p>";
    const answers = [
      new Response(html, { status: 200, headers: { "content-type": "text/html", "set-cookie": "flash=1; Path=/" } }),
      new Response(html, { status: 404, headers: { "content-type": "text/html" } }),
      new Response(html, { status: 500, headers: { "content-type": "text/html" } }),
      new Response(null, { status: 302, headers: { location: "/" } }),
      new Response("<rss/>", { status: 200, headers: { "content-type": "application/rss+xml" } }),
    ];
    for (const answer of answers) {
      expect(await renderForCache(async () => answer, "http://x/", route)).toBeNull();
    }
    const cache = store();
    const result = await cache.fill("/", () => renderForCache(async () => answers[0]!, "http://x/", route));
    expect(result).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("removes the render's nonce and lists a hash for each executable inline script", async () => {
    let seen = "";
    const stored = await renderForCache(
      async (_request, nonce) => {
        seen = nonce;
        return new Response(
          `<html><script nonce="${nonce}">a()</script><script type="module" nonce="${nonce}">b()</script>` +
            `<script type="application/ld+json">{}</script><script src="/x.js" nonce="${nonce}"></script></html>`,
          { headers: { "content-type": "text/html; charset=utf-8" } },
        );
      },
      "http://x/",
      { tags: ["config"] },
    );
    expect(stored).not.toBeNull();
    const html = gunzipSync(stored!.gzip).toString();
    expect(html).not.toContain(seen);
    expect(html).not.toContain("nonce");
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(stored!.scriptSources.split(" ").sort()).toEqual([hash("a()"), hash("b()")].sort());
  });

  it("keys a page by its path and only its route's allowed query values", () => {
    const blog = CACHEABLE_ROUTES["routes/blog/blog"]!;
    const url = (path: string) => new URL(path, "http://x");
    expect(cacheKey(url("/blog"), blog)).toBe("/blog");
    expect(cacheKey(url("/blog?kategori=Guides"), blog)).toBe("/blog?kategori=Guides");
    for (const path of ["/blog?ref=abc", "/blog?kategori=Hack", "/blog?q=skins", "/blog?kategori=Guides&kategori=News", "/blog/", "/blog.data"]) {
      expect(cacheKey(url(path), blog), path).toBeNull();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The real server.
// ---------------------------------------------------------------------------------------------

const MEMBER_EMAIL = "cache.medlem@example.se";
const STAFF_EMAIL = "cache.personal@example.se";
const SHOP_ITEM = SHOP_ITEM_SEEDS[0]!;

async function prepare(database: Database) {
  // A prepared database is not fresh at start-up, so the demo content comes from here.
  await seed(database.db);
  const staff = await createAccount(database, { email: STAFF_EMAIL, firstName: "Cache", lastName: "Personal", role: "admin" });
  const member = await createAccount(database, { email: MEMBER_EMAIL, firstName: "Cache", lastName: "Medlem" });
  await giveTrades(database, staff, member, BRONZE_TRADES);
}

let server: TestServer;
let memberCookie: string;
let staffCookie: string;

beforeAll(async () => {
  server = await startTestServer({}, { prepare });
  memberCookie = await signInCookie(server.url, MEMBER_EMAIL, MEMBER_PASSWORD);
  // Staff roles sign in with a second step: enrolled once, the session carries it.
  const staff = { userId: "", email: STAFF_EMAIL, cookie: await signInCookie(server.url, STAFF_EMAIL, MEMBER_PASSWORD) };
  await enrolTwoFactor(server, staff);
  staffCookie = staff.cookie;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, target: TestServer = server) =>
  fetch(`${target.url}${path}`, { headers: { "accept-encoding": "br, gzip", ...headers }, redirect: "manual" });

async function cachedPages(target: TestServer = server): Promise<number> {
  const health = (await (await fetch(`${target.url}/healthz`)).json()) as { htmlCache: { pages: number } };
  return health.htmlCache.pages;
}

/**
 * Checks a served page's policy against its HTML, parsed here independently of the server: a
 * cached page lists exactly the hashes of its executable inline scripts and no nonce; a page
 * rendered per request has a nonce on every executable inline script and no hashes.
 */
function expectPolicyAllowsExactlyItsScripts(response: Response, html: string) {
  const policy = response.headers.get("content-security-policy") ?? "";
  const scriptSrc = (policy.split(";").find((directive) => directive.trim().startsWith("script-src ")) ?? "").trim().split(/\s+/).slice(1);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const hashes = scriptSrc.filter((source) => source.startsWith("'sha256-"));
  const nonces = scriptSrc.filter((source) => source.startsWith("'nonce-"));
  const scripts: Array<{ open: string; text: string }> = [];
  for (const part of html.split("<script").slice(1)) {
    const openEnd = part.indexOf(">");
    const open = part.slice(0, openEnd);
    const text = part.slice(openEnd + 1, part.indexOf("</script>"));
    const type = /type="([^"]*)"/.exec(open)?.[1];
    if (open.includes(" src=") || (type !== undefined && type !== "module")) continue;
    scripts.push({ open, text });
  }
  expect(scripts.length).toBeGreaterThan(0);
  if (response.headers.get("x-html-cache")) {
    expect(nonces).toEqual([]);
    expect(html).not.toContain(" nonce=");
    const expected = new Set(scripts.map(({ text }) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`));
    expect(new Set(hashes)).toEqual(expected);
  } else {
    expect(hashes).toEqual([]);
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]!.slice("'nonce-".length, -1);
    for (const { open } of scripts) expect(open).toContain(`nonce="${nonce}"`);
  }
}

describe("anonymous pages from the cache", () => {
  it("answers a repeated anonymous request from the cache, precompressed, whatever the visitor's other headers", async () => {
    const first = await get("/om-oss");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-html-cache")).toBe("miss");
    await first.text();
    const second = await get("/om-oss", { "user-agent": "Googlebot/2.1", "accept-language": "en", cookie: "analytics=1" });
    expect(second.headers.get("x-html-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("vary")).toMatch(/Cookie/);
    const gz = await get("/om-oss", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/om-oss", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("<html");
    expect(await gz.text()).toBe(html);
    expect(await second.text()).toBe(html);
  });

  it("never serves a page filled anonymously to a signed-in visitor", async () => {
    await (await get("/")).text();
    const anonymous = await get("/");
    expect(anonymous.headers.get("x-html-cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain(MEMBER_EMAIL);
    const signedIn = await get("/", { cookie: memberCookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-html-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain(MEMBER_EMAIL);
  });

  it("does not cache a page a signed-in visitor asked for first", async () => {
    const signedIn = await get("/trade-protection", { cookie: memberCookie });
    expect(signedIn.headers.get("x-html-cache")).toBeNull();
    expect(await signedIn.text()).toContain(MEMBER_EMAIL);
    const anonymous = await get("/trade-protection");
    expect(anonymous.headers.get("x-html-cache")).toBe("miss");
    expect(await anonymous.text()).not.toContain(MEMBER_EMAIL);
  });

  it("answers 304 to a matching If-None-Match, and the page to any other", async () => {
    const first = await get("/faq");
    await first.text();
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/faq", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await get("/faq", { "if-none-match": etag.replace(/^W\//, "") })).status).toBe(304);
    const other = await get("/faq", { "if-none-match": 'W/"something-else"' });
    expect(other.status).toBe(200);
    await other.text();
  });

  it("answers HEAD from the cache without a body", async () => {
    await (await get("/xp-system")).text();
    const head = await fetch(`${server.url}/xp-system`, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-html-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("renders per request for any query the route does not allow, ?ref= included", async () => {
    await (await get("/")).text();
    for (const path of ["/?ref=partner", "/blog?q=skins", "/blog?kategori=Guides&utm_source=x", "/faq?q=frakt"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-html-cache"), path).toBeNull();
      await response.text();
    }
    const category = await get("/blog?kategori=Guides");
    expect(category.headers.get("x-html-cache")).toMatch(/miss|hit/);
    await category.text();
  });

  it("never stores a 404: a flood of random URLs leaves the cache as it was", async () => {
    await (await get("/blog")).text();
    const before = await cachedPages();
    for (let i = 0; i < 60; i++) {
      const path = i % 2 === 0 ? `/blog/finns-inte-${i}-${Math.random().toString(36).slice(2)}` : `/x${i}/${Math.random()}`;
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-html-cache"), path).toBeNull();
      await response.text();
    }
    expect(await cachedPages()).toBe(before);
  });

  it("gives every served page a policy that allows exactly its inline scripts, cached or not", async () => {
    const post = `/blog/${BLOG_POST_SEEDS[0]!.slug}`;
    const cases: Array<[string, Record<string, string>]> = [
      ["/", {}],
      ["/", {}],
      [post, {}],
      [post, {}],
      ["/point-shop", {}],
      ["/point-shop", {}],
      ["/blog?ref=x", {}],
      ["/", { cookie: memberCookie }],
      ["/profile", { cookie: memberCookie }],
      ["/auth", {}],
      ["/finns-inte", {}],
    ];
    const kinds = new Set<string>();
    for (const [path, headers] of cases) {
      const response = await get(path, headers);
      expect([200, 404], path).toContain(response.status);
      kinds.add(response.headers.get("x-html-cache") ?? "per request");
      expectPolicyAllowsExactlyItsScripts(response, await response.text());
    }
    for (const kind of ["hit", "miss", "per request"]) expect(kinds).toContain(kind);
  });

  it("drops a page when what it shows changes, and the next visitor sees the change", async () => {
    await (await get("/point-shop")).text();
    const cached = await get("/point-shop");
    expect(cached.headers.get("x-html-cache")).toBe("hit");
    expect(await cached.text()).toContain(SHOP_ITEM.name);
    await setItemActive(server, SHOP_ITEM.id, false);
    await expectEventually(async () => {
      const after = await get("/point-shop");
      expect(after.headers.get("x-html-cache")).toBe("miss");
      expect(await after.text()).not.toContain(SHOP_ITEM.name);
    });
    await setItemActive(server, SHOP_ITEM.id, true);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "with two servers on one PostgreSQL database (needs DATABASE_URL), a change published on one drops the page on the other",
    async () => {
      const second = await startTestServer({}, { shareDatabaseWith: server });
      try {
        await (await get("/point-shop", {}, second)).text();
        const cached = await get("/point-shop", {}, second);
        expect(cached.headers.get("x-html-cache")).toBe("hit");
        expect(await cached.text()).toContain(SHOP_ITEM.name);
        await setItemActive(server, SHOP_ITEM.id, false);
        await expectEventually(async () => {
          const after = await get("/point-shop", {}, second);
          expect(after.headers.get("x-html-cache")).toBe("miss");
          expect(await after.text()).not.toContain(SHOP_ITEM.name);
        });
      } finally {
        await setItemActive(server, SHOP_ITEM.id, true);
        await second.stop();
      }
    },
    120_000,
  );
});

/** A staff member hides or shows a shop item through the panel on `target`. */
async function setItemActive(target: TestServer, itemId: string, active: boolean) {
  const response = await fetch(`${target.url}/admin/point-shop`, {
    method: "POST",
    headers: { origin: target.url, cookie: staffCookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody({ intent: "set-active", itemId, active: String(active) }),
    redirect: "manual",
  });
  expect(response.status).toBe(200);
  await response.text();
}

/** Well within the cache's fresh time: only an invalidation can make it pass. */
async function expectEventually(check: () => Promise<void>, timeoutMs = Math.min(5_000, HTML_CACHE.freshMs / 2)) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
