/**
 * A sell order's timeline (docs/rules/selling.md#statuses): the usual path with each step done,
 * current or upcoming, or the steps passed and the end state. The member's order page and the
 * staff view draw the same one.
 */
import { StatusBadge } from "~/components/ui/status-badge";
import { Check, Circle, Clock, X } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import type { SellOrderStatus } from "~/modules/selling/selling-constants";
import { OPEN_SELL_ORDER_STATUSES, type TimelineStep } from "~/modules/selling/sell-order-rules";

const STATE_LABELS = { done: "klart", current: "nu", upcoming: "kommande", ended: "avslutad" } as const;

export function SellOrderTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <ol className="grid gap-0" data-testid="sell-order-timeline" aria-label="Orderns förlopp">
      {steps.map((step, index) => {
        const Icon = step.state === "done" ? Check : step.state === "current" ? Clock : step.state === "ended" ? X : Circle;
        return (
          <li
            key={step.status}
            className="relative flex gap-3 pb-5 last:pb-0"
            data-status={step.status}
            data-state={step.state}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            {index < steps.length - 1 ? (
              <span aria-hidden="true" className={cn("absolute top-7 left-3.5 h-[calc(100%-1.75rem)] w-px", step.state === "done" ? "bg-success" : "bg-border")} />
            ) : null}
            <span
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border",
                step.state === "done" && "border-success bg-success/15 text-success-text",
                step.state === "current" && "border-primary bg-primary text-primary-foreground",
                step.state === "ended" && "border-destructive bg-destructive/10 text-destructive",
                step.state === "upcoming" && "border-border text-muted-foreground",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0 pt-0.5">
              <span className={cn("block break-words", step.state === "upcoming" ? "text-muted-foreground" : "font-medium")}>{step.label}</span>
              <span className="sr-only"> ({STATE_LABELS[step.state]})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The status as a badge: green when paid, red when it ended otherwise or the payout failed. */
export function SellOrderStatusBadge({ status, text }: { status: SellOrderStatus; text: string }) {
  const tone =
    status === "paid"
      ? "success"
      : status === "payout_failed" || !(OPEN_SELL_ORDER_STATUSES as readonly SellOrderStatus[]).includes(status)
        ? "danger"
        : "muted";
  return <StatusBadge label={text} tone={tone} wrap data-testid="sell-order-status" data-status={status} />;
}
