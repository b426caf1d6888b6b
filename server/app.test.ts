import { execFileSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../app/platform/logger.server";
import { measureJsBytes } from "../bench/js-bytes";
import { productionNodeArgs, runServerExpectingExit, startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("the production server", () => {
  it("server-renders the Swedish home page before any JavaScript runs", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/<html lang="sv"/);
    expect(html).toContain("Sälj dina CS2-skins");
    expect(html).toContain('href="/auth?mode=signup"');
    expect(html).toContain("Logga in");
  });

  it("answers an unknown path with HTTP 404 and 'Oops! Sidan kunde inte hittas', and logs the path", async () => {
    const response = await fetch(`${server.url}/finns-inte-har`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404");
    expect(html).toContain("Oops! Sidan kunde inte hittas");
    expect(html).toContain('href="/"');
    await expect.poll(() => server.output()).toContain('"path":"/finns-inte-har"');
  });

  it("shows the local outbox on the embedded default to this machine only, and prints one readable line per mail", async () => {
    const response = await fetch(`${server.url}/dev/mail`);
    if (process.env.DATABASE_URL) {
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Utkorg");
      return;
    }
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Utkorg");
    await fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: "email=rad.for.rad%40example.se&source=footer",
    });
    await expect.poll(() => server.output()).toMatch(/^Mail till rad\.for\.rad@example\.se: .+\n {2}http:\/\/\S+/m);
  });

  it("reports health with a database ping", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      htmlCache: { pages: expect.any(Number), bytes: expect.any(Number) },
    });
  });

  it("sends security headers with a per-response CSP nonce and no inline-script allowance", async () => {
    // A page rendered per request (cached pages carry script hashes instead: server/html-cache.test.ts).
    const [first, second] = await Promise.all([fetch(`${server.url}/auth`), fetch(`${server.url}/auth`)]);
    const csp = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src ")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // PUBLIC_URL is http here, so no HSTS.
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    const html = await first.text();
    // Every executable script carries the nonce (JSON-LD data blocks are not executed).
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('type="application/ld+json"'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    await second.text();
  });

  it("tags every response with a request id, keeping a sane incoming one", async () => {
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "trace-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-12345678");
  });

  it("serves hashed assets immutable and precompressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("content-encoding")).toBe("br");
  });

  it("serves the site's own pictures for 30 days and other static files for an hour", async () => {
    const picture = await fetch(`${server.url}/images/blog/default.webp`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("cache-control")).toBe("public, max-age=2592000");
    expect(picture.headers.get("etag")).toBeTruthy();
    const other = await fetch(`${server.url}/favicon.svg`);
    expect(other.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("serves a real /favicon.ico and logs no request for a static file", async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/icon/);
    // An ICO container: reserved 0, type 1 (icon).
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
    await fetch(`${server.url}/favicon.svg`);
    // A page request after them is logged; they are not.
    await fetch(`${server.url}/faq`);
    await expect.poll(() => server.output()).toContain('"url":"/faq"');
    expect(server.output()).not.toContain('"url":"/favicon');
  });

  it("compresses HTML responses", async () => {
    const response = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("loads no validation, chart or editor library on a first visit to the public pages", async () => {
    // docs/decisions/023: forms and staff pages load these when used; the root must not import them.
    for (const path of ["/", "/blog"]) {
      const { detail } = await measureJsBytes(server.url, path);
      expect(detail.length, path).toBeGreaterThan(5);
      expect(detail.map((file) => file.url).filter((url) => /\/(zod|recharts|tiptap)[^/]*\.js$/i.test(url)), path).toEqual([]);
    }
  });

  it("never logs the query string of auth routes", () => {
    expect(redactUrl("/auth?mode=reset-password&token=secret")).toBe("/auth?[redacted]");
    expect(redactUrl("/api/auth/verify-email?token=secret")).toBe("/api/auth/verify-email?[redacted]");
    expect(redactUrl("/blog?q=skins")).toBe("/blog?q=skins");
  });

  it("never logs a token carried in the path or in a secret-named parameter on any path", () => {
    expect(redactUrl("/api/auth/reset-password/AbC123tokenXYZ?callbackURL=%2Fauth")).toBe(
      "/api/auth/reset-password/[redacted]?[redacted]",
    );
    expect(redactUrl("/api/auth/reset-password/AbC123tokenXYZ")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactUrl("/profile?message=x&token=abc&code=def")).toBe("/profile?message=x&token=[redacted]&code=[redacted]");
  });
});

describe("headers of pages and of what other sites may embed", () => {
  const directive = (csp: string, name: string) =>
    csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.split(/\s+/).slice(1) ?? [];

  it("keeps pages same-origin, turns off unused browser features and lists the image hosts instead of any https: address", async () => {
    for (const path of ["/", "/auth", "/point-shop"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      const permissions = response.headers.get("permissions-policy") ?? "";
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "browsing-topics=()"]) {
        expect(permissions, path).toContain(feature);
      }
      const imgSrc = directive(response.headers.get("content-security-policy") ?? "", "img-src");
      expect(imgSrc, path).not.toContain("https:");
      expect(imgSrc, path).toEqual(
        expect.arrayContaining([
          "'self'",
          "https://community.akamai.steamstatic.com",
          "https://*.steamstatic.com",
          "https://*.googleusercontent.com",
        ]),
      );
      await response.body?.cancel();
    }
  });

  it("lets other sites embed the pictures, the feed and the icons (Cross-Origin-Resource-Policy: cross-origin)", async () => {
    for (const path of ["/images/blog/default.webp", "/blog/rss.xml", "/favicon.ico", "/favicon.svg"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("cross-origin");
      await response.body?.cancel();
    }
    // Not the sitemap, the data answers or anything else.
    for (const path of ["/sitemap.xml", "/blog.data", "/healthz"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
      await response.body?.cancel();
    }
  });

  it("serves /.well-known/security.txt per RFC 9116: contact, expiry within a year, languages, canonical", async () => {
    const response = await fetch(`${server.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
    );
    expect(fields.Contact).toBe("mailto:support@skinhamnen.se");
    expect(fields["Preferred-Languages"]).toBe("sv, en");
    expect(fields.Canonical).toBe(`${server.url}/.well-known/security.txt`);
    expect(fields.Expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const expires = Date.parse(fields.Expires!);
    expect(expires).toBeGreaterThan(Date.now() + 30 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
  });
});

describe("start-up and shutdown", () => {
  it("refuses a bad configuration with one line naming the variable", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "not-a-port" });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toHaveLength(1);
    expect(output).toContain("PORT");
  });

  it("finishes an in-flight request, then exits cleanly on SIGTERM; HSTS when PUBLIC_URL is https", async () => {
    const own = await startTestServer({ PUBLIC_URL: "https://skinhamnen.example", TRUST_PROXY: "1" });
    const headers = (await fetch(`${own.url}/healthz`)).headers;
    expect(headers.get("strict-transport-security")).toContain("max-age=63072000");
    // Behind the proxy a visitor's address is the forwarded one: the local outbox is not theirs.
    expect((await fetch(`${own.url}/dev/mail`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    expect(headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const inFlight = fetch(`${own.url}/`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const code = await own.stop("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body).toContain("</html>");
    expect(code).toBe(0);
    expect(own.output()).toContain("stopped");
  }, 90_000);

  it("`npm start` runs one compiled node process, and SIGTERM to npm stops it gracefully", async () => {
    const own = await startTestServer({}, { npmStart: true });
    // npm's only child is the compiled server itself: no shell, no transpiler in between.
    const children = execFileSync("ps", ["-o", "args=", "--ppid", String(own.process.pid)]).toString().trim();
    expect(children).toBe(["node", ...productionNodeArgs(), "build/server/main.js"].join(" "));
    expect(productionNodeArgs().join(" ")).toMatch(/--max-semi-space-size=\d+/);
    const code = await own.stop("SIGTERM");
    expect(code).toBe(0);
    expect(own.output()).toContain('"signal":"SIGTERM","msg":"shutting down"');
    expect(own.output()).toContain('"msg":"stopped"');
  }, 90_000);

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "fully migrates an empty PostgreSQL database at start-up and seeds it once",
    async () => {
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      try {
        const migrations = await client.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
        expect(migrations.rows[0].n).toBeGreaterThan(0);
        const posts = await client.query("SELECT count(*)::int AS n FROM blog_posts WHERE status = 'published'");
        expect(posts.rows[0].n).toBeGreaterThanOrEqual(6);
      } finally {
        await client.end();
      }
    },
  );
});
