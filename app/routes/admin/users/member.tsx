/**
 * /admin/users/:userId (admin only; docs/rules/admin.md#users): one member's profile, level,
 * points and XP with their ledger rows, trades, shop orders, active sessions, recent security
 * events and the audit rows about them, each list paged in the URL; and the staff actions,
 * each behind a confirmation.
 */

import { Link } from "react-router";
import { ArrowLeft } from "~/components/ui/icons";
import type { Route } from "./+types/member";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { LevelBadge, TradeStatusBadge, TradeTypeBadge } from "~/components/admin/transactions/trade-display";
import { formatDateTime, formatNumber, formatSek, formatSigned } from "~/lib/format";
import { AccessActions, AdjustBalance, ContactPerson, RoleActions, type MemberFetcher } from "~/components/admin/users/member-actions";
import { RoleBadges } from "~/components/admin/users/member-badges";
import { Pager } from "~/components/ui/pager";
import { auditActionLabel, auditSummary } from "~/components/admin/users/audit-text";
import { StatusBadge } from "~/components/ui/status-badge";
import { SHOP_ORDER_STATUS_LABELS } from "~/components/shop/shop-labels";
import type { ShopOrderStatus } from "~/modules/shop/shop-constants";
import { cn } from "~/lib/cn";
import { handleMemberAction, loadMember } from "~/modules/accounts/member-admin-page.server";
import { StaffOutcomeAlert, useStaffForm } from "~/components/admin/staff-outcome";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "users");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadMember(request, params.userId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleMemberAction(request, params.userId);
}

export const ErrorBoundary = AdminTabError;

type ActionAnswer = { ok: true; title: string; message: string; intent: string } | { ok: false; title?: string; message: string; intent?: string };


const SEVERITY_LABELS: Record<string, string> = { low: "låg", medium: "medel", high: "hög", critical: "kritisk" };

const EVENT_LABELS: Record<string, string> = {
  user_login: "Inloggning",
  user_logout: "Utloggning",
  session_refresh: "Session förnyad",
};

