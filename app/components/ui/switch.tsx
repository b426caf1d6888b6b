import * as React from "react";
import { Switch as SwitchPrimitive } from "radix-ui";

import { cn } from "~/lib/cn";

/** role="switch" button; label it with a `<Label htmlFor>` or `aria-label`. */
function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent shadow-xs",
        "transition-colors outline-hidden",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          "pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform",
          "data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0",
          "dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground",
        )}
      />
    </SwitchPrimitive.Root>
  );
}

export { Switch };

/**
 * A switch that is a form field: a native checkbox with `role="switch"`, so it posts with its
 * form without JavaScript and a screen reader announces it as a switch. Looks like `Switch`.
 */
function CheckboxSwitch({ className, ...props }: Omit<React.ComponentProps<"input">, "type" | "role">) {
  return (
    <span data-slot="switch" className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className={cn(
          "h-6 w-11 rounded-full bg-input shadow-xs transition-colors dark:bg-input/80",
          "peer-checked:bg-primary dark:peer-checked:bg-primary peer-disabled:opacity-50",
          "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background",
        )}
      />
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-background shadow-sm transition-transform",
          "peer-checked:translate-x-5 peer-disabled:opacity-50",
          "dark:bg-foreground dark:peer-checked:bg-primary-foreground",
        )}
      />
    </span>
  );
}

export { CheckboxSwitch };
