import { REALTIME } from "~/platform/platform-constants";

/**
 * Wait before reopening a stream the server refused (429 or 503): from its Retry-After upwards,
 * doubling to at most five minutes, jittered so a server's many tabs do not return together.
 */
export function streamRetryDelay(refusals: number, random: () => number = Math.random): number {
  const base = REALTIME.retryAfterSeconds * 1000 * 2 ** Math.min(refusals, 4);
  const capped = Math.min(base, 5 * 60_000);
  return Math.round(capped * (0.75 + random() * 0.5));
}
