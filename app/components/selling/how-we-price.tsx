/**
 * "Så räknar vi" on /salja-skins (docs/rules/selling.md#quote-prices): the buy rate per category
 * and a worked example, both computed from the constants and the quote's own rules, so the page
 * can never say something the quote does not do.
 */
import { PRICE_CATEGORY_LABELS } from "~/components/selling/selling-labels";
import { formatSek } from "~/lib/format";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { priceItem, quoteTotals, shareOfReferencePercent } from "~/modules/selling/quote-rules";
import { BUY_RATE_PERCENT, PRICE_CATEGORIES, SELL_MIN_ITEM_VALUE_ORE, type PriceCategory } from "~/modules/selling/selling-constants";

const EXAMPLE: { name: string; category: PriceCategory; referenceOre: number }[] = [
  { name: "AK-47 | Redline (Field-Tested)", category: "weapon", referenceOre: 1_000_00 },
  { name: "Kniv (Factory New)", category: "knife", referenceOre: 6_000_00 },
];
/** The example member's level: the second, so the level bonus shows. */
const EXAMPLE_LEVEL = LEVELS[1]!;

export function HowWePrice() {
  const now = new Date(0);
  const priced = EXAMPLE.map((item) => ({
    ...item,
    price: priceItem({ tradable: true, tradableAfter: null, category: item.category }, item.referenceOre, now),
  }));
  const totals = quoteTotals(
    priced.map((item) => item.price),
    EXAMPLE_LEVEL,
  );
  const share = shareOfReferencePercent(
    priced.map((item) => item.price),
    totals.totalOre,
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="how-we-price">
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <h3 className="text-lg font-semibold">Vår kurs per kategori</h3>
        <p className="mt-2 text-sm text-muted-foreground">
          Vi utgår från föremålets referenspris (marknadspriset i vår prislista) och betalar en andel av det. Föremål värda under{" "}
          {formatSek(SELL_MIN_ITEM_VALUE_ORE)} efter kursen köper vi inte.
        </p>
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Andel av referenspriset vi betalar, per kategori</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-1.5 font-medium">Kategori</th>
              <th scope="col" className="py-1.5 text-right font-medium">Vi betalar</th>
            </tr>
          </thead>
          <tbody>
            {PRICE_CATEGORIES.map((category) => (
              <tr key={category} className="border-b last:border-0">
                <th scope="row" className="py-1.5 text-left font-normal">{PRICE_CATEGORY_LABELS[category]}</th>
                <td className="py-1.5 text-right tabular-nums">{BUY_RATE_PERCENT[category]} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <h3 className="text-lg font-semibold">Exempel</h3>
        <p className="mt-2 text-sm text-muted-foreground">En medlem på nivå {EXAMPLE_LEVEL.name} säljer två föremål:</p>
        <dl className="mt-4 grid gap-1.5 text-sm">
          {priced.map((item) => (
            <div key={item.name} className="flex justify-between gap-4">
              <dt>
                {item.name}: {formatSek(item.referenceOre)} × {item.price.buyRatePercent} %
              </dt>
              <dd className="tabular-nums">{formatSek(item.price.priceOre ?? 0)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-4">
            <dt>Nivåbonus {EXAMPLE_LEVEL.name} (+{totals.levelBonusPercent} %)</dt>
            <dd className="tabular-nums">{formatSek(totals.levelBonusOre)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Volymbonus (+{totals.bulkBonusPercent} %)</dt>
            <dd className="tabular-nums">{formatSek(totals.bulkBonusOre)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
            <dt>Du får</dt>
            <dd className="tabular-nums">{formatSek(totals.totalOre)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          Det är {share} % av referenspriset på {formatSek(EXAMPLE.reduce((sum, item) => sum + item.referenceOre, 0))}. Din offert visar samma uträkning för
          varje föremål, med referenspriset, var det kommer ifrån och prishistoriken.
        </p>
      </div>
    </div>
  );
}
