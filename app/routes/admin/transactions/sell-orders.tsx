/**
 * /admin/transactions/saljordrar (admin only; docs/rules/selling.md#staff-pages): every sell
 * order, newest first, filtered by status in the URL, paged on the server by keyset cursor.
 */
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/sell-orders";
import { loadStaffOrders } from "~/modules/selling/sell-orders-admin-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { DateTimeCell } from "~/components/admin/list-parts";
import { formatDate, formatSek, formatTime } from "~/lib/format";
import { SellOrderStatusBadge } from "~/components/selling/sell-order-timeline";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Label } from "~/components/ui/label";
import { Input } from "~/components/ui/input";
import { Download } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/native-select";
import { KeysetPager } from "~/components/ui/pager";
import { SELL_ORDER_STATUSES, SELL_ORDER_STATUS_LABELS } from "~/modules/selling/selling-constants";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadStaffOrders(request);
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: "created",
    header: "Lagd",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
  },
  {
    id: "order",
    header: "Order",
    cell: ({ row }) => (
      <Link to={`/admin/transactions/saljordrar/${row.original.id}`} className="font-mono font-semibold hover:underline">
        {row.original.securityCode}
      </Link>
    ),
  },
  { id: "member", header: "Medlem", meta: { className: "max-w-48 truncate" }, cell: ({ row }) => row.original.memberName },
  { id: "items", header: "Föremål", meta: { className: "max-w-64 truncate" }, cell: ({ row }) => `${row.original.itemCount} st · ${row.original.itemNames.join(", ")}` },
  { id: "total", header: "Belopp", meta: { align: "right", className: "whitespace-nowrap" }, cell: ({ row }) => formatSek(row.original.totalOre) },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <SellOrderStatusBadge status={row.original.status} text={row.original.statusText} />
        <ShieldFlag row={row.original} />
      </span>
    ),
  },
];

/** The trade shield's flag (docs/rules/bots.md#trade-shield): a possible API-key theft, seen at a glance. */
function ShieldFlag({ row }: { row: Row }) {
  return row.hijackFlagged ? (
    <Badge variant="destructive" data-testid="shield-flag-badge">
      Möjlig API-nyckelstöld
    </Badge>
  ) : null;
}

function OrderCard({ row }: { row: Row }) {
  return (
    <Link to={`/admin/transactions/saljordrar/${row.id}`} className="grid gap-1 rounded-xl border bg-card p-4 text-sm hover:bg-accent">
      <span className="flex items-start justify-between gap-3">
        <span className="font-mono font-semibold">{row.securityCode}</span>
        <span className="font-semibold tabular-nums">{formatSek(row.totalOre)}</span>
      </span>
      <span className="truncate text-muted-foreground">
        {row.memberName} · {formatDate(row.createdAt)} {formatTime(row.createdAt)}
      </span>
      <span className="flex flex-wrap items-center gap-1.5">
        <SellOrderStatusBadge status={row.status} text={row.statusText} />
        <ShieldFlag row={row} />
      </span>
    </Link>
  );
}

export default function StaffSellOrders({ loaderData }: Route.ComponentProps) {
  const { rows, status, links, exportPeriod } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Säljordrar</h2>
        <p className="max-w-prose text-sm text-muted-foreground">Medlemmarnas säljordrar från accepterad offert till utbetalning.</p>
      </div>
      <Form method="get" role="search" aria-label="Filtrera säljordrar" className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4" key={params.toString()}>
        <div className="grid gap-1.5">
          <Label htmlFor="sell-order-status">Status</Label>
          <NativeSelect id="sell-order-status" name="status" defaultValue={status ?? ""}>
            <option value="">Alla</option>
            {SELL_ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {SELL_ORDER_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Filtrera
        </Button>
      </Form>
      <DataTable
        columns={COLUMNS}
        data={rows}
        getRowId={(row) => row.id}
        caption="Säljordrar"
        empty="Inga säljordrar."
        renderCard={(row) => <OrderCard row={row} />}
        busy={navigation.state === "loading"}
        testId="staff-sell-orders"
      />
      <KeysetPager links={links} noun="säljordrar" />
      <form
        method="get"
        action="/admin/transactions/bokforing.se"
        aria-labelledby="sie-export-heading"
        className="grid gap-3 rounded-xl border bg-card p-4"
        data-testid="sie-export"
      >
        <div className="grid gap-1">
          <h3 id="sie-export-heading" className="font-semibold">
            Bokföringsexport (SIE 4)
          </h3>
          <p className="max-w-prose text-sm text-muted-foreground">
            Periodens inköp och utbetalningar, en verifikation per avräkningsnota, för import i Fortnox, Visma och andra bokföringsprogram. Perioden ligger inom ett kalenderår.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="sie-from">Från och med</Label>
            <Input id="sie-from" name="from" type="date" defaultValue={exportPeriod.from} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sie-to">Till och med</Label>
            <Input id="sie-to" name="to" type="date" defaultValue={exportPeriod.to} required />
          </div>
          <Button type="submit" variant="outline">
            <Download className="size-4" aria-hidden="true" />
            Ladda ner SIE-fil
          </Button>
        </div>
      </form>
    </div>
  );
}
