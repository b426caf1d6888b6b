/**
 * /admin/newsletter/kampanjer (admin only; docs/rules/newsletter.md#campaigns): every campaign,
 * newest first, with its status and progress, 25 a page (`page` in the URL).
 */
import { useMemo } from "react";
import { Link, useNavigation } from "react-router";
import { Megaphone, Plus } from "~/components/ui/icons";
import type { Route } from "./+types/campaigns";
import { adminMeta } from "~/components/admin/admin-meta";
import { usePollWhile } from "~/components/admin/newsletter/use-poll-while";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { CampaignProgress, CampaignStatusBadge } from "~/components/admin/newsletter/campaign-progress";
import { NewsletterNav } from "~/components/admin/newsletter/newsletter-nav";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { KeysetPager } from "~/components/ui/pager";
import { MAIL_LIST_LABELS } from "~/modules/newsletter/campaign-rules";
import type { CampaignView } from "~/modules/newsletter/campaigns.server";
import { loadCampaignList } from "~/modules/newsletter/campaigns-page.server";
import { formatDate, formatTime } from "~/lib/format";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "newsletter");

export async function loader({ request }: Route.LoaderArgs) {
  return loadCampaignList(request);
}

export const ErrorBoundary = AdminTabError;

/** How often a list with a campaign still sending refreshes its progress. */
const POLL_MS = 3_000;

function Subject({ campaign }: { campaign: CampaignView }) {
  return (
    <Link to={`/admin/newsletter/kampanjer/${campaign.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
      {campaign.subject}
    </Link>
  );
}

const columns: DataTableColumn<CampaignView>[] = [
  { id: "subject", header: "Ämne", meta: { className: "min-w-48" }, cell: ({ row }) => <Subject campaign={row.original} /> },
  { id: "status", header: "Status", cell: ({ row }) => <CampaignStatusBadge status={row.original.status} /> },
  { id: "list", header: "Lista", cell: ({ row }) => (row.original.list ? MAIL_LIST_LABELS[row.original.list] : "–") },
  {
    id: "progress",
    header: "Förlopp",
    meta: { className: "min-w-64" },
    cell: ({ row }) =>
      row.original.status === "draft" ? (
        <span className="text-sm text-muted-foreground">Inte skickad</span>
      ) : (
        <CampaignProgress progress={row.original.progress} label={`Förlopp för ${row.original.subject}`} compact />
      ),
  },
  {
    id: "created",
    header: "Skapad",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => (
      <time dateTime={row.original.createdAt}>
        {formatDate(row.original.createdAt)} {formatTime(row.original.createdAt)}
      </time>
    ),
  },
];

function CampaignCard({ campaign }: { campaign: CampaignView }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={campaign.id}>
      <div className="flex items-start justify-between gap-3">
        <Subject campaign={campaign} />
        <CampaignStatusBadge status={campaign.status} />
      </div>
      <p className="text-xs text-muted-foreground">
        {campaign.list ? MAIL_LIST_LABELS[campaign.list] : "Utkast"} · {formatDate(campaign.createdAt)}
      </p>
      {campaign.status === "draft" ? null : <CampaignProgress progress={campaign.progress} label={`Förlopp för ${campaign.subject}`} compact />}
    </article>
  );
}

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns } = loaderData;
  const navigation = useNavigation();
  const sending = useMemo(() => campaigns.rows.some((row) => row.status === "sending"), [campaigns.rows]);
  usePollWhile(sending, POLL_MS);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/newsletter/kampanjer";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <NewsletterNav />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Megaphone className="size-5" aria-hidden="true" />
            Kampanjer
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Nyhetsbrev till bekräftade prenumeranter och lanseringsutskick till dem som vill veta när köp öppnar. Varje adress får högst ett
            exemplar.
          </p>
        </div>
        <Link to="/admin/newsletter/kampanjer/ny" className={buttonVariants()} data-testid="campaign-new">
          <Plus className="size-4" aria-hidden="true" />
          Ny kampanj
        </Link>
      </div>
      <DataTable
        testId="campaigns"
        caption="Kampanjer"
        columns={columns}
        data={campaigns.rows}
        getRowId={(row) => row.id}
        busy={loading}
        renderCard={(campaign) => <CampaignCard campaign={campaign} />}
        empty={
          <div className="grid justify-items-center gap-2">
            <p className="font-semibold">Inga kampanjer ännu</p>
            <p className="text-sm text-muted-foreground">Skriv den första med "Ny kampanj".</p>
          </div>
        }
      />
      {campaigns.count.count > 0 ? <KeysetPager links={campaigns.links} count={campaigns.count} noun="kampanjer" /> : null}
    </div>
  );
}
