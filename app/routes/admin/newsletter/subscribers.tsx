/**
 * /admin/newsletter (admin only; docs/rules/admin.md#newsletter): every newsletter subscription,
 * members' and anonymous ones together, with search, filters and page in the URL, summary
 * counts and a CSV export of the same filter. The launch list and campaigns sit beside it
 * under the tab's own sub-navigation.
 */
import { Link, useNavigation } from "react-router";
import { KeysetPager } from "~/components/ui/pager";
import { Check, Download, Minus } from "~/components/ui/icons";
import type { Route } from "./+types/subscribers";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ListEmpty } from "~/components/admin/list-parts";
import { FilterField, FilterSelect, labelledOptions, ListFilters } from "~/components/admin/list-toolbar";
import { NewsletterNav } from "~/components/admin/newsletter/newsletter-nav";
import { formatDate, formatNumber } from "~/lib/format";
import { StatusBadge } from "~/components/ui/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import {
  NEWSLETTER_OPT_IN,
  NEWSLETTER_SOURCE_LABELS,
  NEWSLETTER_SUBSCRIBER_SOURCES,
} from "~/modules/newsletter/newsletter-constants";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import {
  listSubscribers,
  parseSubscriberQuery,
  sourceLabel,
  SUBSCRIBER_FILTER_KEYS,
  subscriberSummary,
} from "~/modules/newsletter/newsletter-admin.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "newsletter");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "newsletter");
  const query = parseSubscriberQuery(new URL(request.url).searchParams);
  const [list, summary] = await Promise.all([listSubscribers(db(), query), subscriberSummary(db())]);
  const filters = Object.fromEntries(SUBSCRIBER_FILTER_KEYS.map((key) => [key, query[key] ?? ""])) as Record<
    (typeof SUBSCRIBER_FILTER_KEYS)[number],
    string
  >;
  return {
    filters,
    summary,
    links: list.links,
    count: list.count,
    rows: list.rows.map((row) => ({
      ...row,
      source: sourceLabel(row.source),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Filters = Route.ComponentProps["loaderData"]["filters"];

function Who({ row }: { row: Row }) {
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium" data-testid="subscriber-email">
        {row.email}
      </span>
      {row.userId ? (
        <Link to={`/admin/users/${row.userId}`} className="truncate text-xs text-primary hover:underline">
          Medlem: {row.memberName ?? row.email}
        </Link>
      ) : (
        <span className="text-xs text-muted-foreground">Anonym</span>
      )}
    </span>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <span className={on ? "inline-flex items-center gap-1" : "inline-flex items-center gap-1 text-muted-foreground"}>
      {on ? <Check className="size-4 text-success-text" aria-hidden="true" /> : <Minus className="size-4" aria-hidden="true" />}
      <span className="sr-only">
        {label} {on ? "på" : "av"}
      </span>
      <span aria-hidden="true">{on ? "På" : "Av"}</span>
    </span>
  );
}

function Confirmation({ row }: { row: Row }) {
  return row.confirmedAt ? (
    <span className="grid gap-0.5">
      <StatusBadge label="Bekräftad" tone="success" data-testid="subscriber-status" />
      <time dateTime={row.confirmedAt} className="text-xs text-muted-foreground">
        {formatDate(row.confirmedAt)}
      </time>
    </span>
  ) : (
    <StatusBadge label="Väntar" tone="neutral" data-testid="subscriber-status" />
  );
}

const COLUMNS: DataTableColumn<Row>[] = [
  { id: "who", header: "E-post", meta: { className: "max-w-72 min-w-48" }, cell: ({ row }) => <Who row={row.original} /> },
  { id: "email", header: "E-post på", cell: ({ row }) => <Flag on={row.original.emailSubscribed} label="Nyhetsbrev via e-post" /> },
  { id: "sms", header: "SMS", cell: ({ row }) => <Flag on={row.original.phoneSubscribed} label="SMS" /> },
  { id: "source", header: "Källa", cell: ({ row }) => row.original.source },
  { id: "status", header: "Bekräftelse", cell: ({ row }) => <Confirmation row={row.original} /> },
  {
    id: "created",
    header: "Skapad",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>,
  },
  {
    id: "updated",
    header: "Uppdaterad",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.updatedAt}>{formatDate(row.original.updatedAt)}</time>,
  },
];

function SubscriberCard({ row }: { row: Row }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <div className="flex items-start justify-between gap-3">
        <Who row={row} />
        <Confirmation row={row} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">E-post</dt>
          <dd>
            <Flag on={row.emailSubscribed} label="Nyhetsbrev via e-post" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">SMS</dt>
          <dd>
            <Flag on={row.phoneSubscribed} label="SMS" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Källa</dt>
          <dd>{row.source}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Skapad / uppdaterad</dt>
          <dd>
            <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time> /{" "}
            <time dateTime={row.updatedAt}>{formatDate(row.updatedAt)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}

function Summary({ summary }: { summary: Route.ComponentProps["loaderData"]["summary"] }) {
  const items = [
    { label: "Prenumerationer", value: summary.total, hint: `${summary.members} medlemmar, ${summary.anonymous} anonyma` },
    { label: "Når ett utskick", value: summary.reachable, hint: "E-post på och bekräftad adress" },
    { label: "Väntar på bekräftelse", value: summary.unconfirmed, hint: `Raderas efter ${NEWSLETTER_OPT_IN.confirmationDays} dagar utan bekräftelse` },
    { label: "SMS", value: summary.sms, hint: "Medlemmar med SMS på" },
  ];
  return (
    <section aria-labelledby="newsletter-summary" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <h2 id="newsletter-summary" className="sr-only">
        Sammanfattning
      </h2>
      {items.map((item) => (
        <div key={item.label} className="grid gap-1 rounded-xl border bg-card p-4" data-testid="newsletter-summary-item">
          <span className="text-xs text-muted-foreground sm:text-sm">{item.label}</span>
          <span className="text-2xl font-bold tabular-nums">{formatNumber(item.value)}</span>
          <span className="text-xs text-muted-foreground">{item.hint}</span>
        </div>
      ))}
    </section>
  );
}

function FilterForm({ filters }: { filters: Filters }) {
  const onOff = [["on", "På"], ["off", "Av"]] as const;
  return (
    <ListFilters
      key={JSON.stringify(filters)}
      label="Filtrera prenumeranter"
      active={Object.values(filters).some(Boolean)}
      clearTo="/admin/newsletter"
      clearLabel="Rensa"
      testId="newsletter-filters"
    >
      <FilterField id="subscriber-q" label="Sök e-post">
        <Input id="subscriber-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder="Hela eller en del av adressen" />
      </FilterField>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 xl:grid-cols-5">
        <FilterSelect id="subscriber-kind" name="kind" label="Typ" all="Alla" options={[["member", "Medlemmar"], ["anonymous", "Anonyma"]]} defaultValue={filters.kind} />
        <FilterSelect id="subscriber-email" name="email" label="E-post" all="Alla" options={onOff} defaultValue={filters.email} />
        <FilterSelect id="subscriber-sms" name="sms" label="SMS" all="Alla" options={onOff} defaultValue={filters.sms} />
        <FilterSelect
          id="subscriber-source"
          name="source"
          label="Källa"
          all="Alla källor"
          options={labelledOptions(NEWSLETTER_SUBSCRIBER_SOURCES, NEWSLETTER_SOURCE_LABELS)}
          defaultValue={filters.source}
        />
        <FilterSelect
          id="subscriber-confirmed"
          name="confirmed"
          label="Bekräftelse"
          all="Alla"
          options={[["yes", "Bekräftade"], ["no", "Väntar"]]}
          defaultValue={filters.confirmed}
        />
      </div>
    </ListFilters>
  );
}

export default function AdminNewsletterTab({ loaderData }: Route.ComponentProps) {
  const { filters, summary, rows, links, count } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/newsletter";
  const filtered = Object.values(filters).some(Boolean);
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  const exportHref = `/admin/newsletter/export.csv${exportParams.size ? `?${exportParams}` : ""}`;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Alla som prenumererar, medlemmar och anonyma. Anmälningar från sidfoten och bloggen bekräftas via mejl innan de får
          något utskick; obekräftade raderas efter {NEWSLETTER_OPT_IN.confirmationDays} dagar.
        </p>
        <a href={exportHref} className={buttonVariants({ variant: "outline" })} download data-testid="newsletter-export">
          <Download className="size-4" aria-hidden="true" />
          Exportera CSV
        </a>
      </div>

      <Summary summary={summary} />
      <FilterForm filters={filters} />

      <section aria-labelledby="subscribers-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="subscribers-title" className="sr-only">
          Prenumeranter
        </h2>
        <DataTable
          testId="subscribers"
          caption="Prenumeranter"
          columns={COLUMNS}
          data={rows}
          getRowId={(row) => row.id}
          busy={busy}
          renderCard={(row) => <SubscriberCard row={row} />}
          empty={<ListEmpty title={filtered ? "Ingen prenumeration matchar filtret" : "Inga prenumeranter ännu"} hint={filtered ? "Ändra sökningen eller rensa filtren." : undefined} />}
        />
        <KeysetPager links={links} count={count.count > 0 ? count : undefined} noun="prenumerationer" />
      </section>
    </div>
  );
}
