import * as React from "react";

import { cn } from "~/lib/cn";

/**
 * Decorative loading placeholder. Hidden from assistive tech by default; announce loading
 * state on the surrounding region instead (e.g. `aria-busy="true"` plus sr-only text).
 */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

export { Skeleton };
