/**
 * The site's figures as the public pages word them (docs/rules/site.md#marketing-claims,
 * docs/decisions/055-site-figures.md): what the server computed from our data and what staff
 * configured with its source, a figure below its minimum already left out (null). Rounding
 * only ever goes down, so a figure never says more than the data. Isomorphic.
 */
import { formatNumber } from "~/lib/format";
import { FIGURE_MINIMUMS, type FigureName } from "./claims";

/** A configured review source (docs/rules/site.md#marketing-claims): staff enter it with its public page. */
export interface ReviewSource {
  platform: string;
  /** 1.0–5.0, one decimal. */
  rating: number;
  count: number;
  url: string;
}

export interface ReviewSummary {
  sources: ReviewSource[];
  /** Reviews on every source together; 0 when none is configured. */
  total: number;
  /** The sources' ratings weighted by their counts, one decimal rounded down; null when none is configured. */
  average: number | null;
}

/** What a public page may show: each computed figure, or null when it is below its minimum. */
export interface SiteFigures {
  members: number | null;
  trades: number | null;
  paidOutSek: number | null;
  tradesPerDay: number | null;
  reviews: ReviewSummary;
}

export type FigureMinimums = Record<FigureName, number>;

/** A computed figure, or null when it is below its minimum (nothing is shown then). */
export function publicFigure(value: number, minimum: number): number | null {
  return value >= minimum && value > 0 ? value : null;
}

/** Applies the minimums to the computed values. */
export function publicFigures(values: Record<FigureName, number>, minimums: FigureMinimums = FIGURE_MINIMUMS) {
  return {
    members: publicFigure(values.members, minimums.members),
    trades: publicFigure(values.trades, minimums.trades),
    paidOutSek: publicFigure(values.paidOutSek, minimums.paidOutSek),
    tradesPerDay: publicFigure(values.tradesPerDay, minimums.tradesPerDay),
  };
}

/** Rounded down to two significant digits: 1 234 → 1 200, 15 321 → 15 000; below 100 exact. */
export function roundDownForClaim(value: number): number {
  const whole = Math.floor(value);
  if (whole < 100) return whole;
  const step = 10 ** (Math.floor(Math.log10(whole)) - 1);
  return Math.floor(whole / step) * step;
}

/** "1 200+" from 1 234, "15 000+" from 15 321; below 100 the number itself. */
export function formatClaim(value: number): string {
  const rounded = roundDownForClaim(value);
  return rounded < 100 ? formatNumber(rounded) : `${formatNumber(rounded)}+`;
}

/** SEK paid out: "2,4 MSEK" (tenths of a million, rounded down) from a million up, else "850 000+ kr". */
export function formatPaidOut(sek: number): string {
  if (sek < 1_000_000) return `${formatClaim(sek)} kr`;
  const tenths = Math.floor(sek / 100_000);
  return `${(tenths / 10).toFixed(tenths % 10 === 0 ? 0 : 1).replace(".", ",")} MSEK`;
}

/** Swedish decimal comma, one decimal: 5 → "5,0". */
export function formatRating(rating: number): string {
  return rating.toFixed(1).replace(".", ",");
}

/** The configured sources summed: total count and the count-weighted average, one decimal rounded down. */
export function summarizeReviews(sources: ReviewSource[]): ReviewSummary {
  const total = sources.reduce((sum, source) => sum + source.count, 0);
  if (sources.length === 0) return { sources, total: 0, average: null };
  const weighted =
    total === 0
      ? sources.reduce((sum, source) => sum + source.rating, 0) / sources.length
      : sources.reduce((sum, source) => sum + source.rating * source.count, 0) / total;
  // Tenths rounded down (with a little slack for binary fractions: 4.8 stays 4.8).
  return { sources, total, average: Math.floor(weighted * 10 + 1e-9) / 10 };
}

/** The platforms' names as a Swedish list: "Trustpilot och Google". */
export function listPlatforms(sources: readonly ReviewSource[]): string {
  const names = sources.map((source) => source.platform);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} och ${names.at(-1)}`;
}
