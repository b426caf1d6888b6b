import { Check, Circle } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { passwordChecklist } from "~/modules/accounts/password-rule";

/** The live requirement checklist under a new-password field (docs/rules/accounts.md#passwords). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const checks = passwordChecklist(password);
  return (
    <ul id={id} aria-label="Krav på lösenordet" className="grid gap-1 text-sm sm:grid-cols-2" data-testid="password-checklist">
      {checks.map((check) => (
        <li
          key={check.id}
          data-met={check.met}
          className={cn("flex items-center gap-2", check.met ? "text-emerald-700 dark:text-emerald-400" : "text-muted-foreground")}
        >
          {check.met ? (
            <Check className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Circle className="size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span>
            {check.label}
            <span className="sr-only">{check.met ? " – uppfyllt" : " – inte uppfyllt"}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
