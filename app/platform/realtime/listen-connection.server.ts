/**
 * The process's one LISTEN connection on the realtime channel. On PostgreSQL it is a dedicated
 * `pg.Client` outside the pool (a pooled connection would be handed back and lose its LISTEN),
 * reconnected with capped, jittered exponential back-off whenever it drops; notifications sent
 * while it was down are lost, so every re-established connection reports `onReconnect` and the
 * listeners refetch instead of waiting for a replay. On PGlite it is the embedded client's own
 * `listen` (one process, no network, nothing to reconnect).
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { logger } from "../logger.server";

export interface ListenHandlers {
  /** One notification's payload on the channel. */
  onPayload(payload: string): void;
  /** LISTEN is in place again after a drop: notifications in between were lost. */
  onReconnect(): void;
}

export interface ListenConnection {
  /** Resolves once LISTEN is first in place (it keeps trying until then, or until closed). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ReconnectOptions {
  /** First retry after about this long (ms). */
  initialDelayMs: number;
  /** Never wait longer than this between attempts (ms). */
  maxDelayMs: number;
  /** How often the idle connection proves it is alive with a query (ms); 0 turns it off. */
  pingIntervalMs: number;
}

/** Names the connection in pg_stat_activity (operators and tests find it by this). */
export const LISTEN_APPLICATION_NAME = "skinhamnen-realtime";

const DEFAULT_RECONNECT: ReconnectOptions = {
  initialDelayMs: 250,
  maxDelayMs: 30_000,
  pingIntervalMs: 30_000,
};

/**
 * Delay before retry number `attempt` (0-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so instances that lost the database together do not reconnect in
 * lockstep, yet never retry immediately.
 */
export function reconnectDelay(
  attempt: number,
  options: Pick<ReconnectOptions, "initialDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponential = options.initialDelayMs * 2 ** Math.min(attempt, 30);
  const capped = Math.min(options.maxDelayMs, exponential);
  return Math.round(capped / 2 + random() * (capped / 2));
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  options: ReconnectOptions = DEFAULT_RECONNECT,
): ListenConnection {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let connectedBefore = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    const delay = reconnectDelay(failures, options);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const current = new pg.Client({
      connectionString,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      query_timeout: 10_000,
    });
    client = current;
    let dropped = false;
    const drop = (error?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (pingTimer && client === current) {
        clearInterval(pingTimer);
        pingTimer = null;
      }
      if (client === current) client = null;
      current.removeAllListeners("notification");
      current.end().catch(() => {});
      if (closed) return;
      logger.warn({ err: error, attempt: failures + 1 }, "realtime LISTEN connection lost; reconnecting");
      scheduleRetry();
    };
    current.on("error", drop);
    current.on("end", () => drop());
    current.on("notification", (message) => {
      if (message.channel === channel) handlers.onPayload(message.payload ?? "");
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (closed || dropped) {
      await current.end().catch(() => {});
      return;
    }
    // Anything but a first connection at the first try may have missed notifications.
    const missedSome = connectedBefore || failures > 0;
    connectedBefore = true;
    failures = 0;
    if (options.pingIntervalMs > 0) {
      // A silently dead TCP connection would otherwise only be noticed by the kernel, late.
      pingTimer = setInterval(() => {
        current.query("SELECT 1").catch(drop);
      }, options.pingIntervalMs);
      pingTimer.unref();
    }
    if (missedSome) logger.info("realtime LISTEN connection re-established");
    markReady();
    if (missedSome) handlers.onReconnect();
  };

  void connect();

  return {
    ready: () => ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      retryTimer = null;
      pingTimer = null;
      const open = client;
      client = null;
      markReady();
      await open?.end().catch(() => {});
    },
  };
}

export function listenOnPglite(client: PGlite, channel: string, handlers: ListenHandlers): ListenConnection {
  const subscribed = client.listen(channel, (payload) => handlers.onPayload(payload));
  // A failure surfaces through ready(); keep it from becoming an unhandled rejection first.
  subscribed.catch(() => {});
  return {
    ready: async () => {
      await subscribed;
    },
    async close() {
      try {
        const unsubscribe = await subscribed;
        if (!client.closed) await unsubscribe();
      } catch {
        // The embedded database is already gone with its listeners.
      }
    },
  };
}
