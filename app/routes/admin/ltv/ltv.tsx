/**
 * /admin/ltv (admin only; docs/rules/admin.md#ltv-analytics): which members matter — the top
 * 50 by lifetime value with a CSV export of all, monthly sign-up cohorts and value by level,
 * each with a short explanation.
 */
import { Download } from "~/components/ui/icons";
import type { Route } from "./+types/ltv";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { LevelBadge, MemberLabel } from "~/components/admin/transactions/trade-display";
import { formatDate, formatMonth, formatNumber, formatSek } from "~/lib/format";
import { CardField } from "~/components/admin/list-parts";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { COHORT_HORIZONS, LTV_TOP } from "~/modules/insights/ltv";
import { loadLtv } from "~/modules/insights/ltv.server";
import { levelById } from "~/modules/loyalty/levels";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "ltv");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "ltv");
  return loadLtv(db());
}

export const ErrorBoundary = AdminTabError;

type LoaderData = Route.ComponentProps["loaderData"];

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${formatNumber(Math.round((part / whole) * 100))} %`);

const members = (count: number) => `${formatNumber(count)} ${count === 1 ? "medlem" : "medlemmar"}`;

function Help({ children }: { children: React.ReactNode }) {
  return <p className="max-w-prose text-sm text-muted-foreground">{children}</p>;
}

function Summary({ levels }: { levels: LoaderData["levels"] }) {
  const members = levels.reduce((sum, level) => sum + level.members, 0);
  const traders = levels.reduce((sum, level) => sum + level.traders, 0);
  const value = levels.reduce((sum, level) => sum + level.valueOre, 0);
  const cards = [
    { label: "Medlemmar", value: formatNumber(members) },
    { label: "Har handlat", value: `${formatNumber(traders)} (${percent(traders, members)})` },
    { label: "Livstidsvärde totalt", value: formatSek(value) },
    { label: "Snitt per handlande medlem", value: formatSek(traders === 0 ? 0 : Math.round(value / traders)) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="ltv-summary">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border bg-card p-3 sm:p-4">
          <dt className="text-xs font-medium text-muted-foreground">{card.label}</dt>
          <dd className="mt-1 truncate text-lg font-bold tabular-nums" title={card.value}>
            {card.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type TopRow = LoaderData["top"][number];
type CohortRow = LoaderData["cohorts"][number];

const money = { align: "right", className: "whitespace-nowrap" } as const;

const TOP_COLUMNS: DataTableColumn<TopRow>[] = [
  { id: "rank", header: "#", meta: { className: "text-muted-foreground tabular-nums" }, cell: ({ row }) => row.index + 1 },
  { id: "member", header: "Medlem", meta: { className: "max-w-56" }, cell: ({ row }) => <MemberLabel name={row.original.name} email={row.original.email} steamId={null} /> },
  { id: "level", header: "Nivå", cell: ({ row }) => <LevelBadge level={row.original.level} /> },
  { id: "value", header: "Livstidsvärde", meta: { ...money, className: "whitespace-nowrap font-semibold" }, cell: ({ row }) => formatSek(row.original.valueOre) },
  { id: "sold", header: "Sålt", meta: money, cell: ({ row }) => formatSek(row.original.soldOre) },
  { id: "bought", header: "Köpt", meta: money, cell: ({ row }) => formatSek(row.original.boughtOre) },
  { id: "trades", header: "Affärer", meta: money, cell: ({ row }) => formatNumber(row.original.tradeCount) },
  {
    id: "period",
    header: "Första – senaste",
    meta: { className: "whitespace-nowrap" },
    cell: ({ row }) => (
      <>
        <time dateTime={row.original.firstTradeAt}>{formatDate(row.original.firstTradeAt)}</time> –{" "}
        <time dateTime={row.original.lastTradeAt}>{formatDate(row.original.lastTradeAt)}</time>
      </>
    ),
  },
];

function TopMemberCard(member: TopRow, index: number) {
  return (
    <div className="grid gap-2 rounded-xl border bg-card p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 gap-2">
          <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
          <MemberLabel name={member.name} email={member.email} steamId={null} />
        </span>
        <LevelBadge level={member.level} />
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <CardField label="Livstidsvärde" valueClassName="font-semibold tabular-nums">
          {formatSek(member.valueOre)}
        </CardField>
        <CardField label="Sålt" valueClassName="tabular-nums">
          {formatSek(member.soldOre)}
        </CardField>
        <CardField label="Köpt" valueClassName="tabular-nums">
          {formatSek(member.boughtOre)}
        </CardField>
      </dl>
      <p className="text-xs text-muted-foreground">
        {formatNumber(member.tradeCount)} affärer, <time dateTime={member.firstTradeAt}>{formatDate(member.firstTradeAt)}</time> –{" "}
        <time dateTime={member.lastTradeAt}>{formatDate(member.lastTradeAt)}</time>
      </p>
    </div>
  );
}

function TopMembers({ top }: { top: LoaderData["top"] }) {
  return (
    <section aria-labelledby="top-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="top-title" className="text-lg font-semibold">
          {`Topp ${LTV_TOP} medlemmar`}
        </h2>
        <a href="/admin/ltv/export.csv" className={buttonVariants({ variant: "outline", size: "sm" })} download data-testid="ltv-export">
          <Download className="size-4" aria-hidden="true" />
          Exportera alla som CSV
        </a>
      </div>
      <Help>
        Livstidsvärdet är allt en medlem har sålt till oss plus allt hen har köpt av oss, i kronor, räknat på genomförda
        affärer (väntande, annullerade och återförda räknas inte). Nivån är medlemmens XP-nivå idag.
      </Help>
      <DataTable
        columns={TOP_COLUMNS}
        data={top}
        getRowId={(member) => member.userId}
        caption="Medlemmar med högst livstidsvärde"
        empty={<p className="text-sm text-muted-foreground">Inga genomförda affärer ännu.</p>}
        renderCard={TopMemberCard}
        ordered
        testId="ltv-top"
      />
    </section>
  );
}

const COHORT_COLUMNS: DataTableColumn<CohortRow>[] = [
  { id: "month", header: "Månad", meta: { rowHeader: true, className: "whitespace-nowrap" }, cell: ({ row }) => formatMonth(row.original.month) },
  { id: "members", header: "Medlemmar", meta: money, cell: ({ row }) => formatNumber(row.original.members) },
  { id: "traded", header: "Har handlat", meta: money, cell: ({ row }) => percent(row.original.traded, row.original.members) },
  ...COHORT_HORIZONS.map(
    (months): DataTableColumn<CohortRow> => ({
      id: `after-${months}`,
      header: `Efter ${months} mån`,
      meta: money,
      cell: ({ row }) => {
        const value = row.original.averageOre[months];
        return value === null ? <><span aria-hidden="true">–</span><span className="sr-only">Inte känt ännu</span></> : formatSek(value);
      },
    }),
  ),
];

function Cohorts({ cohorts }: { cohorts: LoaderData["cohorts"] }) {
  return (
    <section aria-labelledby="cohorts-title" className="grid min-w-0 gap-3">
      <h2 id="cohorts-title" className="text-lg font-semibold">
        Kohorter per registreringsmånad
      </h2>
      <Help>
        Medlemmarna grupperas efter månaden de registrerade sig. &quot;Har handlat&quot; är andelen som har minst en genomförd
        affär. Värdet efter 1, 3, 6 och 12 månader är genomsnittligt livstidsvärde per medlem i gruppen (även de som inte
        handlat) räknat från var och ens registrering. Ett streck betyder att gruppen inte är så gammal ännu.
      </Help>
      <DataTable
        columns={COHORT_COLUMNS}
        data={cohorts}
        getRowId={(cohort) => cohort.month}
        caption="Kohorter per registreringsmånad"
        empty={<p className="text-sm text-muted-foreground">Inga registreringar de senaste två åren.</p>}
        testId="ltv-cohorts"
      />
    </section>
  );
}

function Levels({ levels }: { levels: LoaderData["levels"] }) {
  return (
    <section aria-labelledby="levels-title" className="grid min-w-0 gap-3">
      <h2 id="levels-title" className="text-lg font-semibold">
        Värde per nivå
      </h2>
      <Help>
        Alla medlemmar per XP-nivå: hur många som har handlat, deras sammanlagda livstidsvärde och snittet per medlem på
        nivån. En tillfällig nivå från Point Shop flyttar inte medlemmen här.
      </Help>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="ltv-levels">
        {levels.map((level) => (
          <div key={level.level} className="grid gap-1 rounded-xl border bg-card p-3 sm:p-4">
            <dt className="flex items-center gap-2 text-sm font-semibold">
              <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: levelById(level.level).color }} />
              {levelById(level.level).name}
            </dt>
            <dd className="text-lg font-bold tabular-nums">{formatSek(level.valueOre)}</dd>
            <dd className="text-xs text-muted-foreground">
              {members(level.members)}, {formatNumber(level.traders)} har handlat
            </dd>
            <dd className="text-xs text-muted-foreground">Snitt {formatSek(level.averageOre)} per medlem</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function AdminLtvTab({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <Summary levels={loaderData.levels} />
      <TopMembers top={loaderData.top} />
      <Cohorts cohorts={loaderData.cohorts} />
      <Levels levels={loaderData.levels} />
    </div>
  );
}
