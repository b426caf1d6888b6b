/**
 * Small pieces the staff panel's lists share: the empty state under a filter, the page links
 * kept in the URL, a date with its time below, a back link to the list a page belongs to, and
 * the cards' labelled fields.
 */
import type * as React from "react";
import { Link, useSearchParams } from "react-router";
import { ArrowLeft } from "~/components/ui/icons";
import { formatDate, formatTime } from "~/lib/format";
import { buttonVariants } from "~/components/ui/button";
import { DataTablePagination } from "~/components/ui/data-table";
import { withSearchParams } from "~/lib/search-params";

/** What an empty list shows: a title and, when there is one, a hint. */
export function ListEmpty({ title, hint }: { title: string; hint?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2">
      <p className="font-semibold">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Page links for a server-paged list, paged by `param` in the URL (page 1 drops it); nothing when the list is empty. */
export function ListPagination({
  param = "page",
  page,
  pageCount,
  pageSize,
  total,
  noun,
}: {
  param?: string;
  page: number;
  pageCount?: number;
  pageSize: number;
  total: number;
  noun: string;
}) {
  const [params] = useSearchParams();
  if (total <= 0) return null;
  return (
    <DataTablePagination
      page={page}
      pageCount={pageCount ?? Math.max(1, Math.ceil(total / pageSize))}
      pageSize={pageSize}
      total={total}
      noun={noun}
      hrefForPage={(target) => withSearchParams(params, { [param]: target === 1 ? null : target })}
    />
  );
}

/** A table cell's date with the time below it. */
export function DateTimeCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="grid">
      <span>{formatDate(iso)}</span>
      <span className="text-xs text-muted-foreground">{formatTime(iso)}</span>
    </time>
  );
}

/** The ghost link back to the list above a detail or form page. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** One labelled value in a list row's card (below the lg breakpoint). */
export function CardField({ label, className, valueClassName, children }: { label: string; className?: string; valueClassName?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
