/**
 * /admin/users (admin only; docs/rules/admin.md#users): search members by email, name, Steam
 * id, phone or referral code, paged on the server, the search in the URL. A row opens the
 * member's page; the audit log sits under the tab at /admin/users/audit.
 */
import { Link, useNavigation } from "react-router";
import { KeysetPager } from "~/components/ui/pager";
import { ScrollText } from "~/components/ui/icons";
import type { Route } from "./+types/users";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ListEmpty } from "~/components/admin/list-parts";
import { ListSearch } from "~/components/admin/list-toolbar";
import { LevelBadge } from "~/components/admin/transactions/trade-display";
import { formatDate, formatNumber, formatPoints } from "~/lib/format";
import { RoleBadges } from "~/components/admin/users/member-badges";
import { StatusBadge } from "~/components/ui/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { parseMemberSearch, searchMembers } from "~/modules/accounts/member-admin.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "users");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "users");
  const query = parseMemberSearch(new URL(request.url).searchParams);
  const result = await searchMembers(db(), query);
  return {
    q: query.q ?? "",
    links: result.links,
    count: result.count,
    rows: result.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function MemberLink({ row }: { row: Row }) {
  return (
    <Link to={`/admin/users/${row.id}`} className="grid min-w-0 rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" data-testid="member-link">
      <span className="truncate font-medium">{row.name}</span>
      <span className="truncate text-xs text-muted-foreground">{row.email}</span>
    </Link>
  );
}

function StatusCell({ row }: { row: Row }) {
  return (
    <span className="flex flex-wrap gap-1">
      {row.blocked ? <StatusBadge label="Spärrad" tone="danger" /> : null}
      <RoleBadges roles={row.roles} />
    </span>
  );
}

const COLUMNS: DataTableColumn<Row>[] = [
  { id: "member", header: "Medlem", meta: { className: "max-w-64 min-w-40" }, cell: ({ row }) => <MemberLink row={row.original} /> },
  {
    id: "contact",
    header: "Steam-id / telefon",
    meta: { className: "whitespace-nowrap text-sm" },
    cell: ({ row }) => (
      <span className="grid text-xs">
        <span>{row.original.steamId ?? "–"}</span>
        <span className="text-muted-foreground">{row.original.phone ?? "–"}</span>
      </span>
    ),
  },
  { id: "level", header: "Nivå", cell: ({ row }) => <LevelBadge level={row.original.level} /> },
  {
    id: "points",
    header: "Poäng",
    meta: { align: "right", className: "whitespace-nowrap tabular-nums" },
    cell: ({ row }) => (
      <span className="grid">
        <span>{formatPoints(row.original.points)}</span>
        <span className="text-xs text-muted-foreground">{formatNumber(row.original.xp)} XP</span>
      </span>
    ),
  },
  { id: "status", header: "Roller och status", cell: ({ row }) => <StatusCell row={row.original} /> },
  {
    id: "created",
    header: "Medlem sedan",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>,
  },
];

function MemberCard({ row }: { row: Row }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <div className="flex items-start justify-between gap-3">
        <MemberLink row={row} />
        <LevelBadge level={row.level} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">Poäng</dt>
          <dd className="tabular-nums">{formatPoints(row.points)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">XP</dt>
          <dd className="tabular-nums">{formatNumber(row.xp)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Steam-id</dt>
          <dd className="truncate">{row.steamId ?? "–"}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Telefon</dt>
          <dd className="truncate">{row.phone ?? "–"}</dd>
        </div>
      </dl>
      <StatusCell row={row} />
    </article>
  );
}

export default function AdminUsersTab({ loaderData }: Route.ComponentProps) {
  const { q, rows, links, count } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/users";
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Sök bland medlemmarna och öppna en medlem för att se saldo, affärer och sessioner, och för att justera poäng, roller eller spärra inloggning.
        </p>
        <Link to="/admin/users/audit" className={buttonVariants({ variant: "outline" })}>
          <ScrollText className="size-4" aria-hidden="true" />
          Granskningslogg
        </Link>
      </div>

      <ListSearch id="member-q" label="Sök medlem" formLabel="Sök medlemmar" q={q} placeholder="E-post, namn, Steam-id, telefon eller värvningskod" clearTo="/admin/users" />

      <section aria-labelledby="members-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="members-title" className="sr-only">
          Medlemmar
        </h2>
        <DataTable
          testId="members"
          caption="Medlemmar"
          columns={COLUMNS}
          data={rows}
          getRowId={(row) => row.id}
          busy={busy}
          renderCard={(row) => <MemberCard row={row} />}
          empty={<ListEmpty title={q ? "Ingen medlem matchar sökningen" : "Inga medlemmar ännu"} hint={q ? "Prova en del av e-postadressen, namnet eller telefonnumret." : undefined} />}
        />
        <KeysetPager links={links} count={count.count > 0 ? count : undefined} noun="medlemmar" />
      </section>
    </div>
  );
}
