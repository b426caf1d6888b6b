/**
 * The home hero's counters (docs/rules/site.md#hero-counters): the customer count runs up to 15 000
 * (shown "15K+"), the rating from 4,0 to 5,0 in steps of 0,1 every 100 ms, both starting 500 ms
 * after load. Pure functions of the elapsed time, so the UI only has to ask "what now?" on each
 * frame.
 */
import { HERO_COUNTERS } from "~/modules/marketing/marketing-constants";

export interface CounterValues {
  customers: number;
  rating: number;
}

/** What the server renders and where every animation ends. */
export const FINAL_COUNTER_VALUES: CounterValues = {
  customers: HERO_COUNTERS.customersTarget,
  rating: HERO_COUNTERS.ratingTo,
};

const RATING_STEPS = Math.round((HERO_COUNTERS.ratingTo - HERO_COUNTERS.ratingFrom) / HERO_COUNTERS.ratingStep);

/** Total time from load until both counters show their final values. */
export const COUNTER_TOTAL_MS =
  HERO_COUNTERS.startDelayMs +
  Math.max(HERO_COUNTERS.customersDurationMs, RATING_STEPS * HERO_COUNTERS.ratingTickMs);

/** The rating after `elapsedMs` since load: one 0,1 step per tick, never past the target. */
export function ratingAt(elapsedMs: number): number {
  const running = elapsedMs - HERO_COUNTERS.startDelayMs;
  if (running < 0) return HERO_COUNTERS.ratingFrom;
  const steps = Math.min(RATING_STEPS, Math.floor(running / HERO_COUNTERS.ratingTickMs));
  // Integer tenths avoid 4.1 + 0.1 = 4.199999…
  return (Math.round(HERO_COUNTERS.ratingFrom * 10) + steps) / 10;
}

/** The customer count after `elapsedMs` since load, easing out towards the target. */
export function customersAt(elapsedMs: number): number {
  const running = elapsedMs - HERO_COUNTERS.startDelayMs;
  if (running <= 0) return 0;
  const progress = Math.min(1, running / HERO_COUNTERS.customersDurationMs);
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(eased * HERO_COUNTERS.customersTarget);
}

export function countersAt(elapsedMs: number): CounterValues {
  return { customers: customersAt(elapsedMs), rating: ratingAt(elapsedMs) };
}

/** "15K+" from 1 000 up (whole thousands, rounded down so it never overstates), else the number. */
export function formatCustomers(count: number): string {
  if (count < HERO_COUNTERS.thousandsFrom) return String(count);
  return `${Math.floor(count / 1000)}K+`;
}

/** Swedish decimal comma, one decimal: 5 → "5,0". */
export function formatRating(rating: number): string {
  return rating.toFixed(1).replace(".", ",");
}
