/**
 * The home hero's counters (docs/rules/site.md#hero-counters): the member count runs up to the
 * computed figure (shown "15K+", "1 200+"), the rating from 4,0 to the configured average in
 * steps of 0,1 every 100 ms, both starting 500 ms after load. Pure functions of the elapsed time
 * and the final values, so the UI only has to ask "what now?" on each frame. A counter whose
 * figure is not shown (below its minimum, or no rating configured) is null and left out.
 */
import { HERO_COUNTERS } from "~/modules/marketing/marketing-constants";
import { formatClaim, roundDownForClaim } from "./site-figures";

/** Where the counters end: what the server renders. */
export interface CounterTargets {
  customers: number | null;
  rating: number | null;
}

export interface CounterValues {
  customers: number;
  rating: number;
}

/** Steps of 0,1 from 4,0 to the target (none when the target is at or below 4,0). */
function ratingSteps(target: number): number {
  return Math.max(0, Math.round((target - HERO_COUNTERS.ratingFrom) / HERO_COUNTERS.ratingStep));
}

/** Total time from load until both counters show their final values. */
export function counterTotalMs(targets: CounterTargets): number {
  const ratingMs = targets.rating === null ? 0 : ratingSteps(targets.rating) * HERO_COUNTERS.ratingTickMs;
  return HERO_COUNTERS.startDelayMs + Math.max(HERO_COUNTERS.customersDurationMs, ratingMs);
}

/** The rating after `elapsedMs` since load: one 0,1 step per tick, never past the target. */
export function ratingAt(elapsedMs: number, target: number): number {
  const from = Math.min(HERO_COUNTERS.ratingFrom, target);
  const running = elapsedMs - HERO_COUNTERS.startDelayMs;
  if (running < 0) return from;
  const steps = Math.min(ratingSteps(target), Math.floor(running / HERO_COUNTERS.ratingTickMs));
  // Integer tenths avoid 4.1 + 0.1 = 4.199999…
  return (Math.round(from * 10) + steps) / 10;
}

/** The member count after `elapsedMs` since load, easing out towards the target. */
export function customersAt(elapsedMs: number, target: number): number {
  const running = elapsedMs - HERO_COUNTERS.startDelayMs;
  if (running <= 0) return 0;
  const progress = Math.min(1, running / HERO_COUNTERS.customersDurationMs);
  const eased = 1 - (1 - progress) ** 3;
  return Math.round(eased * target);
}

export function countersAt(elapsedMs: number, targets: CounterTargets): CounterValues {
  return {
    customers: targets.customers === null ? 0 : customersAt(elapsedMs, targets.customers),
    rating: targets.rating === null ? 0 : ratingAt(elapsedMs, targets.rating),
  };
}

/**
 * The count as the hero shows it: "15K+" from ten thousand (whole thousands), "1 200+" and
 * "120+" below (two significant digits), the number itself below 100 — always rounded down,
 * so a running count never overstates.
 */
export function formatCustomers(count: number): string {
  const rounded = roundDownForClaim(count);
  if (rounded >= 10_000) return `${Math.floor(rounded / 1000)}K+`;
  return formatClaim(count);
}
