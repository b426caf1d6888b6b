import type { LucideIcon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

export interface Stat {
  icon?: LucideIcon;
  value: string;
  label: string;
}

/** Columns by how many figures there are, so a figure left out leaves no hole. */
const COLUMNS: Record<number, string> = {
  1: "grid-cols-1 max-w-xs",
  2: "grid-cols-2",
  3: "grid-cols-1 sm:grid-cols-3",
};

/** Key figures as a description list: the label is the term, the figure its value. */
export function StatsRow({ stats, label, className }: { stats: readonly Stat[]; label: string; className?: string }) {
  return (
    <dl aria-label={label} className={cn("grid gap-4", COLUMNS[stats.length] ?? "grid-cols-2 lg:grid-cols-4", className)}>
      {stats.map(({ icon: Icon, value, label: statLabel }) => (
        <div key={statLabel} className="flex flex-col-reverse rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
          <dt className="mt-1 text-sm text-muted-foreground">{statLabel}</dt>
          <dd className="text-3xl font-extrabold tracking-tight tabular-nums sm:text-4xl">
            {Icon ? <Icon className="mb-3 size-6 text-primary" aria-hidden="true" width={24} height={24} /> : null}
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
