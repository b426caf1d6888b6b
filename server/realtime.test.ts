/**
 * GET /api/events against the real production build: who hears which event, caps, headers,
 * sign-out, shutdown, and (on PostgreSQL) fan-out across two server processes and a dropped
 * LISTEN connection.
 */
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REALTIME } from "../app/platform/platform-constants";
import type { Database } from "../app/platform/db/client.server";
import { account, profiles, user } from "../app/platform/db/schema";
import type { RealtimeEvent } from "../app/platform/realtime/events";
import { LISTEN_APPLICATION_NAME } from "../app/platform/realtime/listen-connection.server";
import { openEventStream, type TestEventStream } from "./test-event-stream";
import { signInCookie } from "./test-members";
import { startTestServer, type TestServer } from "./test-server";

const PASSWORD = "Hemligt#2026";
const MEMBERS = ["alva@example.se", "bertil@example.se", "cecilia@example.se"] as const;
type MemberEmail = (typeof MEMBERS)[number];

// Every test speaks from its own client address (TRUST_PROXY), so per-IP caps and sign-in
// limits of one test never touch another.
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

const SERVER_ENV = { TRUST_PROXY: "true", SSE_HEARTBEAT_MS: "400", LOG_LEVEL: "warn" };

const memberIds = new Map<string, string>();

async function createMembers(database: Database): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  for (const email of MEMBERS) {
    const [created] = await database.db
      .insert(user)
      .values({ name: email.split("@")[0]!, email, emailVerified: true })
      .returning({ id: user.id });
    memberIds.set(email, created!.id);
    await database.db.insert(account).values({
      accountId: created!.id,
      providerId: "credential",
      userId: created!.id,
      password: hash,
    });
    await database.db.insert(profiles).values({ user_id: created!.id, email });
  }
}

interface SignedIn {
  userId: string;
  cookie: string;
  ip: string;
}

async function signIn(target: TestServer, email: MemberEmail): Promise<SignedIn> {
  const ip = freshIp();
  const cookie = await signInCookie(target.url, email, PASSWORD, { "x-forwarded-for": ip });
  return { userId: memberIds.get(email)!, cookie, ip };
}

const open: TestEventStream[] = [];
async function stream(target: TestServer, who: SignedIn | { ip: string }, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": who.ip, ...extra };
  if ("cookie" in who) headers.cookie = who.cookie;
  const opened = await openEventStream(target.url, headers);
  open.push(opened);
  return opened;
}

const eventsOf = (s: TestEventStream) => s.messages.filter((m) => m.event !== "resync").map((m) => JSON.parse(m.data));

