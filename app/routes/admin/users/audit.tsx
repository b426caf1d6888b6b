/**
 * /admin/users/audit (admin only; docs/rules/admin.md#users): the audit log, filtered by staff
 * member, action and Stockholm dates in the URL, paged on the server by keyset cursor, with a streamed CSV
 * export of the same filter.
 */
import { Link, useNavigation, useSearchParams } from "react-router";
import { ArrowLeft, Download } from "~/components/ui/icons";
import type { Route } from "./+types/audit";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { DateTimeCell } from "~/components/admin/list-parts";
import { formatDate, formatTime } from "~/lib/format";
import { AUDIT_ACTION_FILTERS, auditActionLabel, auditSummary, ENTITY_LABELS } from "~/components/admin/users/audit-text";
import { DateRangeFields, FilterSelect, ListFilters } from "~/components/admin/list-toolbar";
import { KeysetPager } from "~/components/ui/pager";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { withSearchParams } from "~/lib/search-params";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { listAudit, parseAuditListQuery } from "~/platform/audit/audit.server";
import { listStaffMembers } from "~/modules/accounts/member-admin.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "users");

const FILTER_KEYS = ["actor", "action", "from", "to", "entityType", "entityId"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "users");
  const params = new URL(request.url).searchParams;
  const filters = parseAuditListQuery(params);
  const [page, staff] = await Promise.all([listAudit(db(), filters), listStaffMembers(db())]);
  const day = (key: string) => {
    const value = params.get(key) ?? "";
    return DAY.test(value) ? value : "";
  };
  return {
    filters: { actor: filters.actorUserId ?? "", action: filters.action ?? "", from: day("from"), to: day("to") },
    links: page.links,
    rows: page.entries.map((entry) => ({
      id: entry.id,
      actorEmail: entry.actorEmail,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      summary: auditSummary(entry.before, entry.after),
      createdAt: entry.createdAt.toISOString(),
    })),
    staff: staff.map((person) => ({ id: person.id, label: `${person.name} (${person.email})` })),
  };
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function Subject({ row }: { row: Row }) {
  if (row.entityType === "member") {
    return (
      <Link to={`/admin/users/${row.entityId}`} className="hover:underline">
        Medlem
      </Link>
    );
  }
  return (
    <span className="grid">
      <span>{ENTITY_LABELS[row.entityType] ?? row.entityType}</span>
      <span className="truncate text-xs text-muted-foreground" title={row.entityId}>
        {row.entityId}
      </span>
    </span>
  );
}

const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: "time",
    header: "Tidpunkt",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <DateTimeCell iso={row.original.createdAt} />,
  },
  { id: "actor", header: "Personal", meta: { className: "max-w-56 truncate" }, cell: ({ row }) => row.original.actorEmail ?? "System" },
  { id: "action", header: "Åtgärd", cell: ({ row }) => auditActionLabel(row.original.action) },
  { id: "subject", header: "Gäller", meta: { className: "max-w-40" }, cell: ({ row }) => <Subject row={row.original} /> },
  { id: "change", header: "Ändring", meta: { className: "max-w-72 break-words" }, cell: ({ row }) => row.original.summary || "–" },
];

function AuditCard({ row }: { row: Row }) {
  return (
    <article className="grid gap-1 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <div className="flex items-start justify-between gap-3">
        <span className="font-medium">{auditActionLabel(row.action)}</span>
        <time dateTime={row.createdAt} className="shrink-0 text-xs text-muted-foreground">
          {formatDate(row.createdAt)} {formatTime(row.createdAt)}
        </time>
      </div>
      <span className="truncate text-muted-foreground">{row.actorEmail ?? "System"}</span>
      <Subject row={row} />
      {row.summary ? <p className="break-words">{row.summary}</p> : null}
    </article>
  );
}

export default function AuditView({ loaderData }: Route.ComponentProps) {
  const { filters, rows, links, staff } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const exportHref = `/admin/users/audit/export.csv${withSearchParams(params, { page: null, pageSize: null, efter: null, fore: null })}`.replace(/\?$/, "");
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/admin/users" className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Alla medlemmar
          </Link>
          <h2 className="text-xl font-bold">Granskningslogg</h2>
          <p className="max-w-prose text-sm text-muted-foreground">Varje ändring personalen gör: vem, vad, när och vad som ändrades.</p>
        </div>
        <a href={exportHref} className={buttonVariants({ variant: "outline" })} download data-testid="audit-export">
          <Download className="size-4" aria-hidden="true" />
          Exportera CSV
        </a>
      </div>

      <ListFilters key={params.toString()} label="Filtrera granskningsloggen" active={filtered} clearTo="/admin/users/audit">
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          <FilterSelect
            id="audit-actor"
            name="actor"
            label="Personal"
            all="All personal"
            options={staff.map((person) => [person.id, person.label] as const)}
            defaultValue={filters.actor}
            className="col-span-2 xl:col-span-1"
          />
          <FilterSelect
            id="audit-action"
            name="action"
            label="Åtgärd"
            all="Alla åtgärder"
            options={AUDIT_ACTION_FILTERS.map((option) => [option.value, option.label] as const)}
            defaultValue={filters.action}
            className="col-span-2 xl:col-span-1"
          />
          <DateRangeFields idPrefix="audit" from={filters.from} to={filters.to} />
        </div>
      </ListFilters>

      <section aria-labelledby="audit-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="audit-title" className="sr-only">
          Händelser
        </h2>
        <DataTable
          testId="audit"
          caption="Granskningslogg"
          columns={COLUMNS}
          data={rows}
          getRowId={(row) => row.id}
          busy={navigation.state === "loading" && navigation.location.pathname === "/admin/users/audit"}
          renderCard={(row) => <AuditCard row={row} />}
          empty={<p className="font-semibold">{filtered ? "Inga händelser matchar filtret" : "Inga händelser ännu"}</p>}
        />
        <KeysetPager links={links} noun="händelser" />
      </section>
    </div>
  );
}
