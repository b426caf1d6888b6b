/** In-tab fan-out of live events to the components that asked for a type. */
import type { RealtimeEvent, RealtimeEventType } from "~/platform/realtime/events";

type Handler<T extends RealtimeEventType> = (event: Extract<RealtimeEvent, { type: T }>) => void;

export interface RealtimeBus {
  subscribe<T extends RealtimeEventType>(type: T, handler: Handler<T>): () => void;
  emit(event: RealtimeEvent): void;
}

export function createRealtimeBus(): RealtimeBus {
  const handlers = new Map<RealtimeEventType, Set<(event: RealtimeEvent) => void>>();
  return {
    subscribe(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      const entry = handler as (event: RealtimeEvent) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(event) {
      for (const handler of [...(handlers.get(event.type) ?? [])]) {
        try {
          handler(event);
        } catch (error) {
          // One broken component must not keep the event from the others.
          console.error(error);
        }
      }
    },
  };
}
