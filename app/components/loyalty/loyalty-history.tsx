import { Link } from "react-router";
import { ChevronLeft, ChevronRight, History } from "~/components/ui/icons";
import { SKIN_WEAR_LABELS, TRADE_STATUS } from "~/components/selling/selling-labels";
import { SHOP_ORDER_STATUS } from "~/components/shop/shop-labels";
import { PAYOUT_LABELS } from "~/modules/selling/selling-constants";
import type { ShopOrderStatus } from "~/modules/shop/shop-constants";
import { SKIN_VARIANT_LABELS, TRADE_TYPE_LABELS } from "~/modules/trades/trades-constants";
import { StatusBadge } from "~/components/ui/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { formatDecimal, formatMediumDate, formatMediumDateTime, formatNumber, formatSek, formatSigned } from "~/lib/format";
import { HISTORY_TABS, profileViewSearch, type HistoryTab, type ProfileView } from "~/modules/loyalty/profile-view";
import type { MemberLoyalty } from "~/modules/loyalty/member-loyalty-page.server";

const href = (view: ProfileView, change: { tab?: HistoryTab; page?: number }) =>
  `/profile${profileViewSearch(view, change)}#historik`;

/**
 * The member's histories (docs/rules/loyalty.md#profile /profile): points and XP rows, trades and point-shop orders,
 * one list open at a time. Which list and which page are in the URL, so links, reloads and the
 * back button keep the view, and it all works without JavaScript.
 */
export function LoyaltyHistory({ loyalty, view }: { loyalty: MemberLoyalty; view: ProfileView }) {
  const lists: Record<HistoryTab, { page: number; hasMore: boolean; count: number }> = {
    poang: { ...loyalty.pointsHistory, count: loyalty.pointsHistory.entries.length },
    xp: { ...loyalty.xpHistory, count: loyalty.xpHistory.entries.length },
    affarer: { ...loyalty.trades, count: loyalty.trades.entries.length },
    ordrar: { ...loyalty.orders, count: loyalty.orders.entries.length },
  };
  const open = lists[view.tab];
  const label = HISTORY_TABS.find((tab) => tab.id === view.tab)!.label;

  return (
    <Card id="historik" role="region" aria-labelledby="historik-rubrik" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="historik-rubrik" className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden="true" />
            Historik
          </h2>
        </CardTitle>
        <CardDescription>Dina poäng, din XP, dina affärer och dina beställningar.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <nav aria-label="Välj historik">
          <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4">
            {HISTORY_TABS.map((tab) => {
              const active = tab.id === view.tab;
              return (
                <li key={tab.id}>
                  <Link
                    to={href(view, { tab: tab.id })}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium transition-colors",
                      "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      active
                        ? "bg-background text-foreground shadow-sm"
                        : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
                    )}
                  >
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div data-testid={`history-${view.tab}`}>
          {open.count === 0 ? (
            <EmptyList tab={view.tab} page={open.page} view={view} />
          ) : view.tab === "poang" ? (
            <LedgerList entries={loyalty.pointsHistory.entries} unit="poäng" />
          ) : view.tab === "xp" ? (
            <LedgerList entries={loyalty.xpHistory.entries} unit="XP" />
          ) : view.tab === "affarer" ? (
            <TradeList trades={loyalty.trades.entries} />
          ) : (
            <OrderList orders={loyalty.orders.entries} />
          )}
        </div>

        {open.page > 1 || open.hasMore ? (
          <Pager label={label} page={open.page} hasMore={open.hasMore} view={view} />
        ) : null}
      </CardContent>
    </Card>
  );
}

const EMPTY: Record<HistoryTab, { text: string; link: { to: string; label: string } }> = {
  poang: {
    text: "Du har inga poänghändelser ännu. Poäng får du när en affär är genomförd.",
    link: { to: "/salja-skins", label: "Sälj skins och tjäna poäng" },
  },
  xp: {
    text: "Du har ingen XP ännu. XP får du på varje genomförd affär.",
    link: { to: "/xp-system", label: "Läs om XP och VIP-nivåer" },
  },
  affarer: {
    text: "Du har inga affärer ännu. När vi har registrerat en försäljning eller ett köp syns den här.",
    link: { to: "/salja-skins", label: "Så säljer du skins" },
  },
  ordrar: {
    text: "Du har inte beställt något i Point Shop ännu.",
    link: { to: "/point-shop", label: "Till Point Shop" },
  },
};

function EmptyList({ tab, page, view }: { tab: HistoryTab; page: number; view: ProfileView }) {
  if (page > 1) {
    return (
      <div className="rounded-lg border border-dashed p-6 text-center text-sm">
        <p className="text-muted-foreground">Det finns inget på sida {formatNumber(page)}.</p>
        <Link
          to={href(view, { page: 1 })}
          preventScrollReset
          className="mt-2 inline-block font-medium text-primary hover:underline"
        >
          Till första sidan
        </Link>
      </div>
    );
  }
  const { text, link } = EMPTY[tab];
  return (
    <div className="rounded-lg border border-dashed p-6 text-center text-sm">
      <p className="text-muted-foreground">{text}</p>
      <Link to={link.to} className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline">
        {link.label}
      </Link>
    </div>
  );
}

function Pager({ label, page, hasMore, view }: { label: string; page: number; hasMore: boolean; view: ProfileView }) {
  const linkClass =
    "inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";
  const disabledClass =
    "inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm text-muted-foreground opacity-50";
  return (
    <nav aria-label={`Sidor: ${label}`} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(view, { page: page - 1 })} preventScrollReset className={linkClass}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Föregående
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Föregående
        </span>
      )}
      <span className="text-sm text-muted-foreground" aria-current="page">
        Sida {formatNumber(page)}
      </span>
      {hasMore ? (
        <Link to={href(view, { page: page + 1 })} preventScrollReset className={linkClass}>
          Nästa
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          Nästa
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}

function LedgerList({ entries, unit }: { entries: MemberLoyalty["pointsHistory"]["entries"]; unit: string }) {
  return (
    <ul className="divide-y rounded-lg border">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-4 p-3 sm:px-4" data-testid="history-row">
          <div className="min-w-0">
            <p className="break-words font-medium">{entry.reason}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={new Date(entry.createdAt).toISOString()}>
                {formatMediumDateTime(entry.createdAt)}
              </time>
            </p>
          </div>
          <p
            className={cn(
              "shrink-0 font-semibold tabular-nums",
              entry.amount > 0
                ? "text-success-text"
                : "text-foreground",
            )}
          >
            {formatSigned(entry.amount)} {unit}
          </p>
        </li>
      ))}
    </ul>
  );
}