function Section({ title, id, children, testId }: { title: string; id: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4" data-testid={testId}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A small list that stays readable at 375 px: each row is a line of label and value. */
function Rows({ empty, children }: { empty: string; children: React.ReactNode[] }) {
  if (children.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return <ul className="divide-y text-sm">{children}</ul>;
}

function Row({ primary, secondary, aside, testId }: { primary: React.ReactNode; secondary?: React.ReactNode; aside?: React.ReactNode; testId?: string }) {
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid={testId}>
      <span className="grid min-w-0">
        <span className="break-words">{primary}</span>
        {secondary ? <span className="text-xs text-muted-foreground">{secondary}</span> : null}
      </span>
      {aside ? <span className="shrink-0 text-right tabular-nums">{aside}</span> : null}
    </li>
  );
}

function Ledger({ title, id, unit, ledger, param }: { title: string; id: string; unit: string; ledger: Route.ComponentProps["loaderData"]["points"]; param: string }) {
  return (
    <Section title={title} id={id} testId={id}>
      <Rows empty="Inga rader ännu.">
        {ledger.entries.map((entry) => (
          <Row
            key={entry.id}
            testId="ledger-row"
            primary={entry.reason}
            secondary={<time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>}
            aside={
              <span className={cn("font-medium", entry.amount < 0 ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300")}>
                {formatSigned(entry.amount)} {unit}
              </span>
            }
          />
        ))}
      </Rows>
      <Pager param={param} page={ledger.page} hasMore={ledger.hasMore} label={title} />
    </Section>
  );
}

export default function AdminMemberPage({ loaderData }: Route.ComponentProps) {
  const { member, points, xp, trades, orders, audit, staff } = loaderData;
  const { fetcher, outcome, fromPlainPost } = useStaffForm<ActionAnswer>({ key: "member-action" });
  const details: Array<[string, React.ReactNode]> = [
    ["E-post", member.email],
    ["Namn", [member.firstName, member.lastName].filter(Boolean).join(" ") || "–"],
    ["Telefon", member.phone ?? "–"],
    ["Steam-id", member.steamId ?? "–"],
    ["Värvningskod", member.referralCode ?? "–"],
    ["E-post bekräftad", member.emailVerified ? "Ja" : "Nej"],
    ["Medlem sedan", formatDateTime(member.createdAt)],
  ];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-3">
        <Link to="/admin/users" className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Alla medlemmar
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl font-bold break-all" data-testid="member-name">
            {member.name}
          </h2>
          <LevelBadge level={member.level} />
          <RoleBadges roles={member.roles} />
          {member.blockedAt ? (
            <StatusBadge label="Inloggning spärrad" tone="danger" data-testid="blocked-badge" />
          ) : null}
        </div>
      </div>

      {/* Only without JavaScript: with it the same answer is a toast. */}
      <StaffOutcomeAlert outcome={fromPlainPost ? outcome : null} testId="member-outcome" />

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[
          ["Poäng", formatNumber(member.points), "member-points"],
          ["XP", formatNumber(member.xp), "member-xp"],
          ["Aktiva sessioner", formatNumber(member.sessions.length), "member-sessions"],
        ].map(([label, value, testId]) => (
          <div key={label} className="rounded-xl border bg-card p-3 sm:p-4">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Profil" id="member-profile">
          <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            {details.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="mb-1 break-all sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <AdjustBalance fetcher={fetcher as unknown as MemberFetcher} outcome={outcome} points={member.points} xp={member.xp} formToken={loaderData.formToken} />
        <RoleActions fetcher={fetcher as unknown as MemberFetcher} roles={member.roles} twoFactor={loaderData.twoFactor} />
        <div className="grid content-start gap-4">
          <AccessActions fetcher={fetcher as unknown as MemberFetcher} blocked={Boolean(member.blockedAt)} sessionCount={member.sessions.length} />
          <ContactPerson
            key={member.contactPerson?.id ?? "none"}
            fetcher={fetcher as unknown as MemberFetcher}
            platinum={member.level === "platinum"}
            current={member.contactPerson}
            staff={staff}
          />
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Ledger title="Poänghistorik" id="points-ledger" unit="poäng" ledger={points} param="pointsPage" />
        <Ledger title="XP-historik" id="xp-ledger" unit="XP" ledger={xp} param="xpPage" />
        <Section title="Affärer" id="member-trades">
          <Rows empty="Inga affärer ännu.">
            {trades.rows.map((trade) => (
              <Row
                key={trade.id}
                primary={
                  <span className="flex flex-wrap gap-1">
                    <TradeTypeBadge type={trade.type} />
                    <TradeStatusBadge status={trade.status} />
                  </span>
                }
                secondary={`${formatDateTime(trade.createdAt)} · ${trade.itemCount} föremål`}
                aside={formatSek(trade.totalOre)}
              />
            ))}
          </Rows>
          <Pager param="tradesPage" page={trades.page} hasMore={trades.hasMore} label="Affärer" />
        </Section>
        <Section title="Beställningar i poängshoppen" id="member-orders">
          <Rows empty="Inga beställningar ännu.">
            {orders.rows.map((order) => (
              <Row
                key={order.id}
                primary={order.itemName}
                secondary={`${formatDateTime(order.createdAt)} · ${SHOP_ORDER_STATUS_LABELS[order.status as ShopOrderStatus] ?? order.status}`}
                aside={`${formatNumber(order.pointsSpent)} poäng`}
              />
            ))}
          </Rows>
          <Pager param="ordersPage" page={orders.page} hasMore={orders.hasMore} label="Beställningar" />
        </Section>
        <Section title="Aktiva sessioner" id="member-active-sessions">
          <Rows empty="Inga aktiva sessioner.">
            {member.sessions.map((row) => (
              <Row
                key={row.id}
                testId="session-row"
                primary={row.userAgent ? <span className="line-clamp-1" title={row.userAgent}>{row.userAgent}</span> : "Okänd enhet"}
                secondary={`Senast aktiv ${formatDateTime(row.updatedAt)} · IP ${row.ipAddress ?? "okänd"}`}
              />
            ))}
          </Rows>
        </Section>
        <Section title="Senaste säkerhetshändelser" id="member-security">
          <Rows empty="Inga händelser ännu.">
            {member.securityEvents.map((event) => (
              <Row
                key={event.id}
                primary={EVENT_LABELS[event.type] ?? event.type}
                secondary={`${formatDateTime(event.createdAt)} · IP ${event.ipAddress ?? "okänd"}`}
                aside={<StatusBadge label={SEVERITY_LABELS[event.severity] ?? event.severity} tone={event.severity === "low" ? "neutral" : "muted"} />}
              />
            ))}
          </Rows>
        </Section>
      </div>

      <Section title="Granskningslogg för medlemmen" id="member-audit" testId="member-audit">
        <Rows empty="Personalen har inte ändrat något för medlemmen.">
          {audit.rows.map((row) => (
            <Row
              key={row.id}
              testId="audit-row"
              primary={`${auditActionLabel(row.action)}${auditSummary(row.before, row.after) ? `: ${auditSummary(row.before, row.after)}` : ""}`}
              secondary={`${formatDateTime(row.createdAt)} · ${row.actorEmail ?? "system"}`}
            />
          ))}
        </Rows>
        <Pager param="auditPage" page={audit.page} hasMore={audit.hasMore} label="Granskningslogg" />
      </Section>
    </div>
  );
}
