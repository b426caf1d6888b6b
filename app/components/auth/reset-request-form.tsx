import { useState } from "react";
import { Form, Link } from "react-router";
import { MailCheck } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { useActionForm } from "~/lib/use-action-form";
import { AUTH_MESSAGES, resetRequestSchema } from "~/modules/accounts/auth-schemas";
import { FormAlert } from "~/components/ui/form-alert";
import { EmailField } from "./email-field";
import { SubmitButton } from "./submit-button";
import type { AuthActionResult } from "./types";

function resetToast(data: AuthActionResult) {
  return data.ok
    ? { tone: "success" as const, title: AUTH_MESSAGES.resetSent, description: "Om adressen har ett konto får du en länk inom kort." }
    : { tone: "error" as const, title: data.message ?? AUTH_MESSAGES.resetFailed };
}

/** Reset request (docs/rules/accounts.md#password-reset): form, then a sent view; 'Skicka igen' returns to the form. */
export function ResetRequestForm() {
  const form = useActionForm<AuthActionResult>({ intent: "reset", schema: resetRequestSchema, toast: resetToast });
  const [email, setEmail] = useState("");
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const outcome = form.outcome !== dismissed ? form.outcome : undefined;

  if (outcome?.ok) {
    return (
      <div className="grid gap-5 text-center" data-testid="reset-sent">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-7" aria-hidden="true" />
        </div>
        <div className="grid gap-2">
          <h2 className="text-xl font-bold">Kolla din inkorg</h2>
          <p className="text-muted-foreground">
            Om det finns ett konto för <strong className="break-all text-foreground">{outcome.email}</strong> har vi
            skickat en länk för att välja ett nytt lösenord. Länken gäller i 30 minuter och kan bara användas en gång.
          </p>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {/* A GET form back to the empty reset form, so that it also works before JavaScript has loaded. */}
          <Form method="get" action="/auth" replace className="grid" onSubmit={() => setDismissed(form.outcome)}>
            <input type="hidden" name="mode" value="reset" />
            <Button type="submit" variant="outline">
              Skicka igen
            </Button>
          </Form>
          <Button asChild>
            <Link to="/auth?mode=signin">Tillbaka till inloggning</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form.Form method="post" noValidate onSubmit={form.onSubmit} className="grid gap-4" aria-label="Återställ lösenord">
      <input type="hidden" name="intent" value="reset" />
      <p className="text-sm text-muted-foreground">
        Ange e-postadressen du registrerade dig med, så skickar vi en länk för att välja ett nytt lösenord.
      </p>
      <EmailField id="reset-email" error={form.fieldErrors.email} value={email} onChange={setEmail} />
      <div aria-live="polite" className="empty:hidden">
        {outcome && !outcome.ok && !outcome.fieldErrors?.email ? <FormAlert>{outcome.message}</FormAlert> : null}
      </div>
      <SubmitButton busy={form.busy} busyLabel="Skickar...">
        Skicka återställningslänk
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/auth?mode=signin" className="font-medium text-primary underline-offset-4 hover:underline">
          Tillbaka till inloggning
        </Link>
      </p>
    </form.Form>
  );
}
