/**
 * /admin/transactions (admin only; docs/rules/admin.md#roles-and-tabs, docs/rules/loyalty.md#trades): the trades list
 * with filters, sorting and pages in the URL, totals for the filter, a CSV export of the same
 * filter, recording a trade, and completing, reversing or cancelling one after confirming.
 */
import { useMemo } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { Download, Filter, X } from "~/components/ui/icons";
import type { Route } from "./+types/transactions";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { RecordTradeDialog } from "~/components/admin/transactions/record-trade-dialog";
import { TradeActions } from "~/components/admin/transactions/trade-actions";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import {
  formatDate,
  formatDateTime,
  formatTime,
  MemberLabel,
  TradeStatusBadge,
  TradeTypeBadge,
} from "~/components/admin/transactions/trade-display";
import { Button, buttonVariants } from "~/components/ui/button";
import { DataTable, DataTablePagination, type DataTableColumn, type SortDirection } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { TRADE_STATUS_LABELS, TRADE_STATUSES, TRADE_TYPE_LABELS, TRADE_TYPES } from "~/constants";
import { formatSek } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import type { TradeSort } from "~/modules/trades/trade-schema";
import { handleTransactionsAction, loadTransactions, type TransactionRow } from "~/modules/trades/trades-page.server";
import { useActionToasts } from "~/components/admin/use-action-toasts";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadTransactions(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleTransactionsAction(request);
}

export const ErrorBoundary = AdminTabError;

const FILTER_KEYS = ["q", "type", "status", "from", "to", "memberId"] as const;

type ActionAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };

function columns(fetcher: ReturnType<typeof useFetcher>): DataTableColumn<TransactionRow>[] {
  return [
    {
      id: "created",
      header: "Registrerad",
      meta: { sortKey: "created_at", className: "whitespace-nowrap" },
      cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
    },
    {
      id: "member",
      header: "Medlem",
      meta: { className: "max-w-48 min-w-32" },
      cell: ({ row }) => (
        <MemberLabel name={row.original.memberName} email={row.original.memberEmail} steamId={row.original.memberSteamId} />
      ),
    },
    {
      id: "trade",
      header: "Affär",
      meta: { className: "max-w-60 min-w-40" },
      cell: ({ row }) => (
        <span className="grid justify-items-start gap-1">
          <TradeTypeBadge type={row.original.type} />
          <span className="line-clamp-2" title={row.original.itemSummary}>
            {row.original.itemSummary}
          </span>
        </span>
      ),
    },
    {
      id: "base",
      header: "Grundbelopp",
      // Wide screens only; elsewhere the total's cell names the base amount.
      meta: { sortKey: "base_total", align: "right", className: "hidden whitespace-nowrap 2xl:table-cell" },
      cell: ({ row }) => formatSek(row.original.baseTotalOre),
    },
    {
      id: "total",
      header: "Totalt",
      meta: { sortKey: "total", align: "right", className: "whitespace-nowrap" },
      cell: ({ row }) => <TotalCell row={row.original} withBase />,
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <span className="grid justify-items-start gap-1">
          <TradeStatusBadge status={row.original.status} />
          <EarnedCell row={row.original} />
        </span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <TradeActions row={row.original} fetcher={fetcher} compact />,
    },
  ];
}

function DateTimeCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="grid">
      <span>{formatDate(iso)}</span>
      <span className="text-xs text-muted-foreground">{formatTime(iso)}</span>
    </time>
  );
}

function TotalCell({ row, withBase }: { row: TransactionRow; withBase?: boolean }) {
  return (
    <span className="grid">
      <span className="font-medium">{formatSek(row.totalOre)}</span>
      {withBase ? <span className="text-xs text-muted-foreground 2xl:hidden">grund {formatSek(row.baseTotalOre)}</span> : null}
      {row.bonusOre > 0 ? <span className="text-xs text-muted-foreground">+{formatSek(row.bonusOre)} bonus</span> : null}
      {row.feeOre > 0 ? <span className="text-xs text-muted-foreground">+{formatSek(row.feeOre)} avgift</span> : null}
    </span>
  );
}

/** What a trade credited: points and XP once completed (taken back again if cancelled after). */
function EarnedCell({ row }: { row: TransactionRow }) {
  if (row.pointsCredited === 0 && row.xpCredited === 0) return null;
  return (
    <span className="grid text-xs text-muted-foreground tabular-nums">
      <span className="whitespace-nowrap">{row.pointsCredited.toLocaleString("sv-SE")} poäng</span>
      <span className="whitespace-nowrap">
        {row.xpCredited.toLocaleString("sv-SE")} XP{row.status === "cancelled" ? ", återtaget" : ""}
      </span>
    </span>
  );
}

function TradeCard({ row, fetcher }: { row: TransactionRow; fetcher: ReturnType<typeof useFetcher> }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={row.memberName} email={row.memberEmail} steamId={row.memberSteamId} />
        <TradeStatusBadge status={row.status} />
      </div>
      <p className="line-clamp-2 text-muted-foreground">{row.itemSummary}</p>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">Typ</dt>
          <dd>
            <TradeTypeBadge type={row.type} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Registrerad</dt>
          <dd>
            <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Grundbelopp</dt>
          <dd className="tabular-nums">{formatSek(row.baseTotalOre)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Totalt</dt>
          <dd className="tabular-nums">
            <TotalCell row={row} />
          </dd>
        </div>
      </dl>
      <EarnedCell row={row} />
      <TradeActions row={row} fetcher={fetcher} />
    </article>
  );
}

