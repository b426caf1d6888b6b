/**
 * /admin/dashboard (admin only; docs/rules/admin.md#dashboard): how the business goes today,
 * the last 7 and 30 days against the period before, what waits for staff, the daily volume,
 * the newest trades, orders and members, and the contact messages from /kontakta-oss.
 */
import { Suspense } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { ArrowDownRight, ArrowRight, ArrowUpRight, Minus } from "~/components/ui/icons";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { lazyComponent } from "~/lib/lazy-component";

// recharts loads with the chart, not with the server or the panel (decision 023).
const VolumeChart = lazyComponent(() => import("~/components/admin/dashboard/volume-chart").then((module) => module.VolumeChart));
import { formatDate, formatDateTime, TradeStatusBadge, TradeTypeBadge } from "~/components/admin/transactions/trade-display";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTablePagination } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { CONTACT_MESSAGE_STATUS_LABELS, CONTACT_MESSAGE_STATUSES, SHOP_ORDER_STATUS_LABELS, type ContactMessageStatus, type ShopOrderStatus, type TradeStatus } from "~/constants";
import { cn } from "~/lib/cn";
import { formatNumber, formatPoints, formatSek } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import type { ContactMessageRow } from "~/modules/contact/contact-admin.server";
import type { Change, PeriodFigures } from "~/modules/insights/dashboard.server";
import { handleDashboardAction, loadDashboardPage } from "~/modules/insights/dashboard-page.server";
import { useActionToasts } from "~/components/admin/use-action-toasts";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "dashboard");

export async function loader({ request }: Route.LoaderArgs) {
  return loadDashboardPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleDashboardAction(request);
}

export const ErrorBoundary = AdminTabError;

type LoaderData = Route.ComponentProps["loaderData"];
type ActionAnswer = { ok: boolean; title?: string; message: string };

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

function Kpi({ label, value, children, testId }: { label: string; value: string; children?: React.ReactNode; testId?: string }) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-3 sm:p-4" data-testid={testId}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">
        <span className="truncate text-lg font-bold tabular-nums sm:text-xl" title={value}>
          {value}
        </span>
        {children}
      </dd>
    </div>
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
          <Kpi key={card.label} label={card.label} value={card.format(card.change.current)} testId="kpi">
            <ChangeLine change={card.change} format={card.format} previousLabel={previous} />
          </Kpi>
        ))}
        <Kpi label="Väntande butiksordrar" value={formatNumber(data.counts.pendingShopOrders)} testId="kpi">
          <p className="text-xs text-muted-foreground">Just nu</p>
        </Kpi>
        <Kpi label="Väntande affärer" value={formatNumber(data.counts.pendingTrades)} testId="kpi">
          <p className="text-xs text-muted-foreground">Just nu</p>
        </Kpi>
        <Kpi label="Kontaktmeddelanden att besvara" value={formatNumber(data.counts.contactWaiting)} testId="kpi">
          <a href="#contact-title" className="text-xs">
            Visa meddelandena
          </a>
        </Kpi>
      </dl>
      <p className="text-xs text-muted-foreground">
        Dagar räknas i svensk tid. Volym och affärer avser genomförda affärer; inlösta poäng är poäng som lagts på
        butiksordrar som inte annullerats. Ändringen jämförs med {previous}.
      </p>
    </section>
  );
}

function ListCard({ title, id, href, linkLabel, empty, children }: { title: string; id: string; href: string; linkLabel: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <Link to={href} className="inline-flex items-center gap-1 text-sm">
          {linkLabel}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      {empty ? <p className="text-sm text-muted-foreground">Inget ännu.</p> : <ul className="grid divide-y text-sm">{children}</ul>}
    </section>
  );
}

