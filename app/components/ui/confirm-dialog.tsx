import * as React from "react";
import { AlertDialog as AlertDialogPrimitive, Slot as SlotPrimitive } from "radix-ui";

import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export interface ConfirmDialogProps {
  /**
   * The button that asks. It may be a form's submit button: with JavaScript the dialog asks
   * first, and without it the form still posts (the server checks everything either way).
   * Without a trigger the dialog opens when `open` is set (e.g. leaving a page with unsaved
   * changes).
   */
  trigger?: React.ReactElement;
  /** Opens the dialog from outside (only without a trigger). */
  open?: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `destructive` for what cannot be undone (cancel, reverse). */
  tone?: "default" | "destructive";
  /** Runs when confirmed; the dialog then closes and focus returns to the trigger. */
  onConfirm: () => void;
  /** Runs when the dialog closes without a confirmation ('Avbryt', Esc). */
  onCancel?: () => void;
  /** More content between the description and the buttons (e.g. a reason field). */
  children?: React.ReactNode;
  /** data-testid of the dialog. */
  testId?: string;
}

/**
 * The one confirmation for destructive or money-moving actions (STYLE.md "Staff panel"):
 * an alert dialog (focus trapped, Esc and 'Avbryt' close it, focus goes back to the trigger).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Avbryt",
  tone = "default",
  onConfirm,
  onCancel,
  open: openFromOutside,
  children,
  testId,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = React.useState(false);
  const open = openFromOutside ?? ownOpen;
  const triggerRef = React.useRef<HTMLElement>(null);
  const confirmed = React.useRef(false);
  const setOpen = (next: boolean) => {
    if (!next && !confirmed.current) onCancel?.();
    confirmed.current = false;
    setOwnOpen(next);
  };
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger ? (
        <SlotPrimitive.Slot
          ref={triggerRef}
          aria-haspopup="dialog"
          onClick={(event: React.MouseEvent) => {
            // Keeps a submit button from posting: the dialog's confirm does that.
            event.preventDefault();
            setOpen(true);
          }}
        >
          {trigger}
        </SlotPrimitive.Slot>
      ) : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0" />
        <AlertDialogPrimitive.Content
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            if (!triggerRef.current) return;
            event.preventDefault();
            triggerRef.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
            "rounded-lg border bg-popover p-6 text-popover-foreground shadow-lg outline-hidden sm:max-w-md",
            "transition-[opacity,scale] duration-200 starting:scale-95 starting:opacity-0",
          )}
        >
          <div className="grid gap-2">
            <AlertDialogPrimitive.Title className="text-lg leading-tight font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description asChild>
              <div className="text-sm text-muted-foreground">{description}</div>
            </AlertDialogPrimitive.Description>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: "outline" })}>{cancelLabel}</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonVariants({ variant: tone === "destructive" ? "destructive" : "default" })}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
