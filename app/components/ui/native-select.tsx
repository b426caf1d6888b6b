import * as React from "react";
import { ChevronDown } from "~/components/ui/icons";

import { cn } from "~/lib/cn";

/**
 * A native <select> styled like Input: it works in a plain GET form before JavaScript and
 * keeps the platform's own keyboard and screen-reader behaviour.
 */
function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        data-slot="native-select"
        className={cn(
          "flex h-10 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base shadow-xs md:text-sm dark:bg-input/30",
          "transition-[color,border-color,box-shadow] outline-hidden",
          "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/30 dark:aria-invalid:ring-destructive/40",
          "disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50",
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

export { NativeSelect };
