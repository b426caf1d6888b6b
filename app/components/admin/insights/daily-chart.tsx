/**
 * A per-day bar chart for the Analytics and Influencers tabs (recharts, as the Dashboard's
 * chart: only staff routes import it, so the library stays out of public pages' chunks).
 * Screen readers get the same figures as a table.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "~/lib/use-hydrated";
import { formatDayMonth, formatNumber } from "~/lib/format";

export interface DailySeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

/** The count axis and tooltip: "3 800", grouped the Swedish way (never compact "3,8 tn"). */
export const dailyTick = (value: number) => formatNumber(value);

export function DailyChart<K extends string>({
  days,
  series,
  caption,
  testId,
}: {
  days: Array<{ day: string } & Record<K, number>>;
  series: Array<DailySeries<K>>;
  caption: string;
  testId?: string;
}) {
  const points = days.map((day) => ({ ...day, label: formatDayMonth(day.day) }));
  // Drawn in the browser, where the chart can measure its box; the table carries the figures before that.
  const hydrated = useHydrated();
  return (
    <figure className="grid min-w-0 gap-2" data-testid={testId}>
      <div
        aria-hidden="true"
        className="h-64 w-full min-w-0 overflow-hidden text-xs"
      >
        {hydrated ? (
          <ResponsiveContainer
            width="100%"
            height="100%"
            initialDimension={{ width: 720, height: 256 }}
          >
            <BarChart
              accessibilityLayer={false}
              data={points}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid
                strokeDasharray="3 3"
                vertical={false}
                stroke="var(--color-border)"
              />
              <XAxis
                dataKey="label"
                tickLine={false}
                interval="preserveStartEnd"
                minTickGap={16}
                stroke="var(--color-muted-foreground)"
              />
              <YAxis
                allowDecimals={false}
                tickFormatter={dailyTick}
                width={48}
                tickLine={false}
                stroke="var(--color-muted-foreground)"
              />
              <Tooltip
                formatter={(value, name) => [dailyTick(Number(value)), name]}
                labelFormatter={(_label, payload) =>
                  payload?.[0]?.payload?.day ?? ""
                }
                contentStyle={{
                  background: "var(--color-popover)",
                  color: "var(--color-popover-foreground)",
                  borderRadius: 8,
                  border: "1px solid var(--color-border)",
                }}
              />
              {series.length > 1 ? <Legend /> : null}
              {series.map((entry) => (
                <Bar
                  key={entry.key}
                  dataKey={entry.key}
                  name={entry.name}
                  fill={entry.color}
                  radius={[3, 3, 0, 0]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        ) : null}
      </div>
      {/* In a clipped box: a wide table in the clipped element itself would still widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Dag</th>
              {series.map((entry) => (
                <th key={entry.key} scope="col">
                  {entry.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                {series.map((entry) => (
                  <td key={entry.key}>{formatNumber(day[entry.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {caption}
      </figcaption>
    </figure>
  );
}
