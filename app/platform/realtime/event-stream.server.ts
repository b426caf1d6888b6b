/**
 * GET /api/events: one Server-Sent-Events stream per browser tab (docs/rules/realtime.md).
 * A signed-in member's stream carries that member's events and the public ones; an anonymous
 * stream only the public ones. The registry keeps the open streams of this process, so it can
 * cap them and end them all before the server closes (an open stream would otherwise hold
 * `server.close` open for ever).
 */
import type { Request, RequestHandler, Response } from "express";
import { REALTIME } from "../platform-constants";
import { logger } from "../logger.server";
import { isMemberEvent, type RealtimeEvent } from "./events";
import type { HubSignal, RealtimeHub } from "./hub.server";

export interface StreamSession {
  userId: string;
  sessionId: string;
  /** Set-Cookie headers of a refreshed session, sent with the stream's response. */
  setCookies: string[];
}

export interface EventStreamOptions {
  hub(): RealtimeHub;
  /** The session of the request's cookie, or null for an anonymous tab. */
  readSession(req: Request): Promise<StreamSession | null>;
  /** Whether a session still exists and is valid: the periodic backstop to `session-ended`. */
  isSessionActive(sessionId: string): Promise<boolean>;
  heartbeatMs: number;
  /** Open streams of this process, of every member and address together (SSE_MAX_STREAMS). */
  maxStreams?: number;
  /** How long a new stream waits for the LISTEN connection before it answers anyway (ms). */
  readyTimeoutMs?: number;
}

/** Headers of every stream; compression skips `text/event-stream` (server/app.ts). */
const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: neither our compression nor a proxy may buffer it to compress it.
  "Cache-Control": "no-store, no-transform",
  // nginx and friends would otherwise buffer the response.
  "X-Accel-Buffering": "no",
} as const;

export function isEventStream(res: { getHeader(name: string): unknown }): boolean {
  return String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");
}

/** One event in the SSE wire format; JSON never contains a raw line break. */
export function formatEvent(id: number, type: string, data: unknown): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Whether an event is for the stream of this member (null: anonymous). */
export function isFor(event: RealtimeEvent, userId: string | null): boolean {
  return isMemberEvent(event) ? event.userId === userId : true;
}

/** Whether a `session-ended` event ends the stream of this session. */
export function endsSession(event: RealtimeEvent, userId: string | null, sessionId: string | null): boolean {
  return (
    event.type === "session-ended" &&
    userId !== null &&
    event.userId === userId &&
    (event.sessionId === null || event.sessionId === sessionId)
  );
}

interface OpenStream {
  userId: string | null;
  sessionId: string | null;
  ip: string;
  end(): void;
  finished: Promise<void>;
}

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ "Cache-Control": "no-store", ...headers }).json({ ok: false, message });
}

export class EventStreams {
  private readonly streams = new Set<OpenStream>();
  private sequence = 0;
  private closing = false;

  constructor(private readonly options: EventStreamOptions) {}

  get size(): number {
    return this.streams.size;
  }

  /** The Express handler for /api/events (every method; only GET opens a stream). */
  handler(): RequestHandler {
    return (req, res) => {
      this.open(req, res).catch((error: unknown) => {
        logger.error({ err: error }, "event stream failed");
        if (!res.headersSent) refuse(res, 503, REALTIME.messages.unavailable, { "Retry-After": "5" });
        else res.end();
      });
    };
  }

  /** Ends every open stream and refuses new ones; resolves once their responses are out. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const open = [...this.streams];
    for (const stream of open) stream.end();
    await Promise.all(open.map((stream) => stream.finished));
  }

  /** The process is full: refused before its session is read, and again once it is. */
  private full(res: Response): boolean {
    if (this.streams.size < (this.options.maxStreams ?? REALTIME.maxStreamsPerProcess)) return false;
    refuse(res, 503, REALTIME.messages.serverFull, { "Retry-After": String(REALTIME.fullRetryAfterSeconds) });
    return true;
  }

