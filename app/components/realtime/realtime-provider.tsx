/**
 * The browser's side of the live event stream (docs/rules/realtime.md): one EventSource per
 * tab, opened here for the whole app, that hands each event to the components subscribed
 * with `useRealtimeEvent`. Nothing is replayed: after a dropped connection comes back, and on
 * the server's `resync`, the page's route data is revalidated instead.
 */
import { createContext, useContext, useEffect, useMemo, useRef } from "react";
import { useRevalidator } from "react-router";
import { useSessionUser } from "~/lib/site-config";
import { REALTIME_EVENT_TYPES, type RealtimeEvent, type RealtimeEventType } from "~/platform/realtime/events";
import { createRealtimeBus, type RealtimeBus } from "./realtime-bus";
import { streamRetryDelay } from "./stream-retry";

const EVENTS_PATH = "/api/events";

let parser: Promise<(payload: string) => RealtimeEvent | null> | undefined;
function loadParser() {
  parser ??= import("~/platform/realtime/event-schema").then((module) => module.parseRealtimeEvent);
  return parser;
}

const RealtimeContext = createContext<RealtimeBus | null>(null);

export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const bus = useMemo(() => createRealtimeBus(), []);
  const userId = useSessionUser()?.id ?? null;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  // One stream per signed-in identity: signing in or out opens a new one with the new cookie.
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let refusals = 0;
    let interrupted = false;
    let stopped = false;

    const refresh = () => {
      void revalidate.current().catch(() => {});
    };

    const connect = () => {
      const current = new EventSource(EVENTS_PATH);
      source = current;
      current.onopen = () => {
        refusals = 0;
        // Events sent while the stream was down are gone: show what is true now.
        if (interrupted) refresh();
        interrupted = false;
      };
      current.onerror = () => {
        interrupted = true;
        // The browser retries by itself unless the answer was not a stream (429, 503):
        // then it gives up, and we try again later, backing off.
        if (current.readyState === EventSource.CLOSED && !stopped) {
          current.close();
          retryTimer = window.setTimeout(connect, streamRetryDelay(refusals++));
        }
      };
      current.addEventListener("resync", refresh);
      for (const type of REALTIME_EVENT_TYPES) {
        current.addEventListener(type, (message) => {
          const payload = (message as MessageEvent<string>).data;
          // The checker (and zod) loads with the first event, not with the page.
          void loadParser().then((parse) => {
            const event = parse(payload);
            if (event?.type === type && !stopped) bus.emit(event);
          });
        });
      }
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, bus]);

  // This tab's session ended (signed out here or elsewhere): the page should show it.
  useEffect(
    () =>
      bus.subscribe("session-ended", (event) => {
        if (event.userId === userId) void revalidate.current().catch(() => {});
      }),
    [bus, userId],
  );

  return <RealtimeContext.Provider value={bus}>{children}</RealtimeContext.Provider>;
}

/**
 * Calls `handler` for each live event of this type (for this tab's member, or public). The
 * latest handler is used without resubscribing, so it may read current props and state.
 */
export function useRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (event: Extract<RealtimeEvent, { type: T }>) => void,
): void {
  const bus = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!bus) return;
    return bus.subscribe(type, (event) => latest.current(event));
  }, [bus, type]);
}

/** Revalidates the page's data when public content with this tag changes (blog lists). */
export function useRevalidateOnContent(tag: Extract<RealtimeEvent, { type: "content" }>["tag"]): void {
  const revalidator = useRevalidator();
  useRealtimeEvent("content", (event) => {
    if (event.tag === tag) void revalidator.revalidate().catch(() => {});
  });
}
