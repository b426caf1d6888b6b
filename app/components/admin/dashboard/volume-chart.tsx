/**
 * The Dashboard's daily trade volume (completed sales vs purchases, SEK) as an SVG bar chart.
 * Only the admin Dashboard route imports it, so the chart library stays out of public pages'
 * bundles. Screen readers get the same figures as a table.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "~/lib/use-hydrated";
import { formatDayMonth, formatSek } from "~/lib/format";

export interface VolumeDay {
  day: string;
  soldOre: number;
  boughtOre: number;
}

/** The value axis and tooltip: whole kronor from the öre the bars are drawn in, "3 800 kr" (never compact "3,8 tn"). */
export const volumeTick = (ore: number) => formatSek(Math.round(ore));

export function VolumeChart({ days }: { days: VolumeDay[] }) {
  // The chart draws in the browser, where it can measure its box; the table below carries the figures before that.
  const hydrated = useHydrated();
  const points = days.map((day) => ({ day: day.day, label: formatDayMonth(day.day), sold: day.soldOre, bought: day.boughtOre }));
  return (
    <figure className="grid min-w-0 gap-2" data-testid="volume-chart">
      <div aria-hidden="true" className="h-72 w-full min-w-0 overflow-hidden text-xs">
        {hydrated ? (
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 720, height: 288 }}>
            <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={16} stroke="var(--color-muted-foreground)" />
              <YAxis allowDecimals={false} tickFormatter={volumeTick} width={72} tickLine={false} stroke="var(--color-muted-foreground)" />
              <Tooltip
                formatter={(value, name) => [volumeTick(Number(value)), name]}
                labelFormatter={(_label, payload) => payload?.[0]?.payload?.day ?? ""}
                contentStyle={{ background: "var(--color-popover)", color: "var(--color-popover-foreground)", borderRadius: 8, border: "1px solid var(--color-border)" }}
              />
              <Legend />
              <Bar dataKey="sold" name="Försäljningar" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="bought" name="Köp" fill="var(--color-success)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        ) : null}
      </div>
      <table className="sr-only">
        <caption>Affärsvolym per dag</caption>
        <thead>
          <tr>
            <th scope="col">Dag</th>
            <th scope="col">Försäljningar</th>
            <th scope="col">Köp</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td>{formatSek(day.soldOre)}</td>
              <td>{formatSek(day.boughtOre)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="text-xs text-muted-foreground">
        Genomförda affärer per dag i svensk tid, de senaste {days.length} dagarna.
      </figcaption>
    </figure>
  );
}
