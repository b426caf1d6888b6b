/**
 * /admin/point-shop (admin only; docs/rules/admin.md#point-shop): the catalogue (create, edit,
 * activate or deactivate, delete an item nobody ordered) and the members' orders, filtered
 * and paged in the URL, moved from pending to delivered or cancelled after confirming.
 */
import { useMemo } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { KeysetPager, Pager } from "~/components/ui/pager";
import { Gift, Plus } from "~/components/ui/icons";
import type { Route } from "./+types/items";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ListEmpty } from "~/components/admin/list-parts";
import { DateRangeFields, FilterField, FilterSelect, labelledOptions, ListFilters } from "~/components/admin/list-toolbar";
import { ItemCard, itemColumns, type ShopActionAnswer } from "~/components/admin/point-shop/shop-items";
import { OrderCard, orderColumns } from "~/components/admin/point-shop/shop-orders";
import { buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { SHOP_ORDER_STATUS_LABELS } from "~/components/shop/shop-labels";
import { SHOP_ORDER_STATUSES } from "~/modules/shop/shop-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { withSearchParams } from "~/lib/search-params";
import { handlePointShopAction, loadPointShop } from "~/modules/shop/shop-admin-page.server";
import { useStaffForm } from "~/components/admin/staff-outcome";
import { formatNumber } from "~/lib/format";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "point-shop");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPointShop(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePointShopAction(request);
}

export const ErrorBoundary = AdminTabError;

const FILTER_KEYS = ["status", "q", "from", "to"] as const;

type ActionAnswer = ShopActionAnswer;

function OrderFilters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const [params] = useSearchParams();
  return (
    <ListFilters
      label="Filtrera ordrar"
      active={FILTER_KEYS.some((key) => params.get(key))}
      clearTo={withSearchParams(params, Object.fromEntries([...FILTER_KEYS, "page"].map((key) => [key, null])))}
    >
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(12rem,2fr)_repeat(3,minmax(0,1fr))]">
        <FilterField id="filter-q" label="Medlem" className="col-span-2 xl:col-span-1">
          <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="E-post eller namn" maxLength={TEXT_LIMITS.search} />
        </FilterField>
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          all="Alla statusar"
          options={labelledOptions(SHOP_ORDER_STATUSES, SHOP_ORDER_STATUS_LABELS)}
          defaultValue={query.status}
          className="col-span-2 xl:col-span-1"
        />
        <DateRangeFields from={query.from} to={query.to} />
      </div>
      {params.get("itemsPage") ? <input type="hidden" name="itemsPage" value={params.get("itemsPage")!} /> : null}
    </ListFilters>
  );
}

export default function AdminPointShopTab({ loaderData, actionData }: Route.ComponentProps) {
  const { query, items, orders } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { fetcher } = useStaffForm<ActionAnswer>({ key: "point-shop-action" });
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
          empty={<ListEmpty title="Inga belöningar ännu" hint="Skapa den första med knappen ovan." />}
        />
        <Pager param="itemsPage" page={items.page} pageCount={items.pageCount} pageSize={items.pageSize} total={items.total} noun="belöningar" />
      </section>

      <section aria-labelledby="orders-title" className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid gap-1">
          <h2 id="orders-title" className="text-lg font-semibold">
            Ordrar
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {orders.pending > 0
              ? `${formatNumber(orders.pending)} ${orders.pending === 1 ? "order väntar" : "ordrar väntar"} på att levereras.`
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
            <ListEmpty
              title={filtered ? "Inga ordrar matchar filtret" : "Inga ordrar ännu"}
              hint={filtered ? "Ändra eller rensa filtret för att se fler." : "Ordrar visas här när medlemmar löser in poäng."}
            />
          }
        />
        {orders.count.count > 0 ? <KeysetPager links={orders.links} count={orders.count} noun="ordrar" /> : null}
      </section>
    </div>
  );
}
