/**
 * /admin/transactions/utbetalningar (admin only; docs/rules/selling.md#payouts): the payouts that
 * are due, by method, with the amount and the member's masked details. Staff pay by hand and
 * mark each paid with the reference; details changed within 24 hours make the payout wait.
 */
import { Link } from "react-router";
import type { Route } from "./+types/payouts";
import { handlePayoutAction, loadPayoutQueue } from "~/modules/selling/sell-orders-admin-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { TransactionsNav } from "~/components/admin/transactions/transactions-nav";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ConfirmedAction } from "~/components/admin/sell-orders/confirmed-action";
import { formatDateTime, formatSek } from "~/lib/format";
import { StatusBadge } from "~/components/ui/status-badge";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PAYOUT_LABELS, PAYOUT_METHODS, SELL_ORDERS } from "~/modules/selling/selling-constants";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPayoutQueue(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePayoutAction(request);
}

export const ErrorBoundary = AdminTabError;

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

function PayoutEntry({ entry }: { entry: Entry }) {
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="payout-entry" data-order-id={entry.orderId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <Link to={`/admin/transactions/saljordrar/${entry.orderId}`} className="font-semibold hover:underline">
            {entry.memberName}
          </Link>
          <span className="truncate text-muted-foreground">{entry.email}</span>
          <span className="text-muted-foreground">Förfallen {formatDateTime(entry.payoutDueAt)}</span>
        </div>
        <span className="text-lg font-bold tabular-nums">{formatSek(entry.totalOre)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {entry.details ? (
          <span className="font-mono">
            {entry.details.label} {entry.details.masked}
          </span>
        ) : (
          <StatusBadge label="Inga utbetalningsuppgifter" tone="danger" />
        )}
        {entry.status === "payout_failed" ? <StatusBadge label={`Misslyckades: ${entry.payoutFailure ?? ""}`} tone="danger" /> : null}
        {entry.claimed ? <StatusBadge label="Utbetalning pågår via betalningstjänsten" tone="muted" /> : null}
        {!entry.verified ? <StatusBadge label="Väntar: säljaren är inte verifierad med BankID" tone="muted" /> : null}
        {entry.details?.renewalRequired ? <StatusBadge label="Väntar: säljaren ska ange Swish-uppgifter med sitt eget personnummer" tone="muted" /> : null}
        {entry.verified && entry.details && !entry.details.renewalRequired && !entry.ready && !entry.claimed && entry.status === "payout_scheduled" ? (
          <StatusBadge label={`Väntar: nya uppgifter kan användas från ${formatDateTime(entry.details.usableAt)}`} tone="muted" />
        ) : null}
      </div>
      {entry.ready ? (
        <ConfirmedAction
          intent="mark-paid"
          label="Markera som utbetald"
          title="Markera som utbetald?"
          description={`Bekräfta att ${formatSek(entry.totalOre)} är utbetalt till ${entry.details?.label ?? ""} ${entry.details?.masked ?? ""}. Medlemmen får poäng och XP för försäljningen.`}
          confirmLabel="Markera som utbetald"
          hidden={{ orderId: entry.orderId }}
          testId="mark-paid"
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`reference-${entry.orderId}`}>Referens</Label>
            <Input id={`reference-${entry.orderId}`} name="reference" maxLength={SELL_ORDERS.payoutReferenceMaxLength} required className="w-56" />
          </div>
        </ConfirmedAction>
      ) : entry.status === "payout_failed" ? (
        <Link to={`/admin/transactions/saljordrar/${entry.orderId}`} className="underline">
          Försök igen från ordern
        </Link>
      ) : null}
    </li>
  );
}

export default function PayoutQueue({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Utbetalningskö</h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Ordrar vars Trade Protection har löpt ut. Betala ut och markera varje order med betalningens referens.
        </p>
      </div>
      {entries.length === 0 ? <p className="rounded-xl border bg-card p-6 text-sm text-muted-foreground">Inga utbetalningar att göra.</p> : null}
      {PAYOUT_METHODS.map((method) => {
        const due = entries.filter((entry) => entry.method === method);
        if (due.length === 0) return null;
        return (
          <section key={method} aria-labelledby={`payouts-${method}`} className="grid gap-3">
            <h3 id={`payouts-${method}`} className="font-semibold">
              {PAYOUT_LABELS[method]} · {due.length} st · {formatSek(due.reduce((sum, entry) => sum + entry.totalOre, 0))}
            </h3>
            <ul className="grid gap-3">
              {due.map((entry) => (
                <PayoutEntry key={entry.orderId} entry={entry} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
