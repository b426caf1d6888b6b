/**
 * The HTTP layer's defences, through the production build on a database this test can read:
 * redirects that stay on the site, capped bodies, private answers for signed-in visitors,
 * refused methods and addresses, and view counts that one address cannot inflate.
 */
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_VIEW_RATE_LIMIT } from "~/modules/blog/blog-constants";
import { HTTP_LIMITS } from "~/platform/platform-constants";
import { HTTP_MESSAGES } from "~/lib/http-messages";
import { INPUT_MESSAGES } from "~/lib/validation";
import { blog_posts, contact_messages, newsletter_subscriptions } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { CROSS_ORIGIN_MESSAGE } from "./request-guards";
import { createMember, formBody, type TestMember } from "./test-members";

let server: InProcessServer;
let member: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  member = await createMember(server, "hardning@example.se");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });
const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", body, headers: { origin: server.url, ...headers }, redirect: "manual" });

async function rowCount(table: string): Promise<number> {
  const result = (await server.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`))) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}

describe("redirects after sign-in stay on the site", () => {
  it("sends a signed-in visitor home instead of to another host, however the address is encoded", async () => {
    for (const target of ["/.//evil.example/phish", "/%2e%2e//evil.example", "/%5Cevil.example", "/%09/evil.example"]) {
      const response = await get(`/auth?redirectTo=${encodeURIComponent(target)}`, { cookie: member.cookie });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/");
    }
  });

  it("answers a sign-in with a same-origin destination only", async () => {
    const response = await post(
      "/auth.data",
      formBody({ intent: "signin", email: member.email, password: "Hemligt#2026", redirectTo: "/.//evil.example/phish" }),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("redirectTo");
    expect(body).not.toContain("evil.example");
  });

  it("never keeps the .data suffix of a data request in the sign-in link", async () => {
    const response = await get("/profile.data");
    const body = await response.text();
    expect(body).toContain("/auth?redirectTo=%2Fprofile");
    expect(body).not.toContain("profile.data");
    const kept = await get(`/auth?redirectTo=${encodeURIComponent("/profile.data")}`, { cookie: member.cookie });
    expect(kept.headers.get("location")).toBe("/profile");
  });
});

describe("request bodies are capped before they are read", () => {
  it("refuses a declared 200 MB body at once with a Swedish 413, reading none of it", async () => {
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/kontakta-oss`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(200 * 1024 * 1024), origin: server.url },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write("name=".padEnd(1024, "a"));
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(HTTP_MESSAGES.tooLarge);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a body over the limit on forms and JSON alike, storing nothing", async () => {
    const before = await rowCount("contact_messages");
    const big = "a".repeat(HTTP_LIMITS.bodyBytes + 1);
    const form = await post("/kontakta-oss", formBody({ name: "A", email: "a@example.se", subject: "S", message: big }), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(413);
    expect(await form.text()).toContain(HTTP_MESSAGES.tooLarge);
    const json = await post("/api/newsletter", JSON.stringify({ email: `${big}@example.se` }), {
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ ok: false, message: HTTP_MESSAGES.tooLarge });
    expect(await rowCount("contact_messages")).toBe(before);
  });
});

describe("answers that depend on the session are private", () => {
  it("marks every page and data answer for a signed-in visitor private, no-store, varying by cookie", async () => {
    for (const path of ["/", "/profile", "/profile.data", "/blog", "/blog.data"]) {
      const response = await get(path, { cookie: member.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("vary") ?? "", path).toMatch(/cookie/i);
    }
  });

  it("lets anonymous pages vary by cookie without marking them private", async () => {
    const response = await get("/");
    expect(response.headers.get("vary") ?? "").toMatch(/cookie/i);
    expect(response.headers.get("cache-control") ?? "").not.toContain("private");
  });
});

describe("hostile requests get a Swedish 4xx and change nothing", () => {
  it("answers methods the site does not use with 405 and Allow, running no action", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/", "/kontakta-oss", "/api/newsletter", "/profile"]) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded", cookie: member.cookie },
          body: method === "TRACE" || method === "OPTIONS" ? undefined : formBody({ email: "radera@example.se" }),
        });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
      }
    }
    const trace = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const request = http.request(`${server.url}/`, { method: "TRACE" });
      request.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
      });
      request.on("error", reject);
      request.end();
    });
    expect(trace).toEqual({ status: 405, allow: "GET, HEAD, POST" });
    const subscribed = await server.database.db
      .select()
      .from(newsletter_subscriptions)
      .where(eq(newsletter_subscriptions.email, "radera@example.se"));
    expect(subscribed).toHaveLength(0);
  });

  it("refuses a NUL byte in the address, the search or a slug with 400", async () => {
    for (const path of ["/blog?q=a%00b", "/blog/%00", "/blog/las%00mig", "/faq?q=%00", "/auth?mode=%00"]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain(HTTP_MESSAGES.badAddress);
    }
  });

  it("refuses control characters in any form field with the shared message, storing nothing", async () => {
    const before = await rowCount("contact_messages");
    const response = await post(
      "/kontakta-oss",
      formBody({ name: "Anna\u0000", email: "anna@example.se", subject: "Hej", message: "Hej" }),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INPUT_MESSAGES.controlCharacters);
    expect(await rowCount("contact_messages")).toBe(before);
  });

  it("answers a missing, JSON or text body on /email-confirmation with 400", async () => {
    for (const [body, type] of [
      ["", "application/x-www-form-urlencoded"],
      [JSON.stringify({ email: ["a@b.se"] }), "application/json"],
      ["{not json", "application/json"],
      ["just text", "text/plain"],
    ] as const) {
      const response = await post("/email-confirmation", body, { "content-type": type });
      expect(response.status, `${type} ${body}`).toBe(400);
    }
  });

  it("stores a 1 MB name nowhere: the limit answers first, and a long name gets the field's maximum", async () => {
    const response = await post(
      "/kontakta-oss",
      formBody({ name: "x".repeat(500), email: "anna@example.se", subject: "Hej", message: "Hej" }),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(response.status).toBe(400);
    expect(await server.database.db.select().from(contact_messages).where(eq(contact_messages.email, "anna@example.se"))).toHaveLength(0);
  });
});

