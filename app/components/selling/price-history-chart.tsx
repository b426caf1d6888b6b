/**
 * An item's daily reference price over the last PRICE_HISTORY_DAYS days (recharts, loaded with
 * its own chunk through price-history.tsx, so /salja's first load stays small). Screen readers
 * get the same figures as a table.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDayMonth, formatSek } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import type { PriceHistoryPoint } from "~/modules/selling/price-list.server";

const kronor = (ore: number) => formatSek(ore);

export function PriceHistoryChart({ points, caption }: { points: PriceHistoryPoint[]; caption: string }) {
  const hydrated = useHydrated();
  const data = points.map((point) => ({ ...point, label: formatDayMonth(point.day) }));
  return (
    <figure className="grid min-w-0 gap-1" data-testid="price-history-chart">
      <div aria-hidden="true" className="h-40 w-full min-w-0 overflow-hidden text-xs">
        {hydrated ? (
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 160 }}>
            <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={16} stroke="var(--color-muted-foreground)" />
              <YAxis tickFormatter={(value: number) => kronor(value)} width={72} tickLine={false} stroke="var(--color-muted-foreground)" domain={["auto", "auto"]} />
              <Tooltip
                formatter={(value) => [kronor(Number(value)), "Referenspris"]}
                labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""}
                contentStyle={{
                  background: "var(--color-popover)",
                  color: "var(--color-popover-foreground)",
                  borderRadius: 8,
                  border: "1px solid var(--color-border)",
                }}
              />
              <Line type="stepAfter" dataKey="priceOre" name="Referenspris" stroke="var(--color-primary)" strokeWidth={2} dot={data.length < 2} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        ) : null}
      </div>
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Dag</th>
              <th scope="col">Referenspris</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row">{point.day}</th>
                <td>{kronor(point.priceOre)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
