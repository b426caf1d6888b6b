/**
 * /admin/point-shop (admin only; docs/rules/admin.md#point-shop): the catalogue (create, edit,
 * activate or deactivate, delete an item nobody ordered) and the members' orders, filtered
 * and paged in the URL, moved from pending to delivered or cancelled after confirming.
 */
import { useMemo } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams, type FetcherWithComponents } from "react-router";
import { Ban, CircleCheck, Eye, EyeOff, Filter, Gift, ImageOff, Pencil, Plus, Trash2, X } from "~/components/ui/icons";
import type { Route } from "./+types/items";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { formatDate, formatTime, MemberLabel } from "~/components/admin/transactions/trade-display";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, DataTablePagination, type DataTableColumn } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { SHOP_CATEGORY_LABELS, SHOP_ORDER_STATUS_LABELS, SHOP_ORDER_STATUSES, TEXT_LIMITS, type ShopOrderStatus } from "~/constants";
import { cn } from "~/lib/cn";
import { formatPoints } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import { levelById } from "~/modules/loyalty/levels";
import type { AdminShopItem, AdminShopOrder } from "~/modules/shop/shop-admin.server";
import { handlePointShopAction, loadPointShop } from "~/modules/shop/shop-admin-page.server";
import { useActionToasts } from "~/components/admin/use-action-toasts";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "point-shop");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPointShop(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePointShopAction(request);
}

export const ErrorBoundary = AdminTabError;

const FILTER_KEYS = ["status", "q", "from", "to"] as const;

type ActionAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };
type Fetcher = FetcherWithComponents<ActionAnswer>;

// ---------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------

function Thumbnail({ item }: { item: AdminShopItem }) {
  return item.imageUrl ? (
    <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-md border object-cover" />
  ) : (
    <span className="grid size-12 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground" aria-hidden="true">
      <ImageOff className="size-5" />
    </span>
  );
}

const stockText = (item: AdminShopItem) => (item.stockQuantity === null ? "Obegränsat" : `${item.stockQuantity.toLocaleString("sv-SE")} st`);

function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? "success" : "secondary"}>{active ? "Aktiv" : "Inaktiv"}</Badge>;
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

function itemColumns(fetcher: Fetcher): DataTableColumn<AdminShopItem>[] {
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
    { id: "orders", header: "Ordrar", meta: { align: "right" }, cell: ({ row }) => row.original.orderCount.toLocaleString("sv-SE") },
    { id: "status", header: "Status", cell: ({ row }) => <ActiveBadge active={row.original.isActive} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <ItemActions item={row.original} fetcher={fetcher} inTable />,
    },
  ];
}

