/**
 * /admin/dashboard (admin only; docs/rules/admin.md#dashboard): how the business goes today,
 * the last 7 and 30 days against the period before, what waits for staff, the daily volume,
 * the newest trades, orders and members, and the contact messages from /kontakta-oss.
 */
import { Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { ArrowDownRight, ArrowUpRight, Minus } from "~/components/ui/icons";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { lazyComponent } from "~/lib/lazy-component";

// recharts loads with the chart, not with the server or the panel (decision 023).
const VolumeChart = lazyComponent(() => import("~/components/admin/dashboard/volume-chart").then((module) => module.VolumeChart));
import { ContactMessages } from "~/components/admin/dashboard/contact-messages";
import { LatestLists } from "~/components/admin/dashboard/latest-lists";
import { Figure } from "~/components/admin/insights/insight-parts";
import { FormAlert } from "~/components/ui/form-alert";
import { cn } from "~/lib/cn";
import { formatNumber, formatSek } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import type { Change, PeriodFigures } from "~/modules/insights/dashboard.server";
import { handleDashboardAction, loadDashboardPage } from "~/modules/insights/dashboard-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  return loadDashboardPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleDashboardAction(request);
}

export const ErrorBoundary = AdminTabError;

type LoaderData = Route.ComponentProps["loaderData"];

const PERIOD_LABELS: Record<PeriodFigures["days"], { tab: string; previous: string }> = {
  1: { tab: "Idag", previous: "igår till samma klockslag" },
  7: { tab: "7 dagar", previous: "de 7 dagarna före" },
  30: { tab: "30 dagar", previous: "de 30 dagarna före" },
};

function ChangeLine({ change, format, previousLabel }: { change: Change; format: (value: number) => string; previousLabel: string }) {
  const { current, previous } = change;
  const percent = previous === 0 ? null : Math.round(((current - previous) / previous) * 100);
  const Icon = current > previous ? ArrowUpRight : current < previous ? ArrowDownRight : Minus;
  const tone = current > previous ? "text-success-text" : current < previous ? "text-destructive" : "text-muted-foreground";
  const text =
    percent === null ? (current === 0 ? "Oförändrat" : "Ny jämfört med 0") : `${percent > 0 ? "+" : ""}${formatNumber(percent)} %`;
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
      <span className={cn("inline-flex items-center gap-0.5 font-semibold", tone)}>
        <Icon className="size-3.5" aria-hidden="true" />
        {text}
      </span>
      <span>
        mot {previousLabel} ({format(previous)})
      </span>
    </p>
  );
}

function Kpis({ data }: { data: LoaderData }) {
  const [params] = useSearchParams();
  const figures = data.periods.find((period) => period.days === data.period)!;
  const previous = PERIOD_LABELS[figures.days].previous;
  const cards: Array<{ label: string; change: Change; format: (value: number) => string }> = [
    { label: "Försäljningar (SEK)", change: figures.soldOre, format: formatSek },
    { label: "Köp (SEK)", change: figures.boughtOre, format: formatSek },
    { label: "Genomförda affärer", change: figures.completedTrades, format: formatNumber },
    { label: "Nya medlemmar", change: figures.newMembers, format: formatNumber },
    { label: "Poäng utdelade", change: figures.pointsIssued, format: formatNumber },
    { label: "Poäng inlösta", change: figures.pointsRedeemed, format: formatNumber },
    { label: "Nyhetsbrev, nya", change: figures.newsletterSignups, format: formatNumber },
  ];
  return (
    <section aria-labelledby="kpi-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kpi-title" className="text-lg font-semibold">
          Nyckeltal
        </h2>
        <nav aria-label="Period" className="inline-flex rounded-lg border bg-muted p-1" data-testid="period-switch">
          {([1, 7, 30] as const).map((days) => (
            <Link
              key={days}
              to={withSearchParams(params, { period: days === 7 ? null : days })}
              preventScrollReset
              aria-current={data.period === days ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                data.period === days ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {PERIOD_LABELS[days].tab}
            </Link>
          ))}
        </nav>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="kpis">
        {cards.map((card) => (
          <Figure key={card.label} label={card.label} value={card.format(card.change.current)} testId="kpi">
            <ChangeLine change={card.change} format={card.format} previousLabel={previous} />
          </Figure>
        ))}
        <Figure label="Väntande butiksordrar" value={formatNumber(data.counts.pendingShopOrders)} testId="kpi">
          <p className="text-xs text-muted-foreground">Just nu</p>
        </Figure>
        <Figure label="Väntande affärer" value={formatNumber(data.counts.pendingTrades)} testId="kpi">
          <p className="text-xs text-muted-foreground">Just nu</p>
        </Figure>
        <Figure label="Kontaktmeddelanden att besvara" value={formatNumber(data.counts.contactWaiting)} testId="kpi">
          <a href="#contact-title" className="text-xs">
            Visa meddelandena
          </a>
        </Figure>
      </dl>
      <p className="text-xs text-muted-foreground">
        Dagar räknas i svensk tid. Volym och affärer avser genomförda affärer; inlösta poäng är poäng som lagts på
        butiksordrar som inte annullerats. Ändringen jämförs med {previous}.
      </p>
    </section>
  );
}


export default function AdminDashboardTab({ loaderData, actionData }: Route.ComponentProps) {
  const salesTotal = loaderData.chart.reduce((sum, day) => sum + day.soldOre, 0);
  const purchasesTotal = loaderData.chart.reduce((sum, day) => sum + day.boughtOre, 0);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      {actionData && "message" in actionData ? (
        <FormAlert tone={actionData.ok ? "success" : "error"} title={actionData.title}>
          {actionData.message}
        </FormAlert>
      ) : null}
      <Kpis data={loaderData} />
      <section aria-labelledby="chart-title" className="grid min-w-0 gap-3 rounded-xl border bg-card p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="chart-title" className="font-semibold">
            Affärsvolym, 30 dagar
          </h2>
          <p className="text-sm text-muted-foreground">
            Försäljningar {formatSek(salesTotal)} · Köp {formatSek(purchasesTotal)}
          </p>
        </div>
        <Suspense fallback={<div className="h-72" aria-hidden="true" />}>
          <VolumeChart days={loaderData.chart} />
        </Suspense>
      </section>
      <LatestLists data={loaderData} />
      <ContactMessages contact={loaderData.contact} contactQuery={loaderData.contactQuery} />
      <p className="text-sm">
        <Link to="/admin/dashboard/utskick">Misslyckade utskick</Link>
      </p>
    </div>
  );
}
