/**
 * An item's price history on a quote or in the inventory (docs/rules/selling.md#price-history):
 * the chart, loaded lazily, or "Ingen prishistorik än" when the item has none.
 */
import { Suspense } from "react";
import type { PriceHistoryChart as PriceHistoryChartComponent } from "~/components/selling/price-history-chart";
import { lazyComponent } from "~/lib/lazy-component";
import { PRICE_HISTORY_DAYS } from "~/modules/selling/selling-constants";
import type { PriceHistoryPoint } from "~/modules/selling/price-list.server";

const LazyPriceHistoryChart = lazyComponent(() =>
  import("~/components/selling/price-history-chart").then((module) => module.PriceHistoryChart),
) as unknown as typeof PriceHistoryChartComponent;

const NO_PRICE_HISTORY = "Ingen prishistorik än.";

export function PriceHistory({ name, points }: { name: string; points: PriceHistoryPoint[] }) {
  if (points.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="price-history-empty">
        {NO_PRICE_HISTORY}
      </p>
    );
  }
  return (
    <Suspense fallback={<div className="h-40" aria-hidden="true" />}>
      <LazyPriceHistoryChart points={points} caption={`Referenspris för ${name}, senaste ${PRICE_HISTORY_DAYS} dagarna (${points.length} dagar med pris).`} />
    </Suspense>
  );
}
