/**
 * The points popup's rule (docs/rules/realtime.md#points-popup): a new positive points row for the
 * signed-in member opens the congratulation, once per row; spending (a negative row) and other
 * members' rows do not.
 */
import type { RealtimeEvent } from "~/platform/realtime/events";
import { formatPoints } from "~/lib/format";

type PointsEvent = Extract<RealtimeEvent, { type: "points" }>;

export function isAwardFor(event: PointsEvent, userId: string | null, shown: ReadonlySet<string>): boolean {
  return userId !== null && event.userId === userId && event.amount > 0 && !shown.has(event.rowId);
}

/** "Du har fått 1 500 poäng" (Swedish digit grouping). */
export function pointsAwardText(amount: number): string {
  return `Du har fått ${formatPoints(amount)}`;
}
