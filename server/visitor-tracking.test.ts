/**
 * The visitor-tracking endpoints over HTTP (docs/rules/privacy.md#visitor-tracking): valid
 * reports are stored and answered 204, hostile input gets a Swedish 4xx and stores nothing,
 * bots are answered 204 and ignored, and the one rate limiter answers 429 with Retry-After.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR_TRACKING } from "~/modules/analytics/analytics-constants";
import { HTTP_LIMITS } from "~/platform/platform-constants";
import { queryRows } from "~/platform/db/client.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";

let server: InProcessServer;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
let ipCounter = 0;

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": CHROME, "X-Forwarded-For": `198.51.100.${++ipCounter % 250}`, ...headers },
    body,
  });
}

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(server.database.db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`);
  return Number(row!.n);
}

beforeAll(async () => {
  server = await startInProcessServer({ TRUST_PROXY: "1" });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("POST /api/visitor", () => {
  it("stores a load report and answers 204", async () => {
    const answer = await post("/api/visitor", JSON.stringify({ sessionId: "http-besok-0001", event: "load", path: "/blog?x=1", referrer: "https://duckduckgo.com/" }));
    expect(answer.status).toBe(204);
    const [visit] = await queryRows<{ referrer: string; current_page: string }>(server.database.db, sql`SELECT referrer, current_page FROM visitor_sessions WHERE session_id = 'http-besok-0001'`);
    expect(visit).toEqual({ referrer: "duckduckgo.com", current_page: "/blog" });
  });

  it("takes the beacon's offline report", async () => {
    const answer = await post("/api/visitor-offline", JSON.stringify({ sessionId: "http-besok-0001" }));
    expect(answer.status).toBe(204);
    const [visit] = await queryRows<{ is_online: boolean }>(server.database.db, sql`SELECT is_online FROM visitor_sessions WHERE session_id = 'http-besok-0001'`);
    expect(visit!.is_online).toBe(false);
  });

  it("counts a saved cookie choice", async () => {
    const before = await count("consent_choice_totals");
    expect((await post("/api/consent-choice", JSON.stringify({ analytics: false, marketing: false, functional: true }))).status).toBe(204);
    expect(await count("consent_choice_totals")).toBe(before + 1);
  });

  it.each([
    ["NUL bytes", "/api/visitor", JSON.stringify({ sessionId: "http-besok-0002", event: "load", path: "/a\u0000" }), "Fältet innehåller tecken som inte är tillåtna."],
    ["wrong types", "/api/visitor", JSON.stringify({ sessionId: 42, event: "load", path: "/" }), "Ogiltigt besöks-id."],
    ["an unknown event", "/api/visitor", JSON.stringify({ sessionId: "http-besok-0002", event: "buy", path: "/" }), "Okänd händelse."],
    ["a JSON array", "/api/visitor", JSON.stringify([1, 2]), "Ogiltig förfrågan."],
    ["broken JSON", "/api/visitor", "{", "Ogiltig förfrågan."],
    ["a wrong offline id", "/api/visitor-offline", JSON.stringify({ sessionId: "<script>" }), "Ogiltigt besöks-id."],
    ["a consent choice as text", "/api/consent-choice", JSON.stringify({ analytics: "ja", marketing: false, functional: false }), "Ogiltigt cookie-val."],
  ])("refuses %s with a Swedish 400 and stores nothing", async (_name, path, body, message) => {
    const sessions = await count("visitor_sessions");
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(message);
    expect(await count("visitor_sessions")).toBe(sessions);
  });

  it("refuses an oversize body with 413 and a text body with 400", async () => {
    const big = JSON.stringify({ sessionId: "http-besok-0003", event: "load", path: `/${"a".repeat(HTTP_LIMITS.bodyBytes)}` });
    expect((await post("/api/visitor", big)).status).toBe(413);
    const text = await post("/api/visitor", "sessionId=x", { "Content-Type": "text/plain" });
    expect(text.status).toBe(400);
  });

  it("answers GET with 405", async () => {
    const answer = await fetch(`${server.url}/api/visitor`);
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
  });

  it("ignores bots", async () => {
    const sessions = await count("visitor_sessions");
    const answer = await post("/api/visitor", JSON.stringify({ sessionId: "http-besok-bot1", event: "load", path: "/" }), {
      "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    });
    expect(answer.status).toBe(204);
    expect(await count("visitor_sessions")).toBe(sessions);
  });

  it("rate-limits one client with 429, Retry-After and a Swedish message", async () => {
    const headers = { "X-Forwarded-For": "203.0.113.9" };
    const body = JSON.stringify({ sessionId: "http-besok-rate", event: "heartbeat", path: "/" });
    for (let index = 0; index < VISITOR_TRACKING.rateLimit.limit; index++) {
      expect((await post("/api/visitor", body, headers)).status).toBe(204);
    }
    const refused = await post("/api/visitor", body, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/försök/i);
  });
});
