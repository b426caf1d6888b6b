/**
 * Small pieces the staff panel's lists share: the empty state under a filter, a date with its
 * time below, a back link to the list a page belongs to, and the cards' labelled fields.
 */
import type * as React from "react";
import { Link } from "react-router";
import { ArrowLeft } from "~/components/ui/icons";
import { formatDate, formatTime } from "~/lib/format";
import { buttonVariants } from "~/components/ui/button";

/** What an empty list shows: a title and, when there is one, a hint. */
export function ListEmpty({ title, hint }: { title: string; hint?: React.ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2">
      <p className="font-semibold">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
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
