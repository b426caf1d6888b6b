/**
 * How one item's price is reached (docs/rules/selling.md#quote-prices): the reference price with
 * its source and date, our rate for its category, and our price.
 */
import { PRICE_CATEGORY_LABELS } from "~/components/selling/selling-labels";
import { formatLongDate, formatSek } from "~/lib/format";
import { PRICE_SOURCE_TEXTS } from "~/modules/selling/quote-rules";
import type { PriceCategory, PriceSourceId } from "~/modules/selling/selling-constants";

export interface PriceExplanationFacts {
  referencePriceOre: number | null;
  referenceSource: PriceSourceId | null;
  referenceUpdatedAt: string | null;
  buyRatePercent: number | null;
  category: PriceCategory | null;
  priceOre: number | null;
}

export function PriceExplanation({ item }: { item: PriceExplanationFacts }) {
  if (item.referencePriceOre === null) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs" data-testid="price-explanation">
      <dt className="text-muted-foreground">Referenspris</dt>
      <dd className="tabular-nums">
        {formatSek(item.referencePriceOre)}
        {item.referenceSource ? ` · ${PRICE_SOURCE_TEXTS[item.referenceSource]}` : ""}
        {item.referenceUpdatedAt ? `, ${formatLongDate(item.referenceUpdatedAt)}` : ""}
      </dd>
      {item.buyRatePercent !== null ? (
        <>
          <dt className="text-muted-foreground">Vår kurs</dt>
          <dd>
            {item.buyRatePercent} %{item.category ? ` (${PRICE_CATEGORY_LABELS[item.category].toLowerCase()})` : ""}
          </dd>
        </>
      ) : null}
      {item.priceOre !== null ? (
        <>
          <dt className="text-muted-foreground">Vårt pris</dt>
          <dd className="font-medium tabular-nums">{formatSek(item.priceOre)}</dd>
        </>
      ) : null}
    </dl>
  );
}
