/**
 * Complete, reverse or cancel a trade, each behind the one confirmation dialog. Every button
 * sits in a real form posting to the tab's action; with JavaScript the dialog asks first and
 * the page's one fetcher sends it (so one answer is toasted even if the row leaves the list).
 */
import { useState } from "react";
import { Form, type FetcherWithComponents } from "react-router";
import { Ban, CircleCheck, Undo2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { TRADE_LIMITS, TRADE_TYPE_LABELS, type TradeStatus } from "~/modules/trades/trades-constants";
import { cn } from "~/lib/cn";
import { formatNumber, formatSek } from "~/lib/format";
import { allowedTransitions, pointsForTrade, xpForTrade } from "~/modules/trades/trade-rules";
import type { TransactionRow } from "~/modules/trades/trades-page.server";

type Intent = "complete" | "reverse" | "cancel";

const INTENT_OF: Partial<Record<TradeStatus, Intent>> = { completed: "complete", reversed: "reverse", cancelled: "cancel" };


function texts(row: TransactionRow, intent: Intent) {
  const what = `${TRADE_TYPE_LABELS[row.type].toLowerCase()} på ${formatSek(row.totalOre)}`;
  const member = row.memberName ?? row.memberEmail ?? "medlemmen";
  switch (intent) {
    case "complete":
      return {
        label: "Genomför",
        title: "Genomföra affären?",
        description: (
          <>
            <p>
              {row.type === "sale" ? "Säljaren har fått betalt för" : "Köparen har fått"} {what}. {member} får{" "}
              {formatNumber(pointsForTrade(row.type, row.baseTotalOre))} poäng och {formatNumber(xpForTrade(row.type, row.baseTotalOre))} XP
              (fler poäng om en poängförmån är aktiv).
            </p>
          </>
        ),
        confirm: "Genomför affären",
        tone: "default" as const,
        Icon: CircleCheck,
      };
    case "reverse":
      return {
        label: "Återför",
        title: "Återföra försäljningen?",
        description: <p>Säljaren har rullat tillbaka föremålen under Trade Protection. Affären ger inga poäng och kan inte genomföras efteråt.</p>,
        confirm: "Återför affären",
        tone: "destructive" as const,
        Icon: Undo2,
      };
    case "cancel":
      return {
        label: "Annullera",
        title: "Annullera affären?",
        description:
          row.status === "completed" ? (
            <p>
              Affären är genomförd: {formatNumber(row.pointsCredited)} poäng och {formatNumber(row.xpCredited)} XP tas tillbaka från {member}. Har
              medlemmen redan använt poängen tas det som finns och resten noteras på affären.
            </p>
          ) : (
            <p>Affären har inte gett några poäng, så inga poäng flyttas. Den kan inte genomföras efteråt.</p>
          ),
        confirm: "Annullera affären",
        tone: "destructive" as const,
        Icon: Ban,
      };
  }
}

export function TradeActions({
  row,
  fetcher,
  compact,
}: {
  row: TransactionRow;
  fetcher: FetcherWithComponents<unknown>;
  /** In the table: reverse and cancel as icon buttons (their names are still spoken and shown on hover). */
  compact?: boolean;
}) {
  const intents = allowedTransitions(row.type, row.status)
    .map((status) => INTENT_OF[status])
    .filter((intent): intent is Intent => Boolean(intent));
  if (intents.length === 0) return null;
  const busy = fetcher.state !== "idle";
  return (
    <div className={compact ? "flex flex-nowrap items-center justify-end gap-1.5" : "flex flex-wrap gap-2"}>
      {intents.map((intent) => (
        <TradeAction key={intent} row={row} intent={intent} fetcher={fetcher} disabled={busy} iconOnly={compact && intent !== "complete"} />
      ))}
    </div>
  );
}

function TradeAction({
  row,
  intent,
  fetcher,
  disabled,
  iconOnly,
}: {
  row: TransactionRow;
  intent: Intent;
  fetcher: FetcherWithComponents<unknown>;
  disabled: boolean;
  iconOnly?: boolean;
}) {
  const [reason, setReason] = useState("");
  const text = texts(row, intent);
  const reasonId = `reason-${intent}-${row.id}`;
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="tradeId" value={row.id} />
      <ConfirmDialog
        testId={`confirm-${intent}`}
        trigger={
          <Button
            type="submit"
            size={iconOnly ? "icon" : "sm"}
            variant={intent === "complete" ? "default" : "outline"}
            className={cn(iconOnly && "size-9", intent === "cancel" && "text-red-700 hover:text-red-800 dark:text-red-300")}
            disabled={disabled}
            title={iconOnly ? text.label : undefined}
            data-testid={`trade-${intent}`}
          >
            <text.Icon className="size-4" aria-hidden="true" />
            <span className={iconOnly ? "sr-only" : undefined}>{text.label}</span>
            <span className="sr-only"> affären för {row.memberName ?? row.memberEmail ?? "medlemmen"}</span>
          </Button>
        }
        title={text.title}
        description={text.description}
        confirmLabel={text.confirm}
        tone={text.tone}
        onConfirm={() => {
          fetcher.submit({ intent, tradeId: row.id, reason }, { method: "post" });
          setReason("");
        }}
      >
        {intent === "complete" ? null : (
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>
              Anledning <span className="font-normal text-muted-foreground">(valfritt, sparas i loggen)</span>
            </Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={TRADE_LIMITS.reasonMaxLength}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        )}
      </ConfirmDialog>
    </Form>
  );
}
