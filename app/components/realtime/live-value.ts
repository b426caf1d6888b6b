/**
 * A number that changes live, with a highlight while it is new (a new XP value on /profile is
 * highlighted for one second, docs/rules/realtime.md#events-and-receivers). Framework-free, so the
 * timing is testable; `useLiveNumber` wraps it for components.
 */
export interface LiveValueState {
  value: number;
  highlighted: boolean;
}

export interface LiveValue {
  get(): LiveValueState;
  /** A live change: the new value, highlighted for `highlightMs`. */
  change(value: number): void;
  /** The page's data brought a value (first render, revalidation): shown as is. */
  reset(value: number): void;
  subscribe(listener: () => void): () => void;
  /** Stops a pending highlight timer (the component unmounted). */
  dispose(): void;
}

export function createLiveValue(
  initial: number,
  highlightMs: number,
  // Wrapped, not passed as is: a browser's setTimeout called as `timers.set(…)` gets the
  // wrong `this` and throws "Illegal invocation", so the highlight would never end.
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = {
    set: ((handler: () => void, ms: number) => setTimeout(handler, ms)) as typeof setTimeout,
    clear: (id) => clearTimeout(id),
  },
): LiveValue {
  let state: LiveValueState = { value: initial, highlighted: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const update = (next: LiveValueState) => {
    if (next.value === state.value && next.highlighted === state.highlighted) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => state,
    change(value) {
      if (timer !== undefined) timers.clear(timer);
      update({ value, highlighted: true });
      timer = timers.set(() => {
        timer = undefined;
        update({ value: state.value, highlighted: false });
      }, highlightMs);
    },
    reset(value) {
      update({ value, highlighted: state.highlighted });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      if (state.highlighted) state = { value: state.value, highlighted: false };
    },
  };
}
