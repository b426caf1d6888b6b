/**
 * The members' point-shop orders in the staff panel (/admin/point-shop): status badge, the
 * deliver and cancel actions behind a confirmation, and each order as a table row or a card.
 */
import { Form } from "react-router";
import { Ban, CircleCheck } from "~/components/ui/icons";
import { CardField, DateTimeCell } from "~/components/admin/list-parts";
import type { ShopFetcher as Fetcher } from "~/components/admin/point-shop/shop-items";
import { MemberLabel } from "~/components/admin/transactions/trade-display";
import { formatDate, formatPoints, formatTime } from "~/lib/format";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { DataTableColumn } from "~/components/ui/data-table";
import { SHOP_ORDER_STATUS } from "~/components/shop/shop-labels";
import { StatusBadge } from "~/components/ui/status-badge";
import { cn } from "~/lib/cn";
import type { AdminShopOrder } from "~/modules/shop/shop-admin.server";

function OrderActions({ order, fetcher }: { order: AdminShopOrder; fetcher: Fetcher }) {
  if (order.status !== "pending") return null;
  const busy = fetcher.state !== "idle";
  const member = order.memberName ?? order.memberEmail ?? "medlemmen";
  return (
    <div className="flex flex-nowrap items-center justify-end gap-1.5">
      {(["complete", "cancel"] as const).map((intent) => (
        <Form key={intent} method="post" className="contents">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="orderId" value={order.id} />
          <ConfirmDialog
            testId={`confirm-order-${intent}`}
            trigger={
              <Button
                type="submit"
                size="sm"
                variant={intent === "complete" ? "default" : "outline"}
                className={cn(intent === "cancel" && "text-red-700 hover:text-red-800 dark:text-red-300")}
                disabled={busy}
                data-testid={`order-${intent}`}
              >
                {intent === "complete" ? <CircleCheck className="size-4" aria-hidden="true" /> : <Ban className="size-4" aria-hidden="true" />}
                {intent === "complete" ? "Leverera" : "Annullera"}
                <span className="sr-only"> ordern på {order.itemName} för {member}</span>
              </Button>
            }
            title={intent === "complete" ? "Markera ordern som levererad?" : "Annullera ordern?"}
            description={
              intent === "complete" ? (
                <p>
                  {member} har fått {order.itemName}. Medlemmen får ett mejl om att ordern är levererad.
                </p>
              ) : (
                <p>
                  {formatPoints(order.pointsSpent)} går tillbaka till {member} och lagret för {order.itemName} återställs. Medlemmen får ett
                  mejl. Ordern kan inte levereras efteråt.
                </p>
              )
            }
            confirmLabel={intent === "complete" ? "Markera som levererad" : "Annullera ordern"}
            tone={intent === "complete" ? "default" : "destructive"}
            onConfirm={() => fetcher.submit({ intent, orderId: order.id }, { method: "post" })}
          />
        </Form>
      ))}
    </div>
  );
}

export function orderColumns(fetcher: Fetcher): DataTableColumn<AdminShopOrder>[] {
  return [
    { id: "created", header: "Beställd", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} /> },
    {
      id: "member",
      header: "Medlem",
      meta: { className: "max-w-48 min-w-32" },
      cell: ({ row }) => <MemberLabel name={row.original.memberName} email={row.original.memberEmail} steamId={null} />,
    },
    { id: "item", header: "Belöning", meta: { className: "min-w-32" }, cell: ({ row }) => row.original.itemName },
    { id: "points", header: "Poäng", meta: { align: "right", className: "whitespace-nowrap" }, cell: ({ row }) => formatPoints(row.original.pointsSpent) },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge {...SHOP_ORDER_STATUS[row.original.status]} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <OrderActions order={row.original} fetcher={fetcher} />,
    },
  ];
}

export function OrderCard({ order, fetcher }: { order: AdminShopOrder; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={order.id}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={order.memberName} email={order.memberEmail} steamId={null} />
        <StatusBadge {...SHOP_ORDER_STATUS[order.status]} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <CardField label="Belöning">{order.itemName}</CardField>
        <CardField label="Poäng" valueClassName="tabular-nums">
          {formatPoints(order.pointsSpent)}
        </CardField>
        <CardField label="Beställd" className="col-span-2">
          <time dateTime={order.createdAt}>
            {formatDate(order.createdAt)} {formatTime(order.createdAt)}
          </time>
        </CardField>
      </dl>
      <OrderActions order={order} fetcher={fetcher} />
    </article>
  );
}