describe("state-changing requests from another site are refused, with or without Origin", () => {
  const signUp = (email: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded", ...headers },
      body: formBody({ email, source: "footer" }),
    });
  const subscribed = async (email: string) =>
    (await server.database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.email, email))).length;

  it.each(["cross-site", "same-site"])("refuses a POST without Origin marked Sec-Fetch-Site: %s with a Swedish 403, storing nothing", async (site) => {
    const email = `utan-origin-${site}@example.se`;
    const response = await signUp(email, { "sec-fetch-site": site });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ ok: false, message: CROSS_ORIGIN_MESSAGE });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await subscribed(email)).toBe(0);
  });

  it("refuses a foreign Origin whatever Sec-Fetch-Site says", async () => {
    const response = await signUp("falsk-origin@example.se", { origin: "https://evil.example", "sec-fetch-site": "same-origin" });
    expect(response.status).toBe(403);
  });

  it("keeps a signed-in visitor signed in when another site posts the sign-out without Origin", async () => {
    const signOut = await fetch(`${server.url}/auth/sign-out`, {
      method: "POST",
      headers: { cookie: member.cookie, "sec-fetch-site": "cross-site", accept: "text/html" },
      redirect: "manual",
    });
    expect(signOut.status).toBe(403);
    expect(await signOut.text()).toContain(CROSS_ORIGIN_MESSAGE);
    expect((await get("/profile", { cookie: member.cookie })).status).toBe(200);
  });

  it("lets our own pages post: a same-origin form post, with Origin or only Sec-Fetch-Site", async () => {
    const withOrigin = await signUp("egen-sida@example.se", { origin: server.url, "sec-fetch-site": "same-origin" });
    expect(withOrigin.status).toBe(200);
    expect(await subscribed("egen-sida@example.se")).toBe(1);
    const fetchOnly = await signUp("egen-sida-2@example.se", { "sec-fetch-site": "same-origin" });
    expect(fetchOnly.status).toBe(200);
    // A plain form post without JavaScript, as a browser sends it: back to the page with the outcome.
    const plain = await fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: {
        origin: server.url,
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "navigate",
        accept: "text/html",
        referer: `${server.url}/blog`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: formBody({ email: "utan-js@example.se", source: "footer" }),
      redirect: "manual",
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toContain("/blog?");
    expect(await subscribed("utan-js@example.se")).toBe(1);
  });

  it("lets a request with neither Origin nor Sec-Fetch-Site through (no browser's: scripts, servers)", async () => {
    const response = await signUp("skript@example.se", {});
    expect(response.status).toBe(200);
  });
});

describe("blog views", () => {
  it("counts at most the hourly limit of beacons from one address", async () => {
    const [post_] = await server.database.db
      .select({ slug: blog_posts.slug, views: blog_posts.view_count })
      .from(blog_posts)
      .where(eq(blog_posts.status, "published"))
      .limit(1);
    const attempts = BLOG_VIEW_RATE_LIMIT.limit + 15;
    for (let i = 0; i < attempts; i++) {
      const response = await fetch(`${server.url}/api/blog/${post_!.slug}/view`, {
        method: "POST",
        headers: { origin: server.url, "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/126.${i}` },
      });
      expect(response.status).toBe(204);
    }
    const [after] = await server.database.db
      .select({ views: blog_posts.view_count })
      .from(blog_posts)
      .where(eq(blog_posts.slug, post_!.slug));
    expect(after!.views - post_!.views).toBe(BLOG_VIEW_RATE_LIMIT.limit);
  });
});
