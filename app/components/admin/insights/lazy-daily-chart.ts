import type { DailyChart as DailyChartComponent } from "~/components/admin/insights/daily-chart";
import { lazyComponent } from "~/lib/lazy-component";

// recharts loads with the chart, not with the server or the panel (decision 023); typed as the
// generic component it is.
export const LazyDailyChart = lazyComponent(() =>
  import("~/components/admin/insights/daily-chart").then((module) => module.DailyChart),
) as unknown as typeof DailyChartComponent;