const points = (userId: string, rowId: string): RealtimeEvent => ({
  type: "points",
  userId,
  rowId,
  amount: 500,
  balance: 500,
});
const blog: RealtimeEvent = { type: "content", tag: "blog" };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(SERVER_ENV, { prepare: createMembers });
}, 90_000);
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /api/events", () => {
  it("streams text/event-stream, never cached, buffered or compressed even when gzip and br are accepted", async () => {
    const anonymous = await stream(server, { ip: freshIp() }, { "accept-encoding": "gzip, br" });
    expect(anonymous.response.status).toBe(200);
    expect(anonymous.response.headers.get("content-type")).toContain("text/event-stream");
    expect(anonymous.response.headers.get("cache-control")).toContain("no-store");
    expect(anonymous.response.headers.get("x-accel-buffering")).toBe("no");
    expect(anonymous.response.headers.get("content-encoding")).toBeNull();
    expect(anonymous.raw()).toContain(`retry: ${REALTIME.reconnectMs}`);
    // Each event arrives on its own, while the response is still open.
    await server.publish(blog);
    const received = await anonymous.waitFor((m) => m.event === "content", 3_000);
    expect(JSON.parse(received.data)).toEqual(blog);
    expect(received.id).toMatch(/^\d+$/);
    expect(anonymous.isEnded()).toBe(false);
  });

  it("keeps an idle stream alive with heartbeat comments", async () => {
    const anonymous = await stream(server, { ip: freshIp() });
    await expect.poll(() => anonymous.raw().includes(": heartbeat"), { timeout: 5_000 }).toBe(true);
  });

  it("sends a member's event to that member's streams only, and public events to everyone", async () => {
    const alva = await signIn(server, "alva@example.se");
    const bertil = await signIn(server, "bertil@example.se");
    const [alvaTab1, alvaTab2, bertilTab, anonymous] = [
      await stream(server, alva),
      await stream(server, alva),
      await stream(server, bertil),
      await stream(server, { ip: freshIp() }),
    ];
    await server.publish(points(alva.userId, "row-1"));
    // One channel, delivered in order: once the public event is in, the member event would be too.
    await server.publish(blog);
    for (const tab of [alvaTab1, alvaTab2]) {
      await tab.waitFor((m) => m.event === "content");
      expect(eventsOf(tab)).toEqual([points(alva.userId, "row-1"), blog]);
    }
    for (const tab of [bertilTab, anonymous]) {
      await tab.waitFor((m) => m.event === "content");
      expect(eventsOf(tab)).toEqual([blog]);
    }
  });

  it("drops a malformed payload and goes on with the next event", async () => {
    const anonymous = await stream(server, { ip: freshIp() });
    await server.notify("inte json");
    await server.notify(JSON.stringify({ type: "points", userId: "x" }));
    await server.publish(blog);
    await anonymous.waitFor((m) => m.event === "content");
    expect(eventsOf(anonymous)).toEqual([blog]);
    expect(anonymous.isEnded()).toBe(false);
  });

  it(`refuses a member's stream beyond ${REALTIME.maxStreamsPerUser} with 429, Retry-After and a Swedish message`, async () => {
    const cecilia = await signIn(server, "cecilia@example.se");
    const tabs = [];
    for (let i = 0; i < REALTIME.maxStreamsPerUser; i++) tabs.push(await stream(server, cecilia));
    expect(tabs.map((t) => t.response.status)).toEqual(Array(REALTIME.maxStreamsPerUser).fill(200));
    const refused = await stream(server, { ...cecilia, ip: freshIp() });
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe(String(REALTIME.retryAfterSeconds));
    await refused.ended;
    expect(JSON.parse(refused.raw())).toEqual({ ok: false, message: REALTIME.messages.tooManyStreams });
    // A closed tab frees its place.
    tabs[0]!.close();
    await expect
      .poll(async () => {
        const again = await stream(server, cecilia);
        again.close();
        return again.response.status;
      })
      .toBe(200);
  });

  it(`refuses an anonymous stream beyond ${REALTIME.maxAnonymousStreamsPerIp} per client address with 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REALTIME.maxAnonymousStreamsPerIp; i++) {
      expect((await stream(server, { ip })).response.status).toBe(200);
    }
    const refused = await stream(server, { ip });
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe(String(REALTIME.retryAfterSeconds));
    await refused.ended;
    expect(JSON.parse(refused.raw()).message).toBe(REALTIME.messages.tooManyStreams);
    // Another address is not affected.
    expect((await stream(server, { ip: freshIp() })).response.status).toBe(200);
  });

  it("answers other methods with 405 and Allow: GET", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "HEAD"]) {
      const response = await fetch(`${server.url}/api/events`, {
        method,
        headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        body: method === "HEAD" ? undefined : '{"\u0000":["x"]}',
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET");
      if (method !== "HEAD") expect((await response.json()).message).toBe(REALTIME.messages.methodNotAllowed);
    }
  });

  it("treats a forged or garbage session cookie as an anonymous tab", async () => {
    const forged = await stream(server, { ip: freshIp() }, { cookie: "skinhamnen.session_token=forged\u00e5.sig" });
    expect(forged.response.status).toBe(200);
    const alva = await signIn(server, "alva@example.se");
    await server.publish(points(alva.userId, "row-forged"));
    await server.publish(blog);
    await forged.waitFor((m) => m.event === "content");
    expect(eventsOf(forged)).toEqual([blog]);
  });

  it("closes a member's stream when the session signs out, and only that session's stream", async () => {
    const leaving = await signIn(server, "bertil@example.se");
    const staying = await signIn(server, "bertil@example.se");
    const leavingTab = await stream(server, leaving);
    const stayingTab = await stream(server, staying);
    const signOut = await fetch(`${server.url}/auth/sign-out`, {
      method: "POST",
      headers: { cookie: leaving.cookie, origin: server.url, "x-forwarded-for": leaving.ip },
    });
    expect(signOut.status).toBe(200);
    await leavingTab.ended;
    expect(leavingTab.messages.map((m) => m.event)).toContain("session-ended");
    await server.publish(points(staying.userId, "row-after-sign-out"));
    await stayingTab.waitFor((m) => m.event === "points");
    expect(stayingTab.isEnded()).toBe(false);
  });
});

describe("the process-wide cap (SSE_MAX_STREAMS)", () => {
  it("refuses the stream beyond the cap with 503, Retry-After and a Swedish message, whatever its address, and reuses a freed place", async () => {
    const capped = await startTestServer({ ...SERVER_ENV, SSE_MAX_STREAMS: "3" });
    const tabs: TestEventStream[] = [];
    try {
      // Three addresses, one stream each: no per-address cap is near.
      for (let i = 0; i < 3; i++) tabs.push(await openEventStream(capped.url, { "x-forwarded-for": freshIp() }));
      expect(tabs.map((t) => t.response.status)).toEqual([200, 200, 200]);
      const refused = await openEventStream(capped.url, { "x-forwarded-for": freshIp() });
      tabs.push(refused);
      expect(refused.response.status).toBe(503);
      expect(refused.response.headers.get("retry-after")).toBe(String(REALTIME.fullRetryAfterSeconds));
      expect(refused.response.headers.get("cache-control")).toContain("no-store");
      await refused.ended;
      expect(JSON.parse(refused.raw())).toEqual({ ok: false, message: REALTIME.messages.serverFull });
      // A closed tab frees its place for anyone.
      tabs[0]!.close();
      await expect
        .poll(async () => {
          const again = await openEventStream(capped.url, { "x-forwarded-for": freshIp() });
          tabs.push(again);
          return again.response.status;
        })
        .toBe(200);
      // ...and only that one.
      const over = await openEventStream(capped.url, { "x-forwarded-for": freshIp() });
      tabs.push(over);
      expect(over.response.status).toBe(503);
    } finally {
      for (const tab of tabs) tab.close();
      await capped.stop();
    }
  }, 90_000);
});

describe("shutdown", () => {
  it("ends open streams and exits 0 promptly on SIGTERM", async () => {
    const own = await startTestServer({ ...SERVER_ENV, LOG_LEVEL: "info" });
    const tabs = [await openEventStream(own.url), await openEventStream(own.url)];
    const started = Date.now();
    const code = await own.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all(tabs.map((t) => t.ended));
    expect(own.output()).toContain("stopped");
  }, 90_000);
});

describe("on PostgreSQL", () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "with two server processes on one PostgreSQL database (needs DATABASE_URL), an event and a sign-out on one reach a stream on the other",
    async () => {
      const second = await startTestServer(SERVER_ENV, { shareDatabaseWith: server });
      try {
        const alva = await signIn(server, "alva@example.se");
        const onSecond = await openEventStream(second.url, { cookie: alva.cookie, "x-forwarded-for": alva.ip });
        expect(onSecond.response.status).toBe(200);
        // Published through the first process's database connection string, heard by the second.
        await server.publish(points(alva.userId, "row-cross"));
        await onSecond.waitFor((m) => m.event === "points");
        expect(eventsOf(onSecond)).toEqual([points(alva.userId, "row-cross")]);
        // Signing out on the first instance closes the stream on the second.
        await fetch(`${server.url}/auth/sign-out`, {
          method: "POST",
          headers: { cookie: alva.cookie, origin: server.url, "x-forwarded-for": alva.ip },
        });
        await onSecond.ended;
        expect(onSecond.messages.map((m) => m.event)).toContain("session-ended");
      } finally {
        await second.stop();
      }
    },
    90_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "re-establishes a LISTEN connection terminated with pg_terminate_backend (needs DATABASE_URL): resync, then later events arrive",
    async () => {
      const anonymous = await stream(server, { ip: freshIp() });
      const admin = new pg.Client({ connectionString: server.databaseUrl });
      await admin.connect();
      try {
        const terminated = await admin.query(
          "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
          [LISTEN_APPLICATION_NAME],
        );
        // The realtime hub's connection, and the offer engine's where bots can be used: each is cut.
        expect(terminated.rows.length).toBeGreaterThanOrEqual(1);
        expect(terminated.rows.every((row: { done: boolean }) => row.done)).toBe(true);
      } finally {
        await admin.end();
      }
      await anonymous.waitFor((m) => m.event === "resync");
      await server.publish(blog);
      await anonymous.waitFor((m) => m.event === "content");
      expect(anonymous.isEnded()).toBe(false);
    },
  );
});
