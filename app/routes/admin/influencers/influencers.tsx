/**
 * /admin/influencers (admin only; docs/rules/admin.md#influencers): every influencer with what
 * they brought in the chosen period — link clicks, sign-ups, first trades and the traded value
 * of attributed members — and a new influencer in a dialog. Each row opens the influencer.
 */
import { useState } from "react";
import { Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ArrowRight, Plus } from "~/components/ui/icons";
import type { Route } from "./+types/influencers";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { PeriodSwitch } from "~/components/admin/insights/insight-parts";
import { InfluencerForm, type InfluencerFormFailure } from "~/components/admin/influencers/influencer-form";
import { InfluencerStatusBadge } from "~/components/admin/influencers/influencer-status";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { formatNumber, formatSek } from "~/lib/format";
import { INSIGHT_PERIOD_LABELS } from "~/modules/insights/insight-period";
import type { InfluencerRow } from "~/modules/influencers/influencers.server";
import { handleInfluencersAction, loadInfluencersPage } from "~/modules/influencers/influencers-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "influencers");

export async function loader({ request }: Route.LoaderArgs) {
  return loadInfluencersPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  const result = await handleInfluencersAction(request);
  if ("ok" in result && result.ok === true) return redirect(`/admin/influencers/${result.influencerId}?skapad=1`);
  return result;
}

export const ErrorBoundary = AdminTabError;

function detailHref(row: InfluencerRow, params: URLSearchParams): string {
  const period = params.get("period");
  return `/admin/influencers/${row.id}${period ? `?period=${encodeURIComponent(period)}` : ""}`;
}

function columns(params: URLSearchParams): DataTableColumn<InfluencerRow>[] {
  return [
    {
      id: "name",
      header: "Influencer",
      cell: ({ row }) => (
        <span className="grid">
          <Link to={detailHref(row.original, params)} className="font-medium">
            {row.original.name}
          </Link>
          <span className="font-mono text-xs text-muted-foreground">{row.original.referralCode}</span>
        </span>
      ),
    },
    { id: "status", header: "Status", cell: ({ row }) => <InfluencerStatusBadge status={row.original.status} /> },
    { id: "clicks", header: "Klick", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.clicks) },
    { id: "signups", header: "Registreringar", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.signups) },
    { id: "firstTrades", header: "Första affärer", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.firstTrades) },
    { id: "traded", header: "Handlat (SEK)", meta: { align: "right", className: "whitespace-nowrap" }, cell: ({ row }) => formatSek(row.original.tradedOre) },
    {
      id: "commission",
      header: "Provision",
      meta: { align: "right" },
      cell: ({ row }) => (row.original.commissionPercent === null ? "–" : `${formatNumber(row.original.commissionPercent)} %`),
    },
  ];
}

function InfluencerCard({ row, params }: { row: InfluencerRow; params: URLSearchParams }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="influencer-card">
      <div className="flex items-start justify-between gap-2">
        <Link to={detailHref(row, params)} className="grid min-w-0">
          <span className="truncate font-medium">{row.name}</span>
          <span className="font-mono text-xs text-muted-foreground">{row.referralCode}</span>
        </Link>
        <InfluencerStatusBadge status={row.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Klick</dt>
        <dd className="text-right tabular-nums">{formatNumber(row.clicks)}</dd>
        <dt className="text-muted-foreground">Registreringar</dt>
        <dd className="text-right tabular-nums">{formatNumber(row.signups)}</dd>
        <dt className="text-muted-foreground">Första affärer</dt>
        <dd className="text-right tabular-nums">{formatNumber(row.firstTrades)}</dd>
        <dt className="text-muted-foreground">Handlat</dt>
        <dd className="text-right tabular-nums">{formatSek(row.tradedOre)}</dd>
      </dl>
      <Link to={detailHref(row, params)} className="inline-flex items-center gap-1 justify-self-start text-sm">
        Visa detaljer
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}

export default function AdminInfluencersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { list, period } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const failure = actionData && "ok" in actionData && actionData.ok === false ? (actionData as InfluencerFormFailure) : null;
  const [open, setOpen] = useState(false);
  // A refused form keeps the dialog open with its messages, until it is closed.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const dialogOpen = open || (failure !== null && dismissed !== actionData);
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch period={period} resetParams={["sida"]} />
        <Dialog open={dialogOpen} onOpenChange={(next) => {
            setOpen(next);
            if (!next) setDismissed(actionData);
          }}>
          <DialogTrigger asChild>
            <Button data-testid="influencer-new">
              <Plus className="size-4" aria-hidden="true" />
              Ny influencer
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Ny influencer</DialogTitle>
              <DialogDescription>Koden blir länken {`/?ref=KOD`} som influencern delar.</DialogDescription>
            </DialogHeader>
            <InfluencerForm intent="create" failure={failure} busy={busy} submitLabel="Skapa influencer" />
          </DialogContent>
        </Dialog>
      </div>

      <section aria-labelledby="influencers-title" className="grid min-w-0 grid-cols-1 gap-3">
        <div className="grid gap-1">
          <h2 id="influencers-title" className="text-lg font-semibold">
            Influencers
          </h2>
          <p className="text-sm text-muted-foreground">
            Siffrorna gäller de senaste {INSIGHT_PERIOD_LABELS[period]} i svensk tid: klick på länken, registreringar med koden,
            värvade medlemmar vars första genomförda affär kom under perioden och värdet av värvade medlemmars genomförda affärer.
          </p>
        </div>
        <DataTable
          columns={columns(params)}
          data={list.rows}
          getRowId={(row) => row.id}
          caption="Influencers"
          empty={
            <div className="grid justify-items-center gap-2 py-6 text-center">
              <p className="font-medium">Inga influencers ännu</p>
              <p className="text-sm text-muted-foreground">Skapa den första med knappen Ny influencer.</p>
            </div>
          }
          renderCard={(row) => <InfluencerCard row={row} params={params} />}
          testId="influencers-table"
        />
        {list.total > list.pageSize ? (
          <Pager
            param="sida"
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            total={list.total}
            noun="influencers"
          />
        ) : null}
      </section>
    </div>
  );
}
