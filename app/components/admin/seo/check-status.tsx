/** A check's status as an icon with its name for screen readers, and the score's colour. */
import { AlertTriangle, CheckCircle2, Info, X } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import type { CheckStatus } from "~/modules/seo/seo-checks";

const STATUS: Record<CheckStatus, { label: string; className: string; Icon: typeof Info }> = {
  ok: { label: "OK", className: "text-success-text", Icon: CheckCircle2 },
  warning: { label: "Varning", className: "text-amber-600 dark:text-amber-400", Icon: AlertTriangle },
  error: { label: "Fel", className: "text-destructive", Icon: X },
  info: { label: "Info", className: "text-muted-foreground", Icon: Info },
};

export function CheckStatusIcon({ status, className }: { status: CheckStatus; className?: string }) {
  const { label, className: tone, Icon } = STATUS[status];
  return (
    <span className={cn("inline-flex shrink-0", tone, className)}>
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
    </span>
  );
}

export function scoreTone(score: number): string {
  if (score >= 85) return "text-success-text";
  if (score >= 60) return "text-amber-600 dark:text-amber-400";
  return "text-destructive";
}
