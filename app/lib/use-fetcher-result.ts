import { useEffect, useRef } from "react";

/**
 * Calls `onResult` once for each answer a fetcher settles with (not again on a re-render, nor
 * while a new submission is under way): the toasts and follow-ups of a form sent in place.
 */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, onResult: (result: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    onResult(result);
  }, [fetcher.state, fetcher.data, onResult]);
}
