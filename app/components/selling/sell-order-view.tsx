/**
 * The parts of a sell order that the member's order page and the staff's order page show alike
 * (docs/rules/selling.md#member-pages, #staff-pages): its progress on the timeline, with what
 * each page adds below it, and its line items with their prices.
 */
import type { ReactNode } from "react";
import { SellOrderTimeline } from "~/components/selling/sell-order-timeline";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatSek } from "~/lib/format";
import type { TimelineStep } from "~/modules/selling/sell-order-rules";
import { SKIN_VARIANT_LABELS, type SkinVariant } from "~/modules/trades/trades-constants";

export interface SellOrderItemView {
  position: number;
  name: string;
  wear: string | null;
  variant?: SkinVariant | null;
  priceOre: number;
}

export function SellOrderProgressCard({
  title,
  description,
  steps,
  children,
}: {
  title: string;
  /** Under the title (the member's page: the status). */
  description?: ReactNode;
  steps: readonly TimelineStep[];
  /** Below the timeline: an answer, an action, the staff's details. */
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <SellOrderTimeline steps={steps} />
        {children}
      </CardContent>
    </Card>
  );
}

export function SellOrderItemsCard({ items }: { items: readonly SellOrderItemView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Föremål</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="sell-order-items">
          {items.map((item) => (
            <li key={item.position} className="flex items-start justify-between gap-4">
              <span className="min-w-0 break-words">
                {item.variant ? `${SKIN_VARIANT_LABELS[item.variant]} ` : ""}
                {item.name}
                {item.wear ? <span className="text-muted-foreground"> · {item.wear}</span> : null}
              </span>
              <span className="shrink-0 tabular-nums">{formatSek(item.priceOre)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
