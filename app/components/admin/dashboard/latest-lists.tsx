/**
 * The dashboard's three lists of the newest trades, shop orders and members, each with a link
 * to the tab that lists them all.
 */
import type * as React from "react";
import { Link } from "react-router";
import { ArrowRight } from "~/components/ui/icons";
import { TradeStatusBadge, TradeTypeBadge } from "~/components/admin/transactions/trade-display";
import { formatDate, formatDateTime, formatPoints, formatSek } from "~/lib/format";
import { SHOP_ORDER_STATUS } from "~/components/shop/shop-labels";
import { StatusBadge } from "~/components/ui/status-badge";
import type { ShopOrderStatus } from "~/modules/shop/shop-constants";
import type { TradeStatus } from "~/modules/trades/trades-constants";
import type { DashboardData } from "~/modules/insights/dashboard.server";

function ListCard({ title, id, href, linkLabel, empty, children }: { title: string; id: string; href: string; linkLabel: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <Link to={href} className="inline-flex items-center gap-1 text-sm">
          {linkLabel}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      {empty ? <p className="text-sm text-muted-foreground">Inget ännu.</p> : <ul className="grid divide-y text-sm">{children}</ul>}
    </section>
  );
}

export function LatestLists({ data }: { data: Pick<DashboardData, "latestTrades" | "latestOrders" | "latestMembers"> }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ListCard title="Senaste affärerna" id="latest-trades" href="/admin/transactions" linkLabel="Alla affärer" empty={data.latestTrades.length === 0}>
        {data.latestTrades.map((trade) => (
          <li key={trade.id} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{trade.memberName ?? "Namnlös medlem"}</span>
              <span className="tabular-nums">{formatSek(trade.totalOre)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <TradeTypeBadge type={trade.type} />
              <TradeStatusBadge status={trade.status as TradeStatus} />
              <time dateTime={trade.createdAt}>{formatDateTime(trade.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
      <ListCard title="Senaste ordrarna" id="latest-orders" href="/admin/point-shop" linkLabel="Alla ordrar" empty={data.latestOrders.length === 0}>
        {data.latestOrders.map((order) => (
          <li key={order.id} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{order.itemName}</span>
              <span className="whitespace-nowrap tabular-nums">{formatPoints(order.pointsSpent)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <StatusBadge {...(SHOP_ORDER_STATUS[order.status as ShopOrderStatus] ?? { label: order.status, tone: "neutral" })} />
              <span className="truncate">{order.memberName ?? "Namnlös medlem"}</span>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
      <ListCard title="Nya medlemmar" id="latest-members" href="/admin/users" linkLabel="Användare" empty={data.latestMembers.length === 0}>
        {data.latestMembers.map((member) => (
          <li key={member.userId} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{member.name ?? member.email ?? "Namnlös medlem"}</span>
              <span className="text-xs text-muted-foreground">{member.level}</span>
            </span>
            <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
              {member.email && member.name ? <span className="truncate">{member.email}</span> : null}
              <time dateTime={member.createdAt}>{formatDateTime(member.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
    </div>
  );
}
