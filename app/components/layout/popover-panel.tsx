/**
 * A panel the browser opens and closes itself (the Popover API: `popovertarget` on the button,
 * light dismiss, Escape), so header menus and the cookie settings work on pages without scripts
 * (docs/decisions/042-content-pages-without-framework-javascript.md). The same markup everywhere.
 */
import { XIcon } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

/** Below the sticky header, at the right edge: where the header's menus open. */
export const MENU_PANEL_CLASS =
  "fixed inset-auto top-16 right-2 m-0 w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md sm:right-6";

/** A row of a menu panel: a link or a button. */
export const MENU_ITEM_CLASS =
  "flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground [&_svg]:size-4";

export function PopoverPanel({ id, className, ...props }: React.ComponentProps<"div"> & { id: string }) {
  return <div id={id} popover="auto" className={cn(className)} {...props} />;
}

/** Where scripts run: closes the panel an element sits in (after a client-side navigation or save). */
export function closeEnclosingPopover(element: Element | null): void {
  const panel = element?.closest("[popover]");
  if (panel instanceof HTMLElement && panel.matches(":popover-open")) panel.hidePopover();
}

/**
 * The corner "Stäng" button of a panel: the browser hides the popover, no script needed. In a
 * panel that is a dialog it is `autoFocus`: the browser moves focus into a popover only to an
 * autofocus element, and gives it back to the opening button when the popover closes.
 */
export function PopoverCloseButton({ target, className, autoFocus }: { target: string; className?: string; autoFocus?: boolean }) {
  return (
    <button
      type="button"
      popoverTarget={target}
      popoverTargetAction="hide"
      autoFocus={autoFocus}
      className={cn(
        "inline-flex size-8 cursor-pointer items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground",
        className,
      )}
    >
      <XIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">Stäng</span>
    </button>
  );
}
