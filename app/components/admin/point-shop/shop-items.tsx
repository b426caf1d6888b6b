/**
 * The point shop's catalogue in the staff panel (/admin/point-shop): each item as a table row
 * (a card on narrow screens) with edit, activate/deactivate and, for an item nobody ordered,
 * delete after confirming.
 */
import { Form, Link, type FetcherWithComponents } from "react-router";
import { Eye, EyeOff, ImageOff, Pencil, Trash2 } from "~/components/ui/icons";
import { CardField } from "~/components/admin/list-parts";
import { ACTIVE_STATUS, StatusBadge } from "~/components/ui/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { DataTableColumn } from "~/components/ui/data-table";
import { SHOP_CATEGORY_LABELS } from "~/modules/shop/shop-constants";
import { cn } from "~/lib/cn";
import { formatNumber, formatPoints } from "~/lib/format";
import { levelById } from "~/modules/loyalty/levels";
import type { AdminShopItem } from "~/modules/shop/shop-admin.server";

export type ShopActionAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };
export type ShopFetcher = FetcherWithComponents<ShopActionAnswer>;
type Fetcher = ShopFetcher;

function Thumbnail({ item }: { item: AdminShopItem }) {
  return item.imageUrl ? (
    <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-md border object-cover" />
  ) : (
    <span className="grid size-12 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground" aria-hidden="true">
      <ImageOff className="size-5" />
    </span>
  );
}

const stockText = (item: AdminShopItem) => (item.stockQuantity === null ? "Obegränsat" : `${formatNumber(item.stockQuantity)} st`);

function ActiveBadge({ active }: { active: boolean }) {
  return <StatusBadge {...ACTIVE_STATUS[active ? "active" : "inactive"]} />;
}

function ItemActions({ item, fetcher, inTable }: { item: AdminShopItem; fetcher: Fetcher; inTable?: boolean }) {
  const busy = fetcher.state !== "idle";
  return (
    <div className={cn("flex items-center justify-end gap-1.5", inTable ? "flex-nowrap" : "flex-wrap")}>
      <Link to={`/admin/point-shop/items/${item.id}`} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="item-edit">
        <Pencil className="size-4" aria-hidden="true" />
        Redigera<span className="sr-only"> {item.name}</span>
      </Link>
      <fetcher.Form method="post" className="contents">
        <input type="hidden" name="intent" value="set-active" />
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="active" value={item.isActive ? "false" : "true"} />
        <Button type="submit" variant="outline" size="sm" disabled={busy} data-testid="item-toggle">
          {item.isActive ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          {item.isActive ? "Inaktivera" : "Aktivera"}
          <span className="sr-only"> {item.name}</span>
        </Button>
      </fetcher.Form>
      {item.orderCount === 0 ? (
        <Form method="post" className="contents">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="itemId" value={item.id} />
          <ConfirmDialog
            testId="confirm-delete"
            trigger={
              <Button type="submit" variant="outline" size="icon" className="size-9 text-red-700 hover:text-red-800 dark:text-red-300" disabled={busy} title="Ta bort" data-testid="item-delete">
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="sr-only">Ta bort {item.name}</span>
              </Button>
            }
            title="Ta bort belöningen?"
            description={<p>{item.name} har inga ordrar och tas bort ur katalogen. Det går inte att ångra.</p>}
            confirmLabel="Ta bort"
            tone="destructive"
            onConfirm={() => fetcher.submit({ intent: "delete", itemId: item.id }, { method: "post" })}
          />
        </Form>
      ) : null}
    </div>
  );
}

export function itemColumns(fetcher: Fetcher): DataTableColumn<AdminShopItem>[] {
  return [
    {
      id: "item",
      header: "Belöning",
      meta: { className: "min-w-56" },
      cell: ({ row }) => (
        <span className="flex items-center gap-3">
          <Thumbnail item={row.original} />
          <span className="grid">
            <span className="font-medium">{row.original.name}</span>
            <span className="text-xs text-muted-foreground">{SHOP_CATEGORY_LABELS[row.original.category]}</span>
          </span>
        </span>
      ),
    },
    { id: "cost", header: "Pris", meta: { align: "right", className: "whitespace-nowrap" }, cell: ({ row }) => formatPoints(row.original.pointCost) },
    { id: "stock", header: "Lager", meta: { align: "right", className: "whitespace-nowrap" }, cell: ({ row }) => stockText(row.original) },
    {
      id: "level",
      header: "Lägsta nivå",
      cell: ({ row }) => (row.original.minLevel ? levelById(row.original.minLevel).name : "Alla"),
    },
    { id: "orders", header: "Ordrar", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.orderCount) },
    { id: "status", header: "Status", cell: ({ row }) => <ActiveBadge active={row.original.isActive} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <ItemActions item={row.original} fetcher={fetcher} inTable />,
    },
  ];
}

export function ItemCard({ item, fetcher }: { item: AdminShopItem; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={item.id}>
      <div className="flex items-start gap-3">
        <Thumbnail item={item} />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-medium">{item.name}</p>
          <p className="text-xs text-muted-foreground">{SHOP_CATEGORY_LABELS[item.category]}</p>
        </div>
        <ActiveBadge active={item.isActive} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <CardField label="Pris" valueClassName="tabular-nums">
          {formatPoints(item.pointCost)}
        </CardField>
        <CardField label="Lager" valueClassName="tabular-nums">
          {stockText(item)}
        </CardField>
        <CardField label="Lägsta nivå">{item.minLevel ? levelById(item.minLevel).name : "Alla"}</CardField>
        <CardField label="Ordrar" valueClassName="tabular-nums">
          {formatNumber(item.orderCount)}
        </CardField>
      </dl>
      <ItemActions item={item} fetcher={fetcher} />
    </article>
  );
}
