/**
 * In-process fan-out of realtime events: one LISTEN connection per process (opened on the first
 * subscription, closed on shutdown), each parsed event handed to every subscriber. A subscriber
 * decides what is meant for it (the event stream filters by member). After the connection was
 * re-established subscribers get `resync`: events may have been missed, and the browser
 * refetches what it shows rather than waiting for a replay (docs/rules/realtime.md).
 */
import { logger as defaultLogger } from "../logger.server";
import { database } from "../db/client.server";
import { singleton, dropSingleton } from "../singleton.server";
import { REALTIME_CHANNEL, type RealtimeEvent } from "./events";
import { parseRealtimeEvent } from "./event-schema";
import type { ListenConnection, ListenHandlers } from "./listen-connection.server";

export type HubSignal = { kind: "event"; event: RealtimeEvent } | { kind: "resync" };
export type HubSubscriber = (signal: HubSignal) => void;

type Logger = Pick<typeof defaultLogger, "warn" | "error">;

export class RealtimeHub {
  private connection: ListenConnection | null = null;
  private readonly subscribers = new Set<HubSubscriber>();

  constructor(
    private readonly openConnection: (handlers: ListenHandlers) => ListenConnection,
    private readonly logger: Logger = defaultLogger,
  ) {}

  /** Adds a subscriber (starting the connection if needed); returns its unsubscribe. */
  subscribe(subscriber: HubSubscriber): () => void {
    this.subscribers.add(subscriber);
    this.start();
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Resolves once the connection listens (starting it if needed). */
  ready(): Promise<void> {
    return this.start().ready();
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Closes the connection; a later subscription opens a new one. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.subscribers.clear();
    await connection?.close();
  }

  private start(): ListenConnection {
    this.connection ??= this.openConnection({
      onPayload: (payload) => this.receive(payload),
      onReconnect: () => this.deliver({ kind: "resync" }),
    });
    return this.connection;
  }

  private receive(payload: string): void {
    const event = parseRealtimeEvent(payload);
    if (!event) {
      // A publisher bug must not reach browsers or take the connection down.
      this.logger.warn({ payload: payload.slice(0, 200) }, "dropped a malformed realtime payload");
      return;
    }
    this.deliver({ kind: "event", event });
  }

  private deliver(signal: HubSignal): void {
    // A copy: a subscriber may unsubscribe itself (a stream closing on session-ended).
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber(signal);
      } catch (error) {
        this.logger.error({ err: error }, "realtime subscriber failed");
      }
    }
  }
}

const KEY = "realtime-hub";

/** The process's hub, listening on the configured database. */
export function realtimeHub(): RealtimeHub {
  return singleton(KEY, () => new RealtimeHub((handlers) => database().listen(REALTIME_CHANNEL, handlers)));
}

/** Closes the process's hub, if one was started (before the database closes). */
export async function closeRealtimeHub(): Promise<void> {
  const registry = globalThis as unknown as { __skinhamnen?: Map<string, unknown> };
  const hub = registry.__skinhamnen?.get(KEY) as RealtimeHub | undefined;
  if (!hub) return;
  dropSingleton(KEY);
  await hub.close();
}
