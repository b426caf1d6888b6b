/**
 * The one status badge (STYLE.md "Staff panel"): a label in one of a few shared tones, so a
 * colour means the same thing on every page. Each area gives only its status → (label, tone)
 * table; nothing else draws a status.
 */
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { cn } from "~/lib/cn";

/**
 * - `neutral`: waiting or not started (outlined: pending, draft, new).
 * - `muted`: over without a result, or a plain fact (grey: archived, inactive, a role).
 * - `info`: under way or planned (primary: sending, scheduled, paid out).
 * - `success`: done and good (green: completed, published, active).
 * - `danger`: failed, refused or blocked (red).
 */
export type StatusTone = "neutral" | "muted" | "info" | "success" | "danger";

export interface StatusLook {
  label: string;
  tone: StatusTone;
}

export type StatusTable<S extends string> = Record<S, StatusLook>;

const TONE_VARIANT: Record<StatusTone, NonNullable<BadgeProps["variant"]>> = {
  neutral: "outline",
  muted: "secondary",
  info: "default",
  success: "success",
  danger: "destructive",
};

/** An area's table from its labels (kept where they are) and a tone per status. */
export function statusTable<S extends string>(labels: Record<S, string>, tones: Record<S, StatusTone>): StatusTable<S> {
  const table = {} as StatusTable<S>;
  for (const status of Object.keys(labels) as S[]) table[status] = { label: labels[status], tone: tones[status] };
  return table;
}

/** Whether something is switched on (an influencer, a shop item). */
export const ACTIVE_STATUS = statusTable({ active: "Aktiv", inactive: "Inaktiv" }, { active: "success", inactive: "muted" });

type StatusBadgeProps = Omit<BadgeProps, "variant" | "asChild" | "children"> &
  StatusLook & {
    /** Lets a long label wrap (e.g. a sell order's status text in a narrow card). */
    wrap?: boolean;
  };

export function StatusBadge({ label, tone, wrap, className, ...props }: StatusBadgeProps) {
  return (
    <Badge variant={TONE_VARIANT[tone]} data-tone={tone} className={cn(wrap && "whitespace-normal text-left", className)} {...props}>
      {label}
    </Badge>
  );
}
