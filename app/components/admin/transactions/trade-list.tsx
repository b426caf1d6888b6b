/**
 * The trades list of the staff panel (/admin/transactions): the table's columns, each trade
 * as a card on narrow screens, and the totals for the current filter.
 */
import type { useFetcher } from "react-router";
import { CardField, DateTimeCell } from "~/components/admin/list-parts";
import { TradeActions } from "~/components/admin/transactions/trade-actions";
import { MemberLabel, TradeStatusBadge, TradeTypeBadge } from "~/components/admin/transactions/trade-display";
import { formatDateTime, formatNumber, formatSek } from "~/lib/format";
import type { DataTableColumn } from "~/components/ui/data-table";
import type { TradeTotals } from "~/modules/trades/trades.server";
import type { TransactionRow } from "~/modules/trades/trades-page.server";

export function tradeColumns(fetcher: ReturnType<typeof useFetcher>): DataTableColumn<TransactionRow>[] {
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
      <span className="whitespace-nowrap">{formatNumber(row.pointsCredited)} poäng</span>
      <span className="whitespace-nowrap">
        {formatNumber(row.xpCredited)} XP{row.status === "cancelled" ? ", återtaget" : ""}
      </span>
    </span>
  );
}

export function TradeCard({ row, fetcher }: { row: TransactionRow; fetcher: ReturnType<typeof useFetcher> }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={row.memberName} email={row.memberEmail} steamId={row.memberSteamId} />
        <TradeStatusBadge status={row.status} />
      </div>
      <p className="line-clamp-2 text-muted-foreground">{row.itemSummary}</p>
      <dl className="grid grid-cols-2 gap-2">
        <CardField label="Typ">
          <TradeTypeBadge type={row.type} />
        </CardField>
        <CardField label="Registrerad">
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        </CardField>
        <CardField label="Grundbelopp" valueClassName="tabular-nums">
          {formatSek(row.baseTotalOre)}
        </CardField>
        <CardField label="Totalt" valueClassName="tabular-nums">
          <TotalCell row={row} />
        </CardField>
      </dl>
      <EarnedCell row={row} />
      <TradeActions row={row} fetcher={fetcher} />
    </article>
  );
}

export function TradeTotalsList({ totals }: { totals: TradeTotals }) {
  const cards = [
    { label: "Affärer", value: formatNumber(totals.count) },
    { label: "Grundbelopp", value: formatSek(totals.baseTotalOre) },
    { label: "Bonusar", value: formatSek(totals.bonusOre) },
    { label: "Köpavgifter", value: formatSek(totals.feeOre) },
    { label: "Totalt", value: formatSek(totals.totalOre) },
    { label: "Poäng krediterade", value: formatNumber(totals.pointsCredited) },
    { label: "XP krediterad", value: formatNumber(totals.xpCredited) },
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
