/**
 * /admin/influencers/:influencerId (admin only; docs/rules/admin.md#influencers): one
 * influencer — clicks per day, clicks by UTM source, medium and campaign, the funnel click →
 * sign-up → first trade for the chosen period, the commission report for a month with its CSV,
 * the form to edit, and deactivating after a confirmation. "Till influencers" goes back.
 */
import { Suspense } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { ArrowLeft, Ban, CircleCheck, Download } from "~/components/ui/icons";
import type { Route } from "./+types/influencer";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { LazyDailyChart as DailyChart } from "~/components/admin/insights/lazy-daily-chart";
import { Figure, Funnel, PeriodSwitch } from "~/components/admin/insights/insight-parts";
import { InfluencerForm, type InfluencerFormFailure } from "~/components/admin/influencers/influencer-form";
import { InfluencerStatusBadge } from "~/components/admin/influencers/influencer-status";
import { Pager } from "~/components/ui/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatNumber, formatSek } from "~/lib/format";
import { INSIGHT_PERIOD_LABELS } from "~/modules/insights/insight-period";
import { handleInfluencerDetailAction, loadInfluencerDetailPage } from "~/modules/influencers/influencers-page.server";
import { useStaffForm } from "~/components/admin/staff-outcome";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "influencers");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadInfluencerDetailPage(request, params.influencerId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleInfluencerDetailAction(request, params.influencerId);
}

export const ErrorBoundary = AdminTabError;

type LoaderData = Route.ComponentProps["loaderData"];
type CommissionRow = LoaderData["commission"]["members"][number];
type UtmRow = LoaderData["utm"][number];

const amount = { align: "right", className: "whitespace-nowrap" } as const;

const COMMISSION_COLUMNS: DataTableColumn<CommissionRow>[] = [
  {
    id: "member",
    header: "Medlem",
    cell: ({ row }) => <Link to={`/admin/users/${row.original.userId}`}>{row.original.name ?? row.original.email ?? "Namnlös medlem"}</Link>,
  },
  { id: "trades", header: "Affärer", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.trades) },
  { id: "sold", header: "Sålt", meta: amount, cell: ({ row }) => formatSek(row.original.soldOre) },
  { id: "bought", header: "Köpt", meta: amount, cell: ({ row }) => formatSek(row.original.boughtOre) },
  { id: "value", header: "Värde", meta: amount, cell: ({ row }) => formatSek(row.original.valueOre) },
];

const utmText = { className: "max-w-40 truncate" };

const UTM_COLUMNS: DataTableColumn<UtmRow>[] = [
  { id: "source", header: "Källa", meta: utmText, cell: ({ row }) => row.original.source },
  { id: "medium", header: "Medium", meta: utmText, cell: ({ row }) => row.original.medium },
  { id: "campaign", header: "Kampanj", meta: utmText, cell: ({ row }) => row.original.campaign },
  { id: "clicks", header: "Klick", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.clicks) },
];
type Answer = { ok: boolean; intent?: string; title?: string; message: string };

