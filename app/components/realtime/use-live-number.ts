import { useEffect, useState, useSyncExternalStore } from "react";
import { REALTIME } from "~/platform/platform-constants";
import { useSessionUser } from "~/lib/site-config";
import type { RealtimeEvent, RealtimeEventType } from "~/platform/realtime/events";
import { createLiveValue, type LiveValueState } from "./live-value";
import { useRealtimeEvent } from "./realtime-provider";

/**
 * A number shown on a page that live events update: starts at (and follows) `initial` from the
 * route's data; `pick` returns the new value from an event, or null when it is not about this
 * number. `highlighted` is true for a moment after each live change.
 */
function useLiveNumber<T extends RealtimeEventType>(
  initial: number,
  type: T,
  pick: (event: Extract<RealtimeEvent, { type: T }>) => number | null,
  highlightMs: number = REALTIME.xpHighlightMs,
): LiveValueState {
  const [live] = useState(() => createLiveValue(initial, highlightMs));
  useEffect(() => () => live.dispose(), [live]);
  // Revalidated route data wins over an older live value.
  useEffect(() => live.reset(initial), [live, initial]);
  useRealtimeEvent(type, (event) => {
    const value = pick(event);
    if (value !== null) live.change(value);
  });
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}

/** The signed-in member's XP, updated live with a one-second highlight (docs/rules/realtime.md#events-and-receivers). */
export function useLiveXp(initial: number): { xp: number; highlighted: boolean } {
  const userId = useSessionUser()?.id ?? null;
  const { value, highlighted } = useLiveNumber(initial, "xp", (event) => (event.userId === userId ? event.xp : null));
  return { xp: value, highlighted };
}

/** The signed-in member's points balance, updated live on each of their points rows. */
export function useLivePoints(initial: number): { points: number; highlighted: boolean } {
  const userId = useSessionUser()?.id ?? null;
  const { value, highlighted } = useLiveNumber(initial, "points", (event) =>
    event.userId === userId ? event.balance : null,
  );
  return { points: value, highlighted };
}
