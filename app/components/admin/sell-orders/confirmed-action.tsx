/**
 * One staff action on a sell order: a form post (works without JavaScript) whose button asks
 * first through the one confirmation dialog (STYLE.md "Staff panel"). Its answer is one toast
 * (the staff form hook); without JavaScript the page shows the action's answer.
 */
import { useRef, type ReactNode } from "react";
import { useStaffForm } from "~/components/admin/staff-outcome";
import type { FormOutcome } from "~/lib/use-action-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export function ConfirmedAction({
  intent,
  label,
  title,
  description,
  confirmLabel,
  tone = "default",
  action,
  hidden = {},
  children,
  testId,
}: {
  intent: string;
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone?: "default" | "destructive";
  /** Where the form posts (default: the current route). */
  action?: string;
  hidden?: Record<string, string>;
  /** Visible fields of the form (an offer id, a reference). */
  children?: ReactNode;
  testId?: string;
}) {
  const { fetcher } = useStaffForm<FormOutcome>({ fallback: null });
  const form = useRef<HTMLFormElement>(null);
  return (
    <fetcher.Form ref={form} method="post" action={action} className="flex flex-wrap items-end gap-2" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <ConfirmDialog
        trigger={
          <Button type="submit" variant={tone === "destructive" ? "outline" : "default"} disabled={fetcher.state !== "idle"}>
            {label}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        tone={tone}
        onConfirm={() => {
          if (form.current && form.current.reportValidity()) void fetcher.submit(form.current);
        }}
        testId={testId ? `${testId}-dialog` : undefined}
      />
    </fetcher.Form>
  );
}
