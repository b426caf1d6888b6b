/**
 * /admin/transactions (admin only; docs/rules/admin.md#roles-and-tabs, docs/rules/loyalty.md#trades): the trades list
 * with filters, sorting and pages in the URL, totals for the filter, a CSV export of the same
 * filter, recording a trade, and completing, reversing or cancelling one after confirming.
 */
import { useMemo } from "react";
import { useNavigation, useSearchParams } from "react-router";
import { KeysetPager } from "~/components/ui/pager";
import { KEYSET_PARAMS } from "~/lib/keyset-params";
import { Download } from "~/components/ui/icons";
import type { Route } from "./+types/transactions";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ListEmpty } from "~/components/admin/list-parts";
import { DateRangeFields, FilterField, FilterSelect, labelledOptions, ListFilters } from "~/components/admin/list-toolbar";
import { RECORD_TRADE_PARAM, RecordTradeDialog, RecordTradePanel } from "~/components/admin/transactions/record-trade-dialog";
import { TradeCard, tradeColumns, TradeTotalsList } from "~/components/admin/transactions/trade-list";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type SortDirection } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { TRADE_STATUS_LABELS, TRADE_STATUSES, TRADE_TYPE_LABELS, TRADE_TYPES } from "~/modules/trades/trades-constants";
import { withSearchParams } from "~/lib/search-params";
import type { TradeSort } from "~/modules/trades/trade-schema";
import { handleTransactionsAction, loadTransactions } from "~/modules/trades/trades-page.server";
import { useStaffForm } from "~/components/admin/staff-outcome";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadTransactions(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleTransactionsAction(request);
}

export const ErrorBoundary = AdminTabError;

const FILTER_KEYS = ["q", "type", "status", "from", "to", "memberId"] as const;
/** A new filter, sort or export starts from the first row. */
const PAGE_KEYS = [KEYSET_PARAMS.after, KEYSET_PARAMS.before] as const;

type ActionAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };

function Filters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const [params] = useSearchParams();
  return (
    <ListFilters
      label="Filtrera affärer"
      active={FILTER_KEYS.some((key) => params.get(key))}
      clearTo={withSearchParams(params, Object.fromEntries([...FILTER_KEYS, ...PAGE_KEYS].map((key) => [key, null])))}
    >
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(0,1fr))]">
        <FilterField id="filter-q" label="Medlem" className="col-span-2 xl:col-span-1">
          <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="E-post, namn eller Steam-id" maxLength={200} />
        </FilterField>
        <FilterSelect id="filter-type" name="type" label="Typ" all="Alla typer" options={labelledOptions(TRADE_TYPES, TRADE_TYPE_LABELS)} defaultValue={query.type} />
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          all="Alla statusar"
          options={labelledOptions(TRADE_STATUSES, TRADE_STATUS_LABELS)}
          defaultValue={query.status}
        />
        <DateRangeFields from={query.from} to={query.to} />
      </div>
      {/* The sort stays; a new filter starts on page 1. */}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {query.memberId ? <input type="hidden" name="memberId" value={query.memberId} /> : null}
    </ListFilters>
  );
}

export default function TransactionsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, totals, links } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { fetcher } = useStaffForm<ActionAnswer>({ key: "trade-action" });
  const tableColumns = useMemo(() => tradeColumns(fetcher), [fetcher]);
  const sort = { key: (query.sort ?? "created_at") as TradeSort, dir: (query.dir ?? "desc") as SortDirection };
  const exportHref = `/admin/transactions/export.csv${withSearchParams(params, { ...Object.fromEntries(PAGE_KEYS.map((key) => [key, null])), pageSize: null })}`.replace(/\?$/, "");
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/admin/transactions";
  // `?registrera=1` (or 2) shows the record form on the page (the link's target without JavaScript),
  // until a plain post has recorded the trade.
  const recordAnswer = actionData && "intent" in actionData && actionData.intent === "record";
  const recorded = recordAnswer && actionData.ok;
  const recordOnPage = params.has(RECORD_TRADE_PARAM) && !recorded;
  // The record form shows its own refusals; the page says what every other post did.
  const pageAnswer = actionData && !(recordAnswer && !actionData.ok) ? actionData : null;

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
          <RecordTradeDialog formToken={loaderData.formToken} />
        </div>
      </div>

      {pageAnswer ? (
        // Only without JavaScript: a plain form post answers with the page.
        <FormAlert tone={pageAnswer.ok ? "success" : "error"} title={"title" in pageAnswer ? pageAnswer.title : undefined}>
          {pageAnswer.message}
        </FormAlert>
      ) : null}

      {recordOnPage ? <RecordTradePanel formToken={loaderData.formToken} /> : null}

      <Filters key={params.toString()} query={query} />
      <TradeTotalsList totals={totals} />

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
          sortHref={(key, dir) => withSearchParams(params, { sort: key, dir, efter: null, fore: null })}
          busy={loadingList}
          renderCard={(row) => <TradeCard row={row} fetcher={fetcher} />}
          empty={
            <ListEmpty
              title={filtered ? "Inga affärer matchar filtret" : "Inga affärer ännu"}
              hint={filtered ? "Ändra eller rensa filtret för att se fler." : "Registrera den första affären med knappen ovan."}
            />
          }
        />
        <KeysetPager links={links} count={totals.count > 0 ? { count: totals.count, capped: false } : undefined} noun="affärer" />
      </section>
    </div>
  );
}
