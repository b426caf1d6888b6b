/**
 * Building blocks the Analytics, Influencers and Dashboard tabs share: the period switch (in the URL),
 * a figure card, a ranked list with bars, and the conversion funnel.
 */
import type * as React from "react";
import { Link, useSearchParams } from "react-router";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import {
  INSIGHT_PERIOD_LABELS,
  INSIGHT_PERIODS,
  DEFAULT_INSIGHT_PERIOD,
  type InsightPeriod,
} from "~/modules/insights/insight-period";

/** `?period=` links; changing the period starts the paged lists over. */
export function PeriodSwitch({ period, resetParams = [] }: { period: InsightPeriod; resetParams?: string[] }) {
  const [params] = useSearchParams();
  return (
    <nav aria-label="Period" className="inline-flex flex-wrap rounded-lg border bg-muted p-1" data-testid="period-switch">
      {INSIGHT_PERIODS.map((days) => (
        <Link
          key={days}
          to={withSearchParams(params, { period: days === DEFAULT_INSIGHT_PERIOD ? null : days, ...Object.fromEntries(resetParams.map((name) => [name, null])) })}
          preventScrollReset
          aria-current={period === days ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium",
            period === days ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {INSIGHT_PERIOD_LABELS[days]}
        </Link>
      ))}
    </nav>
  );
}

export function Figure({
  label,
  value,
  hint,
  testId,
  children,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
  /** More under the value (a change against the period before, a link). */
  children?: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-3 sm:p-4" data-testid={testId}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">
        <span className="truncate text-lg font-bold tabular-nums sm:text-xl" title={value}>
          {value}
        </span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
        {children}
      </dd>
    </div>
  );
}

/** Percent of a whole in Swedish, "–" when the whole is zero. */
export function share(part: number, whole: number): string {
  if (whole === 0) return "–";
  return `${formatNumber(Math.round((part / whole) * 1000) / 10)} %`;
}

/** A ranked list: label, count and a bar of its share of the largest. */
export function CountList({
  rows,
  empty,
  label,
  testId,
}: {
  rows: Array<{ label: string; count: number }>;
  empty: string;
  label: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  const max = Math.max(...rows.map((row) => row.count), 1);
  return (
    <ol className="grid gap-2 text-sm" aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.label} className="grid gap-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 truncate" title={row.label}>
              {row.label}
            </span>
            <span className="shrink-0 tabular-nums">{formatNumber(row.count)}</span>
          </span>
          <span className="h-1.5 rounded-full bg-muted" aria-hidden="true">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.max(2, (row.count / max) * 100)}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Steps of a funnel, each with its share of the first step and of the step before. */
export function Funnel({ steps, testId }: { steps: Array<{ label: string; count: number }>; testId?: string }) {
  const first = steps[0]?.count ?? 0;
  return (
    <ol className="grid gap-3 sm:grid-cols-3" data-testid={testId}>
      {steps.map((step, index) => {
        const previous = index === 0 ? null : steps[index - 1]!.count;
        return (
          <li key={step.label} className="grid content-start gap-1 rounded-xl border bg-card p-3" data-testid="funnel-step">
            <span className="text-xs font-medium text-muted-foreground">
              {index + 1}. {step.label}
            </span>
            <span className="text-lg font-bold tabular-nums">{formatNumber(step.count)}</span>
            <span className="text-xs text-muted-foreground">
              {previous === null ? "Utgångspunkt" : `${share(step.count, previous)} av föregående · ${share(step.count, first)} av första`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
