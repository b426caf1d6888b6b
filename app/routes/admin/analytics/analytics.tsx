/**
 * /admin/analytics (admin only; docs/rules/admin.md#analytics): our own visitor statistics —
 * only visits that consented to analytics — for the chosen period: visitors online now, visits
 * and page views per day, top pages, referring sites and campaign sources, devices, the funnel
 * visit → sign-up → first trade, and the saved cookie choices as anonymous totals.
 */
import { Suspense } from "react";
import type { Route } from "./+types/analytics";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { LazyDailyChart as DailyChart } from "~/components/admin/insights/lazy-daily-chart";
import { CountList, Figure, Funnel, PeriodSwitch, share } from "~/components/admin/insights/insight-parts";
import { Pager } from "~/components/ui/pager";
import { VISITOR_TRACKING, type VisitorDevice } from "~/modules/analytics/analytics-constants";
import { formatNumber } from "~/lib/format";
import { INSIGHT_PERIOD_LABELS } from "~/modules/insights/insight-period";
import { loadAnalyticsPage } from "~/modules/insights/analytics-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "analytics");

export async function loader({ request }: Route.LoaderArgs) {
  return loadAnalyticsPage(request);
}

export const ErrorBoundary = AdminTabError;

const DEVICE_LABELS: Record<VisitorDevice, string> = { mobile: "Mobil", tablet: "Surfplatta", desktop: "Dator" };

function Card({ title, id, children, testId }: { title: string; id: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border bg-card p-4" data-testid={testId}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AdminAnalyticsTab({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const periodLabel = INSIGHT_PERIOD_LABELS[data.period];
  const { consent } = data;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">
          Egen besöksstatistik, bara från besökare som godkänt analys. Dagar räknas i svensk tid.
        </p>
        <PeriodSwitch period={data.period} resetParams={["sidor"]} />
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analytics-figures">
        <Figure label="Besökare online nu" value={formatNumber(data.onlineNow)} hint={`Sedda de senaste ${VISITOR_TRACKING.onlineWindowMinutes} minuterna`} testId="online-now" />
        <Figure label="Besök" value={formatNumber(data.totals.sessions)} hint={`De senaste ${periodLabel}`} testId="sessions-total" />
        <Figure label="Sidvisningar" value={formatNumber(data.totals.pageViews)} hint={`De senaste ${periodLabel}`} testId="page-views-total" />
        <Figure
          label="Sidor per besök"
          value={data.totals.sessions === 0 ? "–" : formatNumber(Math.round((data.totals.pageViews / data.totals.sessions) * 10) / 10)}
        />
      </dl>

      <Card title="Besök och sidvisningar per dag" id="daily-title">
        {data.totals.sessions === 0 && data.totals.pageViews === 0 ? (
          <p className="text-sm text-muted-foreground">Inga besök under perioden ännu.</p>
        ) : (
          <Suspense fallback={<div className="h-64" aria-hidden="true" />}>
            <DailyChart
              testId="visits-chart"
              days={data.days}
              series={[
                { key: "sessions", name: "Besök", color: "var(--color-primary)" },
                { key: "pageViews", name: "Sidvisningar", color: "var(--color-success)" },
              ]}
              caption={`Besök och sidvisningar per dag, de senaste ${periodLabel}.`}
            />
          </Suspense>
        )}
      </Card>

      <Card title="Tratt: besök → registrering → första affär" id="funnel-title">
        <Funnel
          testId="analytics-funnel"
          steps={[
            { label: "Besök", count: data.funnel.visits },
            { label: "Registreringar", count: data.funnel.signups },
            { label: "Första affärer", count: data.funnel.firstTrades },
          ]}
        />
        <p className="text-xs text-muted-foreground">
          Besök räknas bara med samtycke till analys; registreringar och första genomförda affärer räknas för alla medlemmar
          under perioden.
        </p>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Mest visade sidor" id="pages-title" testId="top-pages">
          <CountList rows={data.topPages.rows} empty="Inga sidvisningar under perioden." label="Mest visade sidor" />
          <Pager param="sidor" page={data.topPages.page} hasMore={data.topPages.hasMore} label="mest visade sidor" />
        </Card>
        <Card title="Hänvisande webbplatser" id="referrers-title" testId="referrers">
          <CountList
            rows={data.referrers.map((row) => ({ label: row.label || "Direkt eller okänd", count: row.count }))}
            empty="Inga besök under perioden."
            label="Hänvisande webbplatser"
          />
        </Card>
        <Card title="UTM-källor" id="utm-title" testId="utm-sources">
          <CountList rows={data.utmSources} empty="Inga besök med utm_source under perioden." label="UTM-källor" />
        </Card>
        <Card title="Enheter" id="devices-title" testId="devices">
          <CountList
            rows={data.devices.filter((row) => row.count > 0).map((row) => ({ label: DEVICE_LABELS[row.device], count: row.count }))}
            empty="Inga besök under perioden."
            label="Enheter"
          />
        </Card>
      </div>

      <Card title="Cookie-val" id="consent-title" testId="consent-totals">
        <p className="text-sm text-muted-foreground">
          Anonyma summor: en räknare per val när en besökare sparar sina cookie-inställningar, utan något som identifierar
          besökaren. De senaste {periodLabel}.
        </p>
        {consent.total === 0 ? (
          <p className="text-sm text-muted-foreground">Inga sparade val under perioden.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="Sparade val" value={formatNumber(consent.total)} testId="consent-total" />
            <Figure label="Godkänner analys" value={share(consent.analytics, consent.total)} hint={`${formatNumber(consent.analytics)} val`} testId="consent-analytics" />
            <Figure label="Godkänner marknadsföring" value={share(consent.marketing, consent.total)} hint={`${formatNumber(consent.marketing)} val`} />
            <Figure label="Godkänner funktionella" value={share(consent.functional, consent.total)} hint={`${formatNumber(consent.functional)} val`} />
            <Figure label="Godkänn alla" value={formatNumber(consent.acceptAll)} hint={share(consent.acceptAll, consent.total)} />
            <Figure label="Endast nödvändiga" value={formatNumber(consent.onlyNecessary)} hint={share(consent.onlyNecessary, consent.total)} />
            <Figure label="Anpassade val" value={formatNumber(consent.custom)} hint={share(consent.custom, consent.total)} />
          </dl>
        )}
      </Card>
    </div>
  );
}
