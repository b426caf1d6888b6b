import * as React from "react";
import { Link } from "react-router";
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "~/components/ui/icons";

import { cn } from "~/lib/cn";

/**
 * The one table of the staff panel (STYLE.md "Staff panel"): TanStack Table (headless) for
 * the column model, our primitives for the look. Sorting, filters and the page live in the
 * URL and the server sorts and pages (one page per request; `Pager` gives the page links), so
 * every header is a plain link: a view can be linked, reloaded and navigated back to, with or without
 * JavaScript.
 */

export type SortDirection = "asc" | "desc";

export interface DataTableColumnMeta {
  /** Numbers and amounts are right-aligned. */
  align?: "left" | "right";
  /** Extra classes for the column's header and cells (widths, nowrap). */
  className?: string;
  /** The URL's sort value for this column; without it the column does not sort. */
  sortKey?: string;
  /** The column names its row (a month, a member): its cells are row headers for screen readers. */
  rowHeader?: boolean;
}

export const dataTableFeatures = tableFeatures({ rowSortingFeature, columnMeta: {} as DataTableColumnMeta });

export type DataTableColumn<TData extends RowData> = ColumnDef<typeof dataTableFeatures, TData>;

export interface DataTableProps<TData extends RowData> {
  columns: DataTableColumn<TData>[];
  data: TData[];
  getRowId: (row: TData) => string;
  /** What the table lists, for screen readers. */
  caption: string;
  /** The sort the rows came in (from the URL). */
  sort?: { key: string; dir: SortDirection } | null;
  /** Link to the same view sorted by `key` in `dir`. */
  sortHref?: (key: string, dir: SortDirection) => string;
  /** Shown instead of rows when there are none. */
  empty: React.ReactNode;
  /**
   * Each row as a card below the lg breakpoint (phones, tablets, a narrow window beside the
   * sidebar), where a wide table would need sideways scrolling; without it the table
   * scrolls sideways there.
   */
  renderCard?: (row: TData, index: number) => React.ReactNode;
  /** The rows' order means something (a ranking): the cards are an ordered list. */
  ordered?: boolean;
  /** Dims the rows while a new page is on its way. */
  busy?: boolean;
  testId?: string;
}

function ariaSort(direction: SortDirection | false): "ascending" | "descending" | undefined {
  if (!direction) return undefined;
  return direction === "asc" ? "ascending" : "descending";
}

export function DataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  caption,
  sort,
  sortHref,
  empty,
  renderCard,
  ordered,
  busy,
  testId,
}: DataTableProps<TData>) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    // The server sorts; the table only shows which way.
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: true,
  });
  const rows = table.getRowModel().rows;
  const CardList = ordered ? "ol" : "ul";

  if (rows.length === 0) {
    return (
      <div className="rounded-xl border border-dashed bg-card px-6 py-12 text-center" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </div>
    );
  }

  return (
    <div className={cn("min-w-0 transition-opacity", busy && "opacity-60")} aria-busy={busy || undefined} data-testid={testId}>
      {renderCard ? (
        <CardList className="grid gap-3 lg:hidden" aria-label={caption}>
          {rows.map((row, index) => (
            <li key={row.id}>{renderCard(row.original, index)}</li>
          ))}
        </CardList>
      ) : null}
      {/* A table wider than a phone scrolls here (positioned, so a visually hidden text in a cell stays
          inside it): a region that takes focus, so the keyboard scrolls it
          too, named apart from the section around it (two regions may not share a name). */}
      <div
        role="region"
        aria-label={`Tabell: ${caption}`}
        tabIndex={0}
        className={cn("relative overflow-x-auto rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring", renderCard && "hidden lg:block")}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b">
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sortKey = meta?.sortKey;
                  const sorted: SortDirection | false = sortKey && sort?.key === sortKey ? sort.dir : false;
                  const label = header.isPlaceholder ? null : (
                    <table.FlexRender header={header} />
                  );
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      scope="col"
                      aria-sort={ariaSort(sorted)}
                      className={cn("px-3 py-3 whitespace-nowrap first:pl-4 last:pr-4", meta?.align === "right" && "text-right", meta?.className)}
                    >
                      {sortKey && sortHref ? (
                        <SortLink
                          to={sortHref(sortKey, sorted === "desc" ? "asc" : "desc")}
                          sorted={sorted}
                          align={meta?.align}
                        >
                          {label}
                        </SortLink>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b last:border-b-0 hover:bg-muted/30" data-row-id={row.id}>
                {row.getAllCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const Cell = meta?.rowHeader ? "th" : "td";
                  return (
                    <Cell
                      key={cell.id}
                      scope={meta?.rowHeader ? "row" : undefined}
                      className={cn(
                        "px-3 py-3 align-top first:pl-4 last:pr-4",
                        meta?.rowHeader && "text-left font-medium",
                        meta?.align === "right" && "text-right tabular-nums",
                        meta?.className,
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SortLink({
  to,
  sorted,
  align,
  children,
}: {
  to: string;
  sorted: SortDirection | false;
  align?: "left" | "right";
  children: React.ReactNode;
}) {
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={to}
      preventScrollReset
      className={cn(
        "inline-flex items-center gap-1 rounded-sm uppercase outline-hidden hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        sorted && "text-foreground",
        align === "right" && "flex-row-reverse",
      )}
    >
      {children}
      <Icon className={cn("size-3.5", !sorted && "opacity-50")} aria-hidden="true" />
      <span className="sr-only">
        {sorted === "desc" ? ", sorterat fallande – sortera stigande" : sorted === "asc" ? ", sorterat stigande – sortera fallande" : ", sortera"}
      </span>
    </Link>
  );
}
