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
import { buttonVariants } from "~/components/ui/button";
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

const th = "px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted-foreground";
const thRight = `${th} text-right`;
const td = "px-3 py-2 align-top";
const tdRight = `${td} text-right tabular-nums whitespace-nowrap`;

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
      {top.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-center text-sm text-muted-foreground">Inga genomförda affärer ännu.</p>
      ) : (
        <>
        <ol className="grid gap-2 sm:hidden">
          {top.map((member, index) => (
            <li key={member.userId} className="grid gap-2 rounded-xl border bg-card p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <span className="flex min-w-0 gap-2">
                  <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
                  <MemberLabel name={member.name} email={member.email} steamId={null} />
                </span>
                <LevelBadge level={member.level} />
              </div>
              <dl className="grid grid-cols-3 gap-2">
                <div>
                  <dt className="text-xs text-muted-foreground">Livstidsvärde</dt>
                  <dd className="font-semibold tabular-nums">{formatSek(member.valueOre)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Sålt</dt>
                  <dd className="tabular-nums">{formatSek(member.soldOre)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Köpt</dt>
                  <dd className="tabular-nums">{formatSek(member.boughtOre)}</dd>
                </div>
              </dl>
              <p className="text-xs text-muted-foreground">
                {formatNumber(member.tradeCount)} affärer, <time dateTime={member.firstTradeAt}>{formatDate(member.firstTradeAt)}</time> –{" "}
                <time dateTime={member.lastTradeAt}>{formatDate(member.lastTradeAt)}</time>
              </p>
            </li>
          ))}
        </ol>
        <div className="hidden overflow-x-auto rounded-xl border bg-card sm:block">
          <table className="w-full min-w-[44rem] text-sm" data-testid="ltv-top">
            <caption className="sr-only">Medlemmar med högst livstidsvärde</caption>
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  #
                </th>
                <th scope="col" className={th}>
                  Medlem
                </th>
                <th scope="col" className={th}>
                  Nivå
                </th>
                <th scope="col" className={thRight}>
                  Livstidsvärde
                </th>
                <th scope="col" className={thRight}>
                  Sålt
                </th>
                <th scope="col" className={thRight}>
                  Köpt
                </th>
                <th scope="col" className={thRight}>
                  Affärer
                </th>
                <th scope="col" className={th}>
                  Första – senaste
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {top.map((member, index) => (
                <tr key={member.userId}>
                  <td className={`${td} text-muted-foreground tabular-nums`}>{index + 1}</td>
                  <td className={`${td} max-w-56`}>
                    <MemberLabel name={member.name} email={member.email} steamId={null} />
                  </td>
                  <td className={td}>
                    <LevelBadge level={member.level} />
                  </td>
                  <td className={`${tdRight} font-semibold`}>{formatSek(member.valueOre)}</td>
                  <td className={tdRight}>{formatSek(member.soldOre)}</td>
                  <td className={tdRight}>{formatSek(member.boughtOre)}</td>
                  <td className={tdRight}>{formatNumber(member.tradeCount)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={member.firstTradeAt}>{formatDate(member.firstTradeAt)}</time> –{" "}
                    <time dateTime={member.lastTradeAt}>{formatDate(member.lastTradeAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        </>
      )}
    </section>
  );
}

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
      {cohorts.length === 0 ? (
        <p className="rounded-xl border bg-card p-6 text-center text-sm text-muted-foreground">Inga registreringar de senaste två åren.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <table className="w-full min-w-[40rem] text-sm" data-testid="ltv-cohorts">
            <caption className="sr-only">Kohorter per registreringsmånad</caption>
            <thead className="border-b">
              <tr>
                <th scope="col" className={th}>
                  Månad
                </th>
                <th scope="col" className={thRight}>
                  Medlemmar
                </th>
                <th scope="col" className={thRight}>
                  Har handlat
                </th>
                {COHORT_HORIZONS.map((months) => (
                  <th key={months} scope="col" className={thRight}>
                    Efter {months} mån
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {cohorts.map((cohort) => (
                <tr key={cohort.month}>
                  <th scope="row" className={`${td} text-left font-medium whitespace-nowrap`}>
                    {formatMonth(cohort.month)}
                  </th>
                  <td className={tdRight}>{formatNumber(cohort.members)}</td>
                  <td className={tdRight}>{percent(cohort.traded, cohort.members)}</td>
                  {COHORT_HORIZONS.map((months) => {
                    const value = cohort.averageOre[months];
                    return (
                      <td key={months} className={tdRight}>
                        {value === null ? <span aria-label="Inte känt ännu">–</span> : formatSek(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