function Totals({ totals }: { totals: Route.ComponentProps["loaderData"]["totals"] }) {
  const cards = [
    { label: "Affärer", value: totals.count.toLocaleString("sv-SE") },
    { label: "Grundbelopp", value: formatSek(totals.baseTotalOre) },
    { label: "Bonusar", value: formatSek(totals.bonusOre) },
    { label: "Köpavgifter", value: formatSek(totals.feeOre) },
    { label: "Totalt", value: formatSek(totals.totalOre) },
    { label: "Poäng krediterade", value: totals.pointsCredited.toLocaleString("sv-SE") },
    { label: "XP krediterad", value: totals.xpCredited.toLocaleString("sv-SE") },
  ];
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="sr-only">
        Summor för filtret
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7" data-testid="trade-totals">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl border bg-card p-3 sm:p-4">
            <dt className="text-xs font-medium text-muted-foreground">{card.label}</dt>
            <dd className="mt-1 truncate text-base font-bold tabular-nums sm:text-lg" title={card.value}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Filters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const [params] = useSearchParams();
  const active = FILTER_KEYS.some((key) => params.get(key));
  return (
    <Form method="get" className="grid gap-3 rounded-xl border bg-card p-4" role="search" aria-label="Filtrera affärer">
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 grid gap-1.5 xl:col-span-1">
          <Label htmlFor="filter-q">Medlem</Label>
          <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="E-post, namn eller Steam-id" maxLength={200} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-type">Typ</Label>
          <NativeSelect id="filter-type" name="type" defaultValue={query.type ?? ""}>
            <option value="">Alla typer</option>
            {TRADE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TRADE_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect id="filter-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">Alla statusar</option>
            {TRADE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TRADE_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1.5 min-[400px]:col-span-1">
          <Label htmlFor="filter-from">Från</Label>
          <Input id="filter-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="col-span-2 grid gap-1.5 min-[400px]:col-span-1">
          <Label htmlFor="filter-to">Till</Label>
          <Input id="filter-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
      </div>
      {/* The sort stays; a new filter starts on page 1. */}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {query.memberId ? <input type="hidden" name="memberId" value={query.memberId} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Filter className="size-4" aria-hidden="true" />
          Filtrera
        </Button>
        {active ? (
          <Link to={withSearchParams(params, Object.fromEntries([...FILTER_KEYS, "page"].map((key) => [key, null])))} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <X className="size-4" aria-hidden="true" />
            Rensa filter
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function TransactionsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, totals, page, pageSize, pageCount } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<ActionAnswer>({ key: "trade-action" });
  useActionToasts(fetcher.data);
  const tableColumns = useMemo(() => columns(fetcher), [fetcher]);
  const sort = { key: (query.sort ?? "created_at") as TradeSort, dir: (query.dir ?? "desc") as SortDirection };
  const exportHref = `/admin/transactions/export.csv${withSearchParams(params, { page: null, pageSize: null })}`.replace(/\?$/, "");
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/admin/transactions";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Affärer som personalen registrerar. Poäng och XP krediteras när en affär genomförs och tas tillbaka om den annulleras.
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={exportHref} className={buttonVariants({ variant: "outline" })} download data-testid="export-csv">
            <Download className="size-4" aria-hidden="true" />
            Exportera CSV
          </a>
          <RecordTradeDialog />
        </div>
      </div>

      {actionData ? (
        // Only without JavaScript: a plain form post answers with the page.
        <FormAlert tone={actionData.ok ? "success" : "error"} title={actionData.title}>
          {actionData.message}
        </FormAlert>
      ) : null}

      <Filters key={params.toString()} query={query} />
      <Totals totals={totals} />

      <section aria-labelledby="trades-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="trades-title" className="sr-only">
          Affärer
        </h2>
        <DataTable
          testId="trades"
          caption="Affärer"
          columns={tableColumns}
          data={rows}
          getRowId={(row) => row.id}
          sort={sort}
          sortHref={(key, dir) => withSearchParams(params, { sort: key, dir, page: null })}
          busy={loadingList}
          renderCard={(row) => <TradeCard row={row} fetcher={fetcher} />}
          empty={
            <div className="grid justify-items-center gap-2">
              <p className="font-semibold">{filtered ? "Inga affärer matchar filtret" : "Inga affärer ännu"}</p>
              <p className="text-sm text-muted-foreground">
                {filtered ? "Ändra eller rensa filtret för att se fler." : "Registrera den första affären med knappen ovan."}
              </p>
            </div>
          }
        />
        {totals.count > 0 ? (
          <DataTablePagination
            page={page}
            pageCount={pageCount}
            pageSize={pageSize}
            total={totals.count}
            noun="affärer"
            hrefForPage={(target) => withSearchParams(params, { page: target === 1 ? null : target })}
          />
        ) : null}
      </section>
    </div>
  );
}
