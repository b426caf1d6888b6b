/**
 * The period the Analytics and Influencers tabs show (`?period=7|30|90|365`, 30 by default):
 * that many Stockholm days, today included, up to now. Isomorphic.
 */
import { addDays, stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";

/** Analytics and Influencers tabs: the periods staff choose between, in Stockholm days. */
export const INSIGHT_PERIODS = [7, 30, 90, 365] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const DEFAULT_INSIGHT_PERIOD: InsightPeriod = 30;

export const INSIGHT_PERIOD_LABELS: Record<InsightPeriod, string> = {
  7: "7 dagar",
  30: "30 dagar",
  90: "90 dagar",
  365: "365 dagar",
};

export function parseInsightPeriod(value: string | null): InsightPeriod {
  const days = Number(value);
  return (INSIGHT_PERIODS as readonly number[]).includes(days) ? (days as InsightPeriod) : DEFAULT_INSIGHT_PERIOD;
}

export interface InsightRange {
  days: InsightPeriod;
  start: Date;
  end: Date;
  /** Every Stockholm day of the period, oldest first (`yyyy-mm-dd`). */
  dayList: string[];
}

export function insightRange(days: InsightPeriod, now: Date): InsightRange {
  const firstDay = addDays(stockholmDay(now), -(days - 1));
  return {
    days,
    start: stockholmDayStart(firstDay)!,
    end: now,
    dayList: Array.from({ length: days }, (_, index) => addDays(firstDay, index)),
  };
}
