/**
 * The one pager: page links for a list paged in the URL by its own search param (`page`
 * unless the list says otherwise; page 1 drops it), keeping the other params (search,
 * filters). Every link is a plain link, so it works without JavaScript.
 *
 * - A list that knows its size (`total`, `pageSize`, `noun`) shows "Visar 1–50 av 120 …" with
 *   first/previous/next/last icon links that fit a 375 px screen; nothing when it is empty.
 * - A list that only knows whether there is more (`hasMore`) shows previous/next, and
 *   "Sida 2 av 5" when `pageCount` is known; nothing when it fits on one page.
 *
 * `KeysetPager` pages a staff list by cursor (app/lib/keyset.ts, docs/decisions/039): first /
 * previous / next links that set `efter` or `fore` and drop the other, with the count of the
 * list ("fler än N" past what is counted).
 */
import type * as React from "react";
import { Link, useSearchParams } from "react-router";
import { formatNumber } from "~/lib/format";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "~/components/ui/icons";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { withSearchParams } from "~/lib/search-params";
import type { CappedCount, KeysetLinks } from "~/lib/keyset";
import { KEYSET_PARAMS } from "~/lib/keyset-params";

interface CountedList {
  total: number;
  pageSize: number;
  /** Plural noun of what is listed, e.g. "affärer". */
  noun: string;
  hasMore?: never;
}

interface OpenList {
  hasMore: boolean;
  /** What is paged, for the navigation's name ("Sidor: …"). */
  label: string;
  total?: never;
}

type PagerProps = {
  param?: string;
  page: number;
  pageCount?: number;
} & (CountedList | OpenList);

export function Pager(props: PagerProps) {
  const { param = "page", page } = props;
  const [params] = useSearchParams();
  const href = (target: number) => withSearchParams(params, { [param]: target === 1 ? null : target });
  if (props.total !== undefined) {
    if (props.total <= 0) return null;
    const pageCount = props.pageCount ?? Math.max(1, Math.ceil(props.total / props.pageSize));
    return <CountedPager page={page} pageCount={pageCount} pageSize={props.pageSize} total={props.total} noun={props.noun} href={href} />;
  }
  if (page === 1 && !props.hasMore) return null;
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={`Sidor: ${props.label}`} className="flex items-center justify-end gap-2 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className={linkClass}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Föregående
        </Link>
      ) : null}
      <span className="text-muted-foreground" aria-current="page">
        {props.pageCount ? `Sida ${page} av ${props.pageCount}` : `Sida ${page}`}
      </span>
      {props.hasMore ? (
        <Link to={href(page + 1)} preventScrollReset className={linkClass}>
          Nästa
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

function CountedPager({
  page,
  pageCount,
  pageSize,
  total,
  noun,
  href,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  noun: string;
  href: (page: number) => string;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const links = [
    { label: "Första sidan", to: 1, Icon: ChevronsLeft, enabled: page > 1, wide: true },
    { label: "Föregående sida", to: page - 1, Icon: ChevronLeft, enabled: page > 1, wide: false },
    { label: "Nästa sida", to: page + 1, Icon: ChevronRight, enabled: page < pageCount, wide: false },
    { label: "Sista sidan", to: pageCount, Icon: ChevronsRight, enabled: page < pageCount, wide: true },
  ];
  const button = cn(buttonVariants({ variant: "outline", size: "icon" }), "size-9");
  const pageLink = ({ label, to, Icon, enabled, wide }: (typeof links)[number]) => (
    <PageLink key={label} label={label} to={href(to)} enabled={enabled} className={cn(button, wide && "hidden sm:inline-flex")}>
      <Icon className="size-4" aria-hidden="true" />
    </PageLink>
  );
  return (
    <nav aria-label="Sidor" className="flex flex-wrap items-center justify-between gap-3" data-testid="pagination">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Visar {formatNumber(first)}–{formatNumber(last)} av {formatNumber(total)} {noun}
      </p>
      <div className="flex items-center gap-1.5">
        {links.slice(0, 2).map(pageLink)}
        <span className="px-2 text-sm font-medium whitespace-nowrap">
          Sida {formatNumber(page)} av {formatNumber(pageCount)}
        </span>
        {links.slice(2).map(pageLink)}
      </div>
    </nav>
  );
}

function PageLink({
  label,
  to,
  enabled,
  className,
  children,
}: {
  label: string;
  to: string;
  enabled: boolean;
  className: string;
  children: React.ReactNode;
}) {
  if (!enabled) {
    return (
      <span className={cn(className, "pointer-events-none opacity-50")} aria-disabled="true" title={label}>
        {children}
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return (
    <Link to={to} className={className} preventScrollReset title={label}>
      {children}
      <span className="sr-only">{label}</span>
    </Link>
  );
}

/** "1 234 medlemmar", or "Fler än 10 000 medlemmar" when the count stopped at its cap. */
export function countLabel(count: CappedCount, noun: string): string {
  return count.capped ? `Fler än ${formatNumber(count.count)} ${noun}` : `${formatNumber(count.count)} ${noun}`;
}

export function KeysetPager({ links, count, noun }: { links: KeysetLinks; count?: CappedCount; noun: string }) {
  const [params] = useSearchParams();
  if (!links.first && !links.next && !count) return null;
  const href = (after: string | null, before: string | null) =>
    withSearchParams(params, { [KEYSET_PARAMS.after]: after, [KEYSET_PARAMS.before]: before, page: null });
  const button = cn(buttonVariants({ variant: "outline", size: "icon" }), "size-9");
  const items = [
    { label: "Första sidan", to: href(null, null), enabled: links.first, Icon: ChevronsLeft },
    { label: "Föregående sida", to: href(null, links.previous), enabled: links.previous !== null, Icon: ChevronLeft },
    { label: "Nästa sida", to: href(links.next, null), enabled: links.next !== null, Icon: ChevronRight },
  ];
  return (
    <nav aria-label={`Sidor: ${noun}`} className="flex flex-wrap items-center justify-between gap-3" data-testid="pagination">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {count ? countLabel(count, noun) : null}
      </p>
      {links.first || links.next ? (
        <div className="flex items-center gap-1.5">
          {items.map(({ label, to, enabled, Icon }) => (
            <PageLink key={label} label={label} to={to} enabled={enabled} className={button}>
              <Icon className="size-4" aria-hidden="true" />
            </PageLink>
          ))}
        </div>
      ) : null}
    </nav>
  );
}