function LatestLists({ data }: { data: LoaderData }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ListCard title="Senaste affärerna" id="latest-trades" href="/admin/transactions" linkLabel="Alla affärer" empty={data.latestTrades.length === 0}>
        {data.latestTrades.map((trade) => (
          <li key={trade.id} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{trade.memberName ?? "Namnlös medlem"}</span>
              <span className="tabular-nums">{formatSek(trade.totalOre)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <TradeTypeBadge type={trade.type} />
              <TradeStatusBadge status={trade.status as TradeStatus} />
              <time dateTime={trade.createdAt}>{formatDateTime(trade.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
      <ListCard title="Senaste ordrarna" id="latest-orders" href="/admin/point-shop" linkLabel="Alla ordrar" empty={data.latestOrders.length === 0}>
        {data.latestOrders.map((order) => (
          <li key={order.id} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{order.itemName}</span>
              <span className="whitespace-nowrap tabular-nums">{formatPoints(order.pointsSpent)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              <Badge variant={order.status === "pending" ? "outline" : order.status === "completed" ? "success" : "destructive"}>
                {SHOP_ORDER_STATUS_LABELS[order.status as ShopOrderStatus] ?? order.status}
              </Badge>
              <span className="truncate">{order.memberName ?? "Namnlös medlem"}</span>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
      <ListCard title="Nya medlemmar" id="latest-members" href="/admin/users" linkLabel="Användare" empty={data.latestMembers.length === 0}>
        {data.latestMembers.map((member) => (
          <li key={member.userId} className="grid gap-1 py-2">
            <span className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{member.name ?? member.email ?? "Namnlös medlem"}</span>
              <span className="text-xs text-muted-foreground">{member.level}</span>
            </span>
            <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
              {member.email && member.name ? <span className="truncate">{member.email}</span> : null}
              <time dateTime={member.createdAt}>{formatDateTime(member.createdAt)}</time>
            </span>
          </li>
        ))}
      </ListCard>
    </div>
  );
}

const CONTACT_BADGE: Record<ContactMessageStatus, "outline" | "secondary" | "success"> = { new: "outline", read: "secondary", answered: "success" };

function ContactMessage({ message }: { message: ContactMessageRow }) {
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  useActionToasts(fetcher.data);
  const next: Array<{ status: "read" | "answered"; label: string }> = [];
  if (message.status === "new") next.push({ status: "read", label: "Markera som läst" });
  if (message.status !== "answered") next.push({ status: "answered", label: "Markera som besvarat" });
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="contact-message" data-status={message.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0">
          <span className="truncate font-medium">{message.subject}</span>
          <span className="truncate text-xs text-muted-foreground">
            {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a>
            {message.phone ? ` · ${message.phone}` : ""}
          </span>
        </div>
        <span className="flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          <Badge variant={CONTACT_BADGE[message.status]} data-testid="contact-status">
            {CONTACT_MESSAGE_STATUS_LABELS[message.status]}
          </Badge>
        </span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Visa meddelandet</summary>
        <p className="mt-2 break-words whitespace-pre-wrap">{message.message}</p>
      </details>
      {next.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {next.map((action) => (
            <fetcher.Form key={action.status} method="post">
              <input type="hidden" name="intent" value="contact-status" />
              <input type="hidden" name="messageId" value={message.id} />
              <input type="hidden" name="status" value={action.status} />
              <Button type="submit" size="sm" variant={action.status === "answered" ? "default" : "outline"} disabled={busy}>
                {action.label}
              </Button>
            </fetcher.Form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function ContactMessages({ data }: { data: LoaderData }) {
  const [params] = useSearchParams();
  const { contact, contactQuery } = data;
  const filters: Array<{ value: ContactMessageStatus | null; label: string }> = [
    { value: null, label: "Alla" },
    ...CONTACT_MESSAGE_STATUSES.map((status) => ({ value: status, label: CONTACT_MESSAGE_STATUS_LABELS[status] })),
  ];
  return (
    <section aria-labelledby="contact-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="contact-title" className="font-semibold">
          Kontaktmeddelanden
        </h2>
        <nav aria-label="Filtrera meddelanden" className="flex flex-wrap gap-1.5">
          {filters.map((filter) => {
            const active = (contactQuery.status ?? null) === filter.value;
            return (
              <Link
                key={filter.label}
                to={`${withSearchParams(params, { kontakt: filter.value, kontaktsida: null })}#contact-title`}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn("rounded-md border px-2.5 py-1 text-sm", active ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
              >
                {filter.label}
              </Link>
            );
          })}
        </nav>
      </div>
      <p className="text-xs text-muted-foreground">
        Meddelanden från Kontakta oss. En status flyttas bara framåt: ny → läst → besvarad, och varje ändring sparas i
        granskningsloggen.
      </p>
      {contact.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Inga meddelanden{contactQuery.status ? " med den statusen" : ""}.</p>
      ) : (
        <ul className="grid gap-2" data-testid="contact-messages">
          {contact.rows.map((message) => (
            <ContactMessage key={message.id} message={message} />
          ))}
        </ul>
      )}
      {contact.total > contact.pageSize ? (
        <DataTablePagination
          page={contact.page}
          pageCount={contact.pageCount}
          pageSize={contact.pageSize}
          total={contact.total}
          noun="meddelanden"
          hrefForPage={(page) => withSearchParams(params, { kontaktsida: page === 1 ? null : page })}
        />
      ) : null}
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
      <ContactMessages data={loaderData} />
    </div>
  );
}
