/** Shown while a tab loads (docs/rules/admin.md#roles-and-tabs: tabs load lazily with a skeleton). */
import { Skeleton } from "~/components/ui/skeleton";

export function AdminTabSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" data-testid="admin-tab-skeleton" className="grid gap-6">
      <p className="sr-only" role="status">
        Laddar {label}...
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}
