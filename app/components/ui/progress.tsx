import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "~/lib/cn";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "max"> & {
  /** 0–100; out-of-range values are clamped. `null`/omitted renders an indeterminate bar. */
  value?: number | null;
  indicatorClassName?: string;
};

/**
 * Accessible progress bar (role="progressbar" with aria-valuemin/max/now/text from radix).
 * Give it a name with `aria-label` or `aria-labelledby`.
 */
function Progress({ className, indicatorClassName, value, ...props }: ProgressProps) {
  const clamped =
    typeof value === "number" && Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : null;
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      max={100}
      value={clamped}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/20", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          "h-full w-full flex-1 bg-primary transition-transform duration-300 ease-out",
          "data-[state=indeterminate]:w-1/3 data-[state=indeterminate]:animate-pulse",
          indicatorClassName,
        )}
        style={clamped === null ? undefined : { transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
export type { ProgressProps };
