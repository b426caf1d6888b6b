import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once it runs in the browser: for
 * what only the browser can draw (a chart measures its box; its server markup would be a guess).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