function StatusAction({ data }: { data: LoaderData }) {
  const { fetcher } = useStaffForm<Answer>({ fallback: null });
  const busy = fetcher.state !== "idle";
  const { influencer } = data;
  if (influencer.status === "inactive") {
    return (
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="set-status" />
        <input type="hidden" name="status" value="active" />
        <Button type="submit" variant="outline" disabled={busy} data-testid="influencer-activate">
          <CircleCheck className="size-4" aria-hidden="true" />
          Aktivera
        </Button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="status" value="inactive" />
      <ConfirmDialog
        testId="confirm-deactivate"
        trigger={
          <Button type="submit" variant="outline" className="text-red-700 hover:text-red-800 dark:text-red-300" disabled={busy} data-testid="influencer-deactivate">
            <Ban className="size-4" aria-hidden="true" />
            Inaktivera
          </Button>
        }
        title="Inaktivera influencern?"
        description={
          <p>
            Koden {influencer.referralCode} slutar fungera: nya besökare med länken får ingen värvning. Klick, registreringar och
            provisionsunderlag som redan finns ligger kvar, och du kan aktivera koden igen.
          </p>
        }
        confirmLabel="Inaktivera"
        tone="destructive"
        onConfirm={() => fetcher.submit({ intent: "set-status", status: "inactive" }, { method: "post" })}
      />
    </fetcher.Form>
  );
}

function Commission({ data }: { data: LoaderData }) {
  const [params] = useSearchParams();
  const { commission, influencer } = data;
  const csvHref = `/admin/influencers/${influencer.id}/commission.csv?manad=${commission.month}`;
  return (
    <section aria-labelledby="commission-title" className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="commission-title" className="font-semibold">
          Provisionsrapport
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
          {params.get("period") ? <input type="hidden" name="period" value={params.get("period")!} /> : null}
          <div className="grid gap-1">
            <Label htmlFor="commission-month">Månad</Label>
            <Input id="commission-month" type="month" name="manad" defaultValue={commission.month} className="w-44" />
          </div>
          <Button type="submit" variant="outline">
            Visa
          </Button>
          <a href={csvHref} className={buttonVariants({ variant: "outline" })} download data-testid="commission-csv">
            <Download className="size-4" aria-hidden="true" />
            CSV
          </a>
        </Form>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label="Värvade medlemmar med affärer" value={formatNumber(commission.memberCount)} />
        <Figure label="Värde av genomförda affärer" value={formatSek(commission.totalValueOre)} testId="commission-value" />
        <Figure
          label={influencer.commissionPercent === null ? "Provision" : `Provision (${formatNumber(influencer.commissionPercent)} %)`}
          value={commission.commissionOre === null ? "Ingen provision" : formatSek(commission.commissionOre)}
          testId="commission-amount"
        />
      </dl>
      <DataTable
        columns={COMMISSION_COLUMNS}
        data={commission.members}
        getRowId={(member) => member.userId}
        caption={`Värvade medlemmars affärer ${commission.month}`}
        empty={<p className="text-sm text-muted-foreground">Inga genomförda affärer av värvade medlemmar under {commission.month}.</p>}
        testId="commission-table"
      />
      <Pager param="sida" page={commission.page} hasMore={commission.hasMore} label="provisionsrapport" />
      <p className="text-xs text-muted-foreground">
        Provisionen räknas på värdet av värvade medlemmars genomförda försäljningar och köp under månaden (svensk tid),
        avrundat till hela ören.
      </p>
    </section>
  );
}

export default function AdminInfluencerDetail({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const { influencer, figures, period } = data;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const updateFailure =
    actionData && "ok" in actionData && actionData.ok === false && (actionData as Answer).intent !== "set-status"
      ? (actionData as InfluencerFormFailure)
      : null;
  const updated = actionData && "ok" in actionData && actionData.ok === true && actionData.intent === "update" ? actionData : null;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const backPeriod = params.get("period");
  const backHref = backPeriod ? `?period=${encodeURIComponent(backPeriod)}` : "";
  const clicksTotal = data.clicksPerDay.reduce((sum, day) => sum + day.clicks, 0);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-3">
        <Link
          to={`/admin/influencers${backHref}`}
          className={buttonVariants({ variant: "ghost", size: "sm", className: "justify-self-start" })}
          data-testid="influencer-back"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Till influencers
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              <span className="truncate" data-testid="influencer-name">{influencer.name}</span>
              <InfluencerStatusBadge status={influencer.status} />
            </h2>
            <p className="text-sm text-muted-foreground">
              Kod <span className="font-mono">{influencer.referralCode}</span>
              {influencer.contact ? ` · ${influencer.contact}` : ""}
            </p>
          </div>
          <StatusAction data={data} />
        </div>
        {params.get("skapad") ? <FormAlert tone="success" title="Influencern är skapad">Dela länken med koden för att börja räkna klick.</FormAlert> : null}
      </div>

      <section aria-labelledby="figures-title" className="grid min-w-0 grid-cols-1 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="figures-title" className="font-semibold">
            De senaste {INSIGHT_PERIOD_LABELS[period]}
          </h2>
          <PeriodSwitch period={period} />
        </div>
        <Funnel
          testId="influencer-funnel"
          steps={[
            { label: "Klick", count: figures.clicks },
            { label: "Registreringar", count: figures.signups },
            { label: "Första affärer", count: figures.firstTrades },
          ]}
        />
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Figure label="Värvade medlemmars genomförda affärer" value={formatSek(figures.tradedOre)} />
          <Figure label="Provision" value={influencer.commissionPercent === null ? "Ingen" : `${formatNumber(influencer.commissionPercent)} %`} />
        </dl>
      </section>

      <section aria-labelledby="clicks-title" className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="clicks-title" className="font-semibold">
            Klick per dag
          </h2>
          <p className="text-sm text-muted-foreground">{formatNumber(clicksTotal)} klick</p>
        </div>
        {clicksTotal === 0 ? (
          <p className="text-sm text-muted-foreground">Inga klick under perioden.</p>
        ) : (
          <Suspense fallback={<div className="h-64" aria-hidden="true" />}>
            <DailyChart
              testId="clicks-chart"
              days={data.clicksPerDay}
              series={[{ key: "clicks", name: "Klick", color: "var(--color-primary)" }]}
              caption={`Klick på länken per dag i svensk tid, de senaste ${INSIGHT_PERIOD_LABELS[period]}.`}
            />
          </Suspense>
        )}
      </section>

      <section aria-labelledby="utm-title" className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border bg-card p-4">
        <h2 id="utm-title" className="font-semibold">
          Klick per källa, medium och kampanj
        </h2>
        <DataTable
          columns={UTM_COLUMNS}
          data={data.utm}
          getRowId={(row) => `${row.source}|${row.medium}|${row.campaign}`}
          caption="Klick per UTM-källa, medium och kampanj"
          empty={<p className="text-sm text-muted-foreground">Inga klick under perioden.</p>}
          testId="utm-table"
        />
      </section>

      <Commission data={data} />

      <section aria-labelledby="edit-title" className="grid max-w-2xl min-w-0 gap-3 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="edit-title" className="font-semibold">
          Redigera
        </h2>
        {updated ? (
          <FormAlert tone="success" title={updated.title}>
            {updated.message}
          </FormAlert>
        ) : null}
        <InfluencerForm key={influencer.id} intent="update" influencer={influencer} failure={updateFailure} busy={busy} submitLabel="Spara ändringar" />
      </section>
    </div>
  );
}
