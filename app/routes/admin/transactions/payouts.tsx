/**
 * /admin/transactions/utbetalningar (admin only; docs/rules/selling.md#payouts): the payouts that
 * are due, by method, with the amount and the member's masked details. Staff pay by hand: "Visa
 * mottagare" shows one order's full details beside the BankID-verified name for 5 minutes (after
 * a fresh step-up, audited; decision 047), then they mark it paid with the reference; details
 * changed within 24 hours make the payout wait.
 */
import { useEffect, useState } from "react";
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
import type { RevealedRecipient } from "~/modules/selling/payout-rules";
import { useStaffForm } from "~/components/admin/staff-outcome";
import type { FormOutcome } from "~/lib/use-action-form";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Eye } from "~/components/ui/icons";
import { BankFiles } from "~/components/admin/payouts/bank-files";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "transactions");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPayoutQueue(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handlePayoutAction(request);
}

export const ErrorBoundary = AdminTabError;

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

type RevealOutcome = FormOutcome & { recipient?: RevealedRecipient; stepUpUrl?: string };

/** The revealed recipient while its time lasts; null before, and again once it has passed. */
function useVisibleRecipient(revealed: RevealedRecipient | undefined): RevealedRecipient | null {
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (!revealed) return;
    const timer = window.setTimeout(() => setExpired(revealed.visibleUntil), Math.max(0, Date.parse(revealed.visibleUntil) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [revealed]);
  return revealed && expired !== revealed.visibleUntil ? revealed : null;
}

const recipientText = (recipient: RevealedRecipient) =>
  `${recipient.methodLabel}: ${recipient.lines.map((line) => `${line.label} ${line.value}`).join(", ")}${recipient.verifiedName ? ` (${recipient.verifiedName})` : ""}`;

function RecipientDetails({ recipient }: { recipient: RevealedRecipient }) {
  return (
    <div className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3" data-testid="payout-recipient">
      <p className="font-medium">
        Mottagare · {recipient.methodLabel}{" "}
        <span className="text-muted-foreground">
          (visas till <time dateTime={recipient.visibleUntil}>{formatDateTime(recipient.visibleUntil)}</time>)
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Namn enligt BankID</dt>
        <dd>{recipient.verifiedName ?? "Inte verifierad"}</dd>
        {recipient.lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd className="font-mono break-all select-all">{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function PayoutEntry({ entry }: { entry: Entry }) {
  const reveal = useStaffForm<RevealOutcome>({ fallback: null });
  const outcome = reveal.fetcher.data;
  const recipient = useVisibleRecipient(outcome?.ok ? outcome.recipient : undefined);
  const paidTo = recipient ? recipientText(recipient) : `${entry.details?.label ?? ""} ${entry.details?.masked ?? ""}`;
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
        {entry.batchId ? <StatusBadge label="Skickad till banken" tone="info" /> : null}
        {entry.status === "payout_failed" ? <StatusBadge label={`Misslyckades: ${entry.payoutFailure ?? ""}`} tone="danger" wrap /> : null}
        {entry.claimed ? (
          <StatusBadge label={entry.automatic ? "Skickad till Swish – väntar på svar" : "Utbetalning pågår via betalningstjänsten"} tone="muted" />
        ) : entry.automatic && entry.status === "payout_scheduled" ? (
          <StatusBadge label="Skickas automatiskt med Swish" tone="info" />
        ) : null}
        {!entry.verified ? <StatusBadge label="Väntar: säljaren är inte verifierad med BankID" tone="muted" wrap /> : null}
        {entry.details?.renewalRequired ? <StatusBadge label="Väntar: säljaren ska ange Swish-uppgifter med sitt eget personnummer" tone="muted" wrap /> : null}
        {entry.verified && entry.details && !entry.details.renewalRequired && entry.detailsWaiting && !entry.claimed && !entry.batchId && entry.status === "payout_scheduled" ? (
          <StatusBadge label={`Väntar: nya uppgifter kan användas från ${formatDateTime(entry.details.usableAt)}`} tone="muted" wrap />
        ) : null}
      </div>
      {entry.details && !entry.claimed && !entry.batchId && !entry.automatic ? (
        <reveal.fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="reveal-recipient" />
          <input type="hidden" name="orderId" value={entry.orderId} />
          {recipient ? null : (
            <Button type="submit" variant="outline" size="sm" disabled={reveal.busy}>
              <Eye className="size-4" aria-hidden="true" />
              Visa mottagare
            </Button>
          )}
        </reveal.fetcher.Form>
      ) : null}
      {recipient ? <RecipientDetails recipient={recipient} /> : null}
      {outcome && !outcome.ok && outcome.stepUpUrl ? (
        <FormAlert tone="info" title={outcome.title ?? "Bekräfta att det är du"}>
          {outcome.message}{" "}
          <Link to={outcome.stepUpUrl} className="font-medium underline underline-offset-4">
            Bekräfta att det är du
          </Link>
        </FormAlert>
      ) : null}
      {entry.ready ? (
        <ConfirmedAction
          intent="mark-paid"
          label="Markera som utbetald"
          title="Markera som utbetald?"
          description={`Bekräfta att ${formatSek(entry.totalOre)} är utbetalt till ${paidTo}. Medlemmen får poäng och XP för försäljningen.`}
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
  const { entries, bankFile, batches, automaticMethods } = loaderData;
  // What a new bank file would take: ready bank payouts not already in a file (decision 050).
  const dueBank = entries.filter((entry) => entry.method === "bank" && entry.ready);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <TransactionsNav />
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Utbetalningskö</h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Ordrar vars Trade Protection har löpt ut. Betala ut och markera varje order med betalningens referens.
          {automaticMethods.length > 0 ? ` ${automaticMethods.join(" och ")}-utbetalningar skickas automatiskt när de förfaller; här syns bara de som väntar eller misslyckades.` : null}
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
      <BankFiles
        bankFile={bankFile}
        files={batches}
        due={{ count: dueBank.length, totalOre: dueBank.reduce((sum, entry) => sum + entry.totalOre, 0) }}
      />
    </div>
  );
}
