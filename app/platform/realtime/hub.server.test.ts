import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "./events";
import { RealtimeHub, type HubSignal } from "./hub.server";
import { LISTEN_APPLICATION_NAME, type ListenHandlers } from "./listen-connection.server";
import { publishEvent } from "./publisher.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function quietLogger() {
  return { warn: vi.fn(), error: vi.fn() };
}

function collector() {
  const signals: HubSignal[] = [];
  return { signals, subscriber: (signal: HubSignal) => signals.push(signal) };
}

function events(signals: HubSignal[]): RealtimeEvent[] {
  return signals.flatMap((s) => (s.kind === "event" ? [s.event] : []));
}

const points = (userId: string, rowId: string): RealtimeEvent => ({
  type: "points",
  userId,
  rowId,
  amount: 500,
  balance: 1500,
});

describe("the realtime hub on the test database", () => {
  it("fans one published event out to every subscriber", async () => {
    const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), quietLogger());
    try {
      const a = collector();
      const b = collector();
      hub.subscribe(a.subscriber);
      hub.subscribe(b.subscriber);
      await hub.ready();
      await publishEvent(database.db, points("u1", "r1"));
      await expect.poll(() => events(a.signals)).toEqual([points("u1", "r1")]);
      await expect.poll(() => events(b.signals)).toEqual([points("u1", "r1")]);
    } finally {
      await hub.close();
    }
  });

  it("stops delivering to a subscriber that unsubscribed, and keeps delivering to the others", async () => {
    const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), quietLogger());
    try {
      const gone = collector();
      const stays = collector();
      const unsubscribe = hub.subscribe(gone.subscriber);
      hub.subscribe(stays.subscriber);
      await hub.ready();
      unsubscribe();
      expect(hub.subscriberCount).toBe(1);
      await publishEvent(database.db, { type: "content", tag: "blog" });
      await expect.poll(() => events(stays.signals)).toEqual([{ type: "content", tag: "blog" }]);
      expect(gone.signals).toEqual([]);
    } finally {
      await hub.close();
    }
  });

  it("logs and drops malformed payloads, then delivers the next valid event", async () => {
    const logger = quietLogger();
    const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), logger);
    try {
      const seen = collector();
      hub.subscribe(seen.subscriber);
      await hub.ready();
      for (const bad of [
        "inte json",
        JSON.stringify({ type: "points", userId: "u1" }),
        JSON.stringify({ type: "okänd" }),
        JSON.stringify({ type: "content", tag: "blog\u0000" }),
        JSON.stringify([1, 2]),
      ]) {
        await database.db.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${bad})`);
      }
      await publishEvent(database.db, { type: "content", tag: "shop" });
      await expect.poll(() => events(seen.signals)).toEqual([{ type: "content", tag: "shop" }]);
      expect(logger.warn).toHaveBeenCalledTimes(5);
    } finally {
      await hub.close();
    }
  });

  it("delivers nothing for a transaction that rolled back", async () => {
    const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), quietLogger());
    try {
      const seen = collector();
      hub.subscribe(seen.subscriber);
      await hub.ready();
      await database.db
        .transaction(async (tx) => {
          await publishEvent(tx, points("u1", "rolled-back"));
          throw new Error("rollback");
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => publishEvent(tx, points("u1", "committed")));
      await expect.poll(() => events(seen.signals).length).toBe(1);
      expect(events(seen.signals)).toEqual([points("u1", "committed")]);
    } finally {
      await hub.close();
    }
  });

  it("keeps delivering to the others when one subscriber throws", async () => {
    const logger = quietLogger();
    const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), logger);
    try {
      const seen = collector();
      hub.subscribe(() => {
        throw new Error("broken subscriber");
      });
      hub.subscribe(seen.subscriber);
      await hub.ready();
      await publishEvent(database.db, { type: "content", tag: "config" });
      await expect.poll(() => events(seen.signals)).toEqual([{ type: "content", tag: "config" }]);
      expect(logger.error).toHaveBeenCalled();
    } finally {
      await hub.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "re-establishes a terminated LISTEN connection on PostgreSQL, signals resync, and delivers later events",
    async () => {
      const hub = new RealtimeHub((handlers) => database.listen(REALTIME_CHANNEL, handlers), quietLogger());
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const seen = collector();
        hub.subscribe(seen.subscriber);
        await hub.ready();
        const terminated = await admin.query(
          "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
          [LISTEN_APPLICATION_NAME],
        );
        expect(terminated.rows).toEqual([{ done: true }]);
        await expect.poll(() => seen.signals.some((s) => s.kind === "resync"), { timeout: 10_000 }).toBe(true);
        await publishEvent(database.db, points("u2", "after-reconnect"));
        await expect.poll(() => events(seen.signals)).toEqual([points("u2", "after-reconnect")]);
      } finally {
        await admin.end();
        await hub.close();
      }
    },
  );
});

describe("the realtime hub's connection lifecycle", () => {
  function fakeConnection() {
    let handlers: ListenHandlers | null = null;
    const open = vi.fn((given: ListenHandlers) => {
      handlers = given;
      return { ready: async () => {}, close: vi.fn(async () => {}) };
    });
    return { open, handlers: () => handlers! };
  }

  it("opens no connection before the first subscription, and one for many subscriptions", () => {
    const fake = fakeConnection();
    const hub = new RealtimeHub(fake.open, quietLogger());
    expect(fake.open).not.toHaveBeenCalled();
    hub.subscribe(() => {});
    hub.subscribe(() => {});
    expect(fake.open).toHaveBeenCalledTimes(1);
  });

  it("passes a reconnect on to every subscriber as resync", () => {
    const fake = fakeConnection();
    const hub = new RealtimeHub(fake.open, quietLogger());
    const a = collector();
    const b = collector();
    hub.subscribe(a.subscriber);
    hub.subscribe(b.subscriber);
    fake.handlers().onReconnect();
    expect(a.signals).toEqual([{ kind: "resync" }]);
    expect(b.signals).toEqual([{ kind: "resync" }]);
  });

  it("closes its connection on shutdown and opens a fresh one on a later subscription", async () => {
    const fake = fakeConnection();
    const hub = new RealtimeHub(fake.open, quietLogger());
    hub.subscribe(() => {});
    const first = fake.open.mock.results[0]!.value as { close: ReturnType<typeof vi.fn> };
    await hub.close();
    expect(first.close).toHaveBeenCalledTimes(1);
    expect(hub.subscriberCount).toBe(0);
    hub.subscribe(() => {});
    expect(fake.open).toHaveBeenCalledTimes(2);
  });
});