function TradeList({ trades }: { trades: MemberLoyalty["trades"]["entries"] }) {
  return (
    <ul className="grid gap-3">
      {trades.map((trade) => {
        const sale = trade.type === "sale";
        const extras: Array<[string, number]> = sale
          ? [
              [`Nivåbonus (+${trade.levelBonusPercent} %)`, trade.levelBonusOre],
              [`Bulkbonus (+${trade.bulkBonusPercent} %)`, trade.bulkBonusOre],
              [`Förmånsbonus (+${trade.perkBonusPercent} %)`, trade.perkBonusOre],
            ]
          : [[`Köpavgift (${trade.purchaseFeePercent} %)`, trade.purchaseFeeOre]];
        const method = sale ? (trade.payoutMethod ? PAYOUT_LABELS[trade.payoutMethod] : null) : trade.paymentMethod;
        return (
          <li key={trade.id} className="rounded-lg border p-4" data-testid="trade-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {TRADE_TYPE_LABELS[trade.type]}
                <span className="font-normal text-muted-foreground">
                  {" · "}
                  <time dateTime={new Date(trade.createdAt).toISOString()}>
                    {formatMediumDate(trade.createdAt)}
                  </time>
                  {method ? ` · ${method}` : ""}
                </span>
              </p>
              <StatusBadge {...TRADE_STATUS[trade.status]} />
            </div>
            <ul className="mt-3 grid gap-1.5 text-sm" aria-label="Föremål">
              {trade.items.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4">
                  <span className="min-w-0 break-words">
                    {item.variant ? `${SKIN_VARIANT_LABELS[item.variant]} ` : ""}
                    {item.skinName}
                    <span className="text-muted-foreground">
                      {item.wear ? (
                        <>
                          {" "}
                          · <abbr title={SKIN_WEAR_LABELS[item.wear]}>{item.wear}</abbr>
                        </>
                      ) : null}
                      {item.floatValue !== null
                        ? ` · float ${formatDecimal(item.floatValue, 6)}`
                        : ""}
                    </span>
                  </span>
                  <span className="shrink-0 tabular-nums">{formatSek(item.priceOre)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid gap-1 border-t pt-3 text-sm tabular-nums">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Värde</dt>
                <dd>{formatSek(trade.baseTotalOre)}</dd>
              </div>
              {extras
                .filter(([, ore]) => ore > 0)
                .map(([label, ore]) => (
                  <div key={label} className="flex justify-between gap-4">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd>+{formatSek(ore)}</dd>
                  </div>
                ))}
              <div className="flex justify-between gap-4 font-semibold">
                <dt>{sale ? "Utbetalning" : "Att betala"}</dt>
                <dd>{formatSek(trade.totalOre)}</dd>
              </div>
              {trade.status === "completed" ? (
                <div className="flex justify-between gap-4 text-muted-foreground">
                  <dt>Intjänat</dt>
                  <dd className="text-right">
                    {formatNumber(trade.pointsCredited)} poäng
                    {trade.pointsMultiplier > 1 ? ` (×${trade.pointsMultiplier})` : ""} · {formatNumber(trade.xpCredited)} XP
                  </dd>
                </div>
              ) : null}
            </dl>
            {trade.status === "pending" ? (
              <p className="mt-2 text-xs text-muted-foreground">Poäng och XP krediteras när affären är genomförd.</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function OrderList({ orders }: { orders: MemberLoyalty["orders"]["entries"] }) {
  return (
    <ul className="divide-y rounded-lg border">
      {orders.map((order) => {
        const status = order.status as ShopOrderStatus;
        return (
          <li key={order.id} className="flex items-start justify-between gap-4 p-3 sm:px-4" data-testid="order-row">
            <div className="min-w-0">
              <p className="break-words font-medium">{order.itemName}</p>
              <p className="text-xs text-muted-foreground tabular-nums">
                <time dateTime={new Date(order.createdAt).toISOString()}>
                  {formatMediumDateTime(order.createdAt)}
                </time>
                {" · "}
                {formatNumber(order.pointsSpent)} poäng
              </p>
            </div>
            <StatusBadge {...(SHOP_ORDER_STATUS[status] ?? { label: order.status, tone: "neutral" })} />
          </li>
        );
      })}
    </ul>
  );
}