function ItemCard({ item, fetcher }: { item: AdminShopItem; fetcher: Fetcher }) {
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
        <div>
          <dt className="text-xs text-muted-foreground">Pris</dt>
          <dd className="tabular-nums">{formatPoints(item.pointCost)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Lager</dt>
          <dd className="tabular-nums">{stockText(item)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Lägsta nivå</dt>
          <dd>{item.minLevel ? levelById(item.minLevel).name : "Alla"}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Ordrar</dt>
          <dd className="tabular-nums">{item.orderCount.toLocaleString("sv-SE")}</dd>
        </div>
      </dl>
      <ItemActions item={item} fetcher={fetcher} />
    </article>
  );
}

// ---------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------

const STATUS_VARIANT: Record<ShopOrderStatus, "outline" | "success" | "secondary"> = {
  pending: "outline",
  completed: "success",
  cancelled: "secondary",
};

function OrderStatusBadge({ status }: { status: ShopOrderStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{SHOP_ORDER_STATUS_LABELS[status]}</Badge>;
}

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

function DateTimeCell({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="grid">
      <span>{formatDate(iso)}</span>
      <span className="text-xs text-muted-foreground">{formatTime(iso)}</span>
    </time>
  );
}

function orderColumns(fetcher: Fetcher): DataTableColumn<AdminShopOrder>[] {
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
    { id: "status", header: "Status", cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => <OrderActions order={row.original} fetcher={fetcher} />,
    },
  ];
}

function OrderCard({ order, fetcher }: { order: AdminShopOrder; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={order.id}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={order.memberName} email={order.memberEmail} steamId={null} />
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">Belöning</dt>
          <dd>{order.itemName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Poäng</dt>
          <dd className="tabular-nums">{formatPoints(order.pointsSpent)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Beställd</dt>
          <dd>
            <time dateTime={order.createdAt}>
              {formatDate(order.createdAt)} {formatTime(order.createdAt)}
            </time>
          </dd>
        </div>
      </dl>
      <OrderActions order={order} fetcher={fetcher} />
    </article>
  );
}

function OrderFilters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const [params] = useSearchParams();
  const active = FILTER_KEYS.some((key) => params.get(key));
  return (
    <Form method="get" className="grid gap-3 rounded-xl border bg-card p-4" role="search" aria-label="Filtrera ordrar">
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(12rem,2fr)_repeat(3,minmax(0,1fr))]">
        <div className="col-span-2 grid gap-1.5 xl:col-span-1">
          <Label htmlFor="filter-q">Medlem</Label>
          <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="E-post eller namn" maxLength={TEXT_LIMITS.search} />
        </div>
        <div className="col-span-2 grid gap-1.5 xl:col-span-1">
          <Label htmlFor="filter-status">Status</Label>
          <NativeSelect id="filter-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">Alla statusar</option>
            {SHOP_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SHOP_ORDER_STATUS_LABELS[status]}
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
      {params.get("itemsPage") ? <input type="hidden" name="itemsPage" value={params.get("itemsPage")!} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Filter className="size-4" aria-hidden="true" />
          Filtrera
        </Button>
        {active ? (
          <Link
            to={withSearchParams(params, Object.fromEntries([...FILTER_KEYS, "page"].map((key) => [key, null])))}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            <X className="size-4" aria-hidden="true" />
            Rensa filter
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminPointShopTab({ loaderData, actionData }: Route.ComponentProps) {
  const { query, items, orders } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<ActionAnswer>({ key: "point-shop-action" });
  useActionToasts(fetcher.data);
  const itemCols = useMemo(() => itemColumns(fetcher), [fetcher]);
  const orderCols = useMemo(() => orderColumns(fetcher), [fetcher]);
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/point-shop";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      {actionData ? (
        // Only without JavaScript: a plain form post answers with the page.
        <FormAlert tone={actionData.ok ? "success" : "error"} title={"title" in actionData ? actionData.title : undefined}>
          {actionData.message}
        </FormAlert>
      ) : null}

      <section aria-labelledby="items-title" className="grid min-w-0 grid-cols-1 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="items-title" className="text-lg font-semibold">
              Belöningar
            </h2>
            <p className="max-w-prose text-sm text-muted-foreground">
              Det medlemmarna kan lösa in poäng mot. En belöning med ordrar kan inaktiveras men inte tas bort.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/point-shop/giveaways" className={buttonVariants({ variant: "outline" })} data-testid="giveaways-link">
              <Gift className="size-4" aria-hidden="true" />
              Giveaways
            </Link>
            <Link to="/admin/point-shop/items/new" className={buttonVariants()} data-testid="item-new">
              <Plus className="size-4" aria-hidden="true" />
              Ny belöning
            </Link>
          </div>
        </div>
        <DataTable
          testId="shop-items"
          caption="Belöningar"
          columns={itemCols}
          data={items.items}
          getRowId={(row) => row.id}
          busy={loading}
          renderCard={(item) => <ItemCard item={item} fetcher={fetcher} />}
          empty={
            <div className="grid justify-items-center gap-2">
              <p className="font-semibold">Inga belöningar ännu</p>
              <p className="text-sm text-muted-foreground">Skapa den första med knappen ovan.</p>
            </div>
          }
        />
        {items.total > 0 ? (
          <DataTablePagination
            page={items.page}
            pageCount={items.pageCount}
            pageSize={items.pageSize}
            total={items.total}
            noun="belöningar"
            hrefForPage={(target) => withSearchParams(params, { itemsPage: target === 1 ? null : target })}
          />
        ) : null}
      </section>

      <section aria-labelledby="orders-title" className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-1">
          <h2 id="orders-title" className="text-lg font-semibold">
            Ordrar
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {orders.pending > 0
              ? `${orders.pending.toLocaleString("sv-SE")} ${orders.pending === 1 ? "order väntar" : "ordrar väntar"} på att levereras.`
              : "Inga ordrar väntar på leverans."}{" "}
            En annullerad order ger medlemmen poängen tillbaka och återställer lagret.
          </p>
        </div>
        <OrderFilters key={params.toString()} query={query} />
        <DataTable
          testId="shop-orders"
          caption="Ordrar"
          columns={orderCols}
          data={orders.rows}
          getRowId={(row) => row.id}
          busy={loading}
          renderCard={(order) => <OrderCard order={order} fetcher={fetcher} />}
          empty={
            <div className="grid justify-items-center gap-2">
              <p className="font-semibold">{filtered ? "Inga ordrar matchar filtret" : "Inga ordrar ännu"}</p>
              <p className="text-sm text-muted-foreground">
                {filtered ? "Ändra eller rensa filtret för att se fler." : "Ordrar visas här när medlemmar löser in poäng."}
              </p>
            </div>
          }
        />
        {orders.total > 0 ? (
          <DataTablePagination
            page={orders.page}
            pageCount={orders.pageCount}
            pageSize={orders.pageSize}
            total={orders.total}
            noun="ordrar"
            hrefForPage={(target) => withSearchParams(params, { page: target === 1 ? null : target })}
          />
        ) : null}
      </section>
    </div>
  );
}
