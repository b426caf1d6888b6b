/**
 * The search and filter bars above the staff panel's lists. Every bar is a plain GET form, so
 * a filtered view lives in the URL and works without JavaScript; the fields keep the names of
 * the URL parameters their list reads.
 */
import type * as React from "react";
import { Form, Link } from "react-router";
import { Filter, Search, X } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/cn";

/** A bar of filter fields with a "Filtrera" button and, once something is filtered, a link that clears it. */
export function ListFilters({
  label,
  active,
  clearTo,
  clearLabel = "Rensa filter",
  testId,
  children,
}: {
  /** The form's accessible name, e.g. "Filtrera ordrar". */
  label: string;
  /** Whether a filter is set (shows the clear link). */
  active: boolean;
  /** The same view without the filters. */
  clearTo: string;
  clearLabel?: string;
  testId?: string;
  /** The fields, and hidden inputs for what a new filter keeps (sort, other lists' pages). */
  children: React.ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="grid gap-3 rounded-xl border bg-card p-4" data-testid={testId}>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Filter className="size-4" aria-hidden="true" />
          Filtrera
        </Button>
        {active ? (
          <Link to={clearTo} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <X className="size-4" aria-hidden="true" />
            {clearLabel}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** One labelled field of a filter bar. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn(className, "grid gap-1.5")}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A filter's drop-down: "all" (empty value) first, then the options as [value, label]. */
export function FilterSelect({
  id,
  name,
  label,
  all,
  options,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  label: string;
  all: string;
  options: ReadonlyArray<readonly [string, string]>;
  defaultValue: string | null | undefined;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <NativeSelect id={id} name={name} defaultValue={defaultValue ?? ""}>
        <option value="">{all}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** The "Från" and "Till" date fields (URL parameters from and to), side by side from 400 px. */
export function DateRangeFields({ from, to, idPrefix = "filter" }: { from: string | null | undefined; to: string | null | undefined; idPrefix?: string }) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label="Från" className="col-span-2 min-[400px]:col-span-1">
        <Input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from ?? ""} />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label="Till" className="col-span-2 min-[400px]:col-span-1">
        <Input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to ?? ""} />
      </FilterField>
    </>
  );
}

/** Options as [value, label] pairs from a list of values and their labels. */
export function labelledOptions<T extends string>(values: readonly T[], labels: Record<T, string>): Array<readonly [string, string]> {
  return values.map((value) => [value, labels[value]] as const);
}

/** A single search field with "Sök" and, once something is searched, "Rensa" (URL parameter q). */
export function ListSearch({
  id,
  label,
  formLabel,
  q,
  placeholder,
  clearTo,
  maxLength = 100,
}: {
  id: string;
  /** The field's label. */
  label: string;
  /** The form's accessible name. */
  formLabel: string;
  q: string;
  placeholder: string;
  clearTo: string;
  /** The longest search the list's query schema reads. */
  maxLength?: number;
}) {
  return (
    <Form method="get" role="search" aria-label={formLabel} className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4" key={q}>
      <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} name="q" type="search" defaultValue={q} maxLength={maxLength} placeholder={placeholder} />
      </div>
      <div className="flex gap-2">
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          Sök
        </Button>
        {q ? (
          <Link to={clearTo} className={buttonVariants({ variant: "ghost" })}>
            <X className="size-4" aria-hidden="true" />
            Rensa
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
