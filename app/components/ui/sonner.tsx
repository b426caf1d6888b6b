import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

import { cn } from "~/lib/cn";

/** Toasts sit top-center, below the sticky header (64 px) so they never cover the navigation. */
const TOAST = { durationMs: 4_000, visible: 3, position: "top-center", offsetPx: 72 } as const;

type Theme = "light" | "dark";

/** Sonner's own focus style is a faint shadow; sonner CSS is unlayered, hence the `!`. */
const focusRing =
  "focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-ring!";

function subscribeToHtmlClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

function getHtmlTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Server render has no <html> to read; hydration re-reads the real class right after. */
function getServerTheme(): Theme {
  return "light";
}

/** Tracks the `dark` class on <html> (set by the theme script / theme toggle). */
function useHtmlTheme(): Theme {
  return React.useSyncExternalStore(subscribeToHtmlClass, getHtmlTheme, getServerTheme);
}

/**
 * App-wide toast outlet. Mount once (in the root layout); call `toast()` from "sonner" anywhere.
 * Defaults come from TOAST above; any prop can still be overridden.
 */
function Toaster({ toastOptions, ...props }: ToasterProps) {
  const theme = useHtmlTheme();
  return (
    <Sonner
      theme={theme}
      position={TOAST.position}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      offset={TOAST.offsetPx}
      mobileOffset={TOAST.offsetPx}
      containerAriaLabel="Aviseringar"
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      toastOptions={{
        closeButtonAriaLabel: "Stäng",
        ...toastOptions,
        classNames: {
          ...toastOptions?.classNames,
          toast: cn(focusRing, toastOptions?.classNames?.toast),
          closeButton: cn(focusRing, toastOptions?.classNames?.closeButton),
          actionButton: cn(focusRing, toastOptions?.classNames?.actionButton),
          cancelButton: cn(focusRing, toastOptions?.classNames?.cancelButton),
          description: cn("text-muted-foreground!", toastOptions?.classNames?.description),
        },
      }}
      {...props}
    />
  );
}

export { Toaster };