  private async open(req: Request, res: Response): Promise<void> {
    if (req.method !== "GET") {
      refuse(res, 405, REALTIME.messages.methodNotAllowed, { Allow: "GET" });
      return;
    }
    if (this.closing) {
      refuse(res, 503, REALTIME.messages.unavailable, { "Retry-After": "5" });
      return;
    }
    if (this.full(res)) return;
    const session = await this.options.readSession(req);
    // The tab may have gone, or the server begun to stop, while the session was read.
    if (res.writableEnded || req.socket.destroyed) return;
    if (this.closing) {
      refuse(res, 503, REALTIME.messages.unavailable, { "Retry-After": "5" });
      return;
    }
    const userId = session?.userId ?? null;
    const ip = req.ip ?? req.socket.remoteAddress ?? "";
    // Counted and registered without an await in between, so concurrent opens cannot overshoot.
    if (this.full(res)) return;
    const over = userId
      ? this.count((s) => s.userId === userId) >= REALTIME.maxStreamsPerUser
      : this.count((s) => s.userId === null && s.ip === ip) >= REALTIME.maxAnonymousStreamsPerIp;
    if (over) {
      refuse(res, 429, REALTIME.messages.tooManyStreams, { "Retry-After": String(REALTIME.retryAfterSeconds) });
      return;
    }
    this.stream(req, res, { userId, sessionId: session?.sessionId ?? null, ip, setCookies: session?.setCookies ?? [] });
  }

  private count(predicate: (stream: OpenStream) => boolean): number {
    let n = 0;
    for (const stream of this.streams) if (predicate(stream)) n += 1;
    return n;
  }

  private stream(
    req: Request,
    res: Response,
    identity: { userId: string | null; sessionId: string | null; ip: string; setCookies: string[] },
  ): void {
    const { userId, sessionId } = identity;
    let ended = false;
    let resolveFinished: () => void = () => {};
    const finished = new Promise<void>((resolve) => (resolveFinished = resolve));
    const write = (chunk: string) => {
      if (!ended) res.write(chunk);
    };
    const send = (type: string, data: unknown) => write(formatEvent(++this.sequence, type, data));

    const end = () => {
      if (ended) return;
      ended = true;
      cleanup();
      res.end();
    };
    const stream: OpenStream = { userId, sessionId, ip: identity.ip, end, finished };

    const onSignal = (signal: HubSignal) => {
      if (signal.kind === "resync") return send("resync", {});
      const { event } = signal;
      if (!isFor(event, userId)) return;
      if (event.type === "session-ended") {
        // Only the ended session's streams hear of it; the member's other sessions go on.
        if (endsSession(event, userId, sessionId)) {
          send(event.type, event);
          end();
        }
        return;
      }
      send(event.type, event);
    };

    let checking = false;
    const heartbeat = setInterval(() => {
      write(": heartbeat\n\n");
      if (!sessionId || checking) return;
      checking = true;
      this.options
        .isSessionActive(sessionId)
        .then((active) => {
          if (active || ended) return;
          send("session-ended", { type: "session-ended", userId, sessionId });
          end();
        })
        .catch((error: unknown) => logger.warn({ err: error }, "event stream session check failed"))
        .finally(() => (checking = false));
    }, this.options.heartbeatMs);
    heartbeat.unref();

    const hub = this.options.hub();
    const unsubscribe = hub.subscribe(onSignal);
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.streams.delete(stream);
    };
    this.streams.add(stream);
    res.on("close", () => {
      ended = true;
      cleanup();
      resolveFinished();
    });

    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.status(200).set(EVENT_STREAM_HEADERS);
    for (const cookie of identity.setCookies) res.append("Set-Cookie", cookie);
    res.flushHeaders();

    // The first bytes go out once LISTEN is in place, so a client that has them misses nothing.
    let timeout: NodeJS.Timeout | undefined;
    const readyTimeout = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, this.options.readyTimeoutMs ?? 5_000);
      timeout.unref();
    });
    void Promise.race([hub.ready(), readyTimeout])
      .catch((error: unknown) => logger.warn({ err: error }, "realtime connection not ready"))
      .finally(() => {
        clearTimeout(timeout);
        write(`retry: ${REALTIME.reconnectMs}\n: ansluten\n\n`);
      });
  }
}
