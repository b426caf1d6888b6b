/**
 * /admin/newsletter/lansering (admin only; docs/rules/admin.md#newsletter): the addresses that
 * asked on /kop-skins to be told when buying opens, with search and page in the URL and a CSV
 * export of the same search.
 */
import { useNavigation } from "react-router";
import { Pager } from "~/components/ui/pager";
import { Download } from "~/components/ui/icons";
import type { Route } from "./+types/lansering";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ListEmpty } from "~/components/admin/list-parts";
import { ListSearch } from "~/components/admin/list-toolbar";
import { NewsletterNav } from "~/components/admin/newsletter/newsletter-nav";
import { formatDateTime } from "~/lib/format";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { RETENTION } from "~/modules/legal/legal";
import { searchedPage } from "~/lib/paging";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { listLaunchNotifications, parseLaunchQuery } from "~/modules/newsletter/newsletter-admin.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "newsletter");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "newsletter");
  const query = parseLaunchQuery(new URL(request.url).searchParams);
  const list = await listLaunchNotifications(db(), query);
  return searchedPage(query.q, list);
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    id: "email",
    header: "E-post",
    meta: { className: "max-w-96" },
    cell: ({ row }) => (
      <span className="block truncate font-medium" data-testid="launch-email">
        {row.original.email}
      </span>
    ),
  },
  {
    id: "created",
    header: "Anmäld",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTime(row.original.createdAt)}</time>,
  },
];

function LaunchCard({ row }: { row: Row }) {
  return (
    <article className="grid gap-1 rounded-xl border bg-card p-4 text-sm" data-row-id={row.id}>
      <span className="truncate font-medium">{row.email}</span>
      <time dateTime={row.createdAt} className="text-xs text-muted-foreground">
        Anmäld {formatDateTime(row.createdAt)}
      </time>
    </article>
  );
}

export default function AdminLaunchList({ loaderData }: Route.ComponentProps) {
  const { q, rows, page, pageSize, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/newsletter/lansering";
  const exportHref = `/admin/newsletter/lansering/export.csv${q ? `?${new URLSearchParams({ q })}` : ""}`;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Adresser som bett om att få veta när köp öppnar på sidan Köp skins. De sparas tills vi har meddelat dem, högst{" "}
          {RETENTION.launchNotificationMonths} månader.
        </p>
        <a href={exportHref} className={buttonVariants({ variant: "outline" })} download data-testid="launch-export">
          <Download className="size-4" aria-hidden="true" />
          Exportera CSV
        </a>
      </div>

      <ListSearch id="launch-q" label="Sök e-post" formLabel="Sök i lanseringslistan" q={q} placeholder="Hela eller en del av adressen" clearTo="/admin/newsletter/lansering" />

      <section aria-labelledby="launch-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="launch-title" className="sr-only">
          Lanseringslista
        </h2>
        <DataTable
          testId="launch-list"
          caption="Lanseringslista"
          columns={COLUMNS}
          data={rows}
          getRowId={(row) => row.id}
          busy={busy}
          renderCard={(row) => <LaunchCard row={row} />}
          empty={<ListEmpty title={q ? "Ingen adress matchar sökningen" : "Ingen har anmält sig ännu"} hint={q ? "Prova en del av adressen." : undefined} />}
        />
        <Pager page={page} pageSize={pageSize} total={total} noun="adresser" />
      </section>
    </div>
  );
}
