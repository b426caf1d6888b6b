import { AlertCircle, CheckCircle2, Info } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

const tones = {
  error: { Icon: AlertCircle, className: "border-destructive/40 bg-destructive/10 text-red-800 dark:text-red-200" },
  success: { Icon: CheckCircle2, className: "border-success/40 bg-success/10 text-foreground" },
  info: { Icon: Info, className: "border-primary/30 bg-primary/5 text-foreground" },
} as const;

/** An inline message inside a form; errors are announced (role="alert"). */
export function FormAlert({
  tone = "error",
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const { Icon, className: toneClass } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border p-3 text-sm", toneClass, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
