import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openEventStream, type TestEventStream } from "../../../server/test-event-stream";
import { REALTIME } from "../platform-constants";
import { endsSession, EventStreams, formatEvent, isFor, type EventStreamOptions } from "./event-stream.server";
import { RealtimeHub } from "./hub.server";
import type { ListenHandlers } from "./listen-connection.server";

/** A hub on a fake connection: the test plays the database's notifications. */
function fakeHub() {
  let handlers: ListenHandlers | null = null;
  const hub = new RealtimeHub(
    (given) => {
      handlers = given;
      return { ready: async () => {}, close: async () => {} };
    },
    { warn: vi.fn(), error: vi.fn() },
  );
  return { hub, notify: (payload: string) => handlers!.onPayload(payload), reconnect: () => handlers!.onReconnect() };
}

const running: { close(): Promise<void> }[] = [];
const tabs: TestEventStream[] = [];
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  for (const server of running.splice(0)) await server.close();
});

async function serve(options: Partial<EventStreamOptions> & Pick<EventStreamOptions, "hub">) {
  const streams = new EventStreams({
    readSession: async () => null,
    isSessionActive: async () => true,
    heartbeatMs: 50,
    ...options,
  });
  const app = express();
  app.all("/api/events", streams.handler());
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  running.push({
    close: async () => {
      await streams.closeAll();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
  return { url, streams };
}

async function tab(url: string) {
  const opened = await openEventStream(url);
  tabs.push(opened);
  return opened;
}

describe("the event stream", () => {
  it("closes a member's stream at the next heartbeat once its session is gone, even without a session-ended event", async () => {
    const { hub } = fakeHub();
    let active = true;
    const { url, streams } = await serve({
      hub: () => hub,
      readSession: async () => ({ userId: "u1", sessionId: "s1", setCookies: [] }),
      isSessionActive: async (sessionId) => sessionId === "s1" && active,
    });
    const member = await tab(url);
    await expect.poll(() => member.raw().includes(": heartbeat")).toBe(true);
    expect(member.isEnded()).toBe(false);
    active = false;
    await member.ended;
    expect(member.messages.map((m) => JSON.parse(m.data))).toEqual([
      { type: "session-ended", userId: "u1", sessionId: "s1" },
    ]);
    expect(streams.size).toBe(0);
    expect(hub.subscriberCount).toBe(0);
  });

  it("keeps the stream open when the session check fails for a moment", async () => {
    const { hub } = fakeHub();
    const check = vi.fn(async () => {
      throw new Error("database unavailable");
    });
    const { url } = await serve({
      hub: () => hub,
      readSession: async () => ({ userId: "u1", sessionId: "s1", setCookies: [] }),
      isSessionActive: check,
    });
    const member = await tab(url);
    await expect.poll(() => check.mock.calls.length).toBeGreaterThan(1);
    expect(member.isEnded()).toBe(false);
  });

  it("passes resync on to every open stream", async () => {
    const { hub, reconnect } = fakeHub();
    const { url } = await serve({ hub: () => hub });
    const [a, b] = [await tab(url), await tab(url)];
    reconnect();
    await a.waitFor((m) => m.event === "resync");
    await b.waitFor((m) => m.event === "resync");
  });

  it("answers 503 with a Swedish message when the session cannot be read, and opens nothing", async () => {
    const { hub } = fakeHub();
    const { url, streams } = await serve({
      hub: () => hub,
      readSession: async () => {
        throw new Error("database unavailable");
      },
    });
    const refused = await tab(url);
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get("retry-after")).toBeTruthy();
    await refused.ended;
    expect(JSON.parse(refused.raw()).message).toBe(REALTIME.messages.unavailable);
    expect(streams.size).toBe(0);
  });

  it("ends every stream on shutdown and refuses new ones with 503", async () => {
    const { hub } = fakeHub();
    const { url, streams } = await serve({ hub: () => hub });
    const open = [await tab(url), await tab(url)];
    await streams.closeAll();
    await Promise.all(open.map((t) => t.ended));
    expect(streams.size).toBe(0);
    expect((await tab(url)).response.status).toBe(503);
  });
});

describe("who hears what", () => {
  it("gives a member event to that member only and a public event to everyone", () => {
    const points = { type: "points", userId: "u1", rowId: "r", amount: 1, balance: 1 } as const;
    expect(isFor(points, "u1")).toBe(true);
    expect(isFor(points, "u2")).toBe(false);
    expect(isFor(points, null)).toBe(false);
    expect(isFor({ type: "content", tag: "blog" }, null)).toBe(true);
  });

  it("ends the stream of the ended session, or of every session of the member when none is named", () => {
    const ended = { type: "session-ended", userId: "u1", sessionId: "s1" } as const;
    expect(endsSession(ended, "u1", "s1")).toBe(true);
    expect(endsSession(ended, "u1", "s2")).toBe(false);
    expect(endsSession(ended, "u2", "s1")).toBe(false);
    expect(endsSession({ ...ended, sessionId: null }, "u1", "s9")).toBe(true);
    expect(endsSession({ ...ended, sessionId: null }, null, null)).toBe(false);
  });

  it("writes id, event and data lines", () => {
    expect(formatEvent(7, "content", { type: "content", tag: "blog" })).toBe(
      'id: 7\nevent: content\ndata: {"type":"content","tag":"blog"}\n\n',
    );
  });
});
