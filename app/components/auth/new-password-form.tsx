import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useActionForm } from "~/lib/use-action-form";
import { AUTH_MESSAGES, newPasswordSchema } from "~/modules/accounts/auth-schemas";
import { FormField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordChecklist } from "./password-checklist";
import { PasswordInput } from "./password-input";
import { SubmitButton } from "./submit-button";
import type { AuthActionResult } from "./types";

function newPasswordToast(data: AuthActionResult) {
  if (data.ok) return { tone: "success" as const, title: AUTH_MESSAGES.passwordUpdated, description: "Logga in med ditt nya lösenord." };
  if (data.code === "INVALID_TOKEN")
    return { tone: "error" as const, title: AUTH_MESSAGES.linkExpired, description: "Begär en ny länk för att återställa lösenordet." };
  return { tone: "error" as const, title: data.message ?? AUTH_MESSAGES.passwordUpdateFailed };
}

/** mode=reset-password: a new password with the sign-up rule and checklist (docs/rules/accounts.md#passwords). */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useActionForm<AuthActionResult>({
    intent: "reset-password",
    schema: newPasswordSchema,
    toast: newPasswordToast,
    onOutcome: (data) => {
      if (data.ok) void navigate("/auth?mode=signin", { replace: true });
      else if (data.code === "INVALID_TOKEN") void navigate("/auth?mode=reset", { replace: true });
    },
  });
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const outcome = form.outcome;
  const fields = form.fieldErrors;
  // Without JavaScript the page stays: the outcome is shown here with the way on.
  const plain = form.fromPlainPost ? outcome : undefined;

  return (
    <form.Form method="post" noValidate onSubmit={form.onSubmit} className="grid gap-4" aria-label="Välj nytt lösenord">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <FormField id="new-password" label="Nytt lösenord" error={fields.password} hint={<PasswordChecklist password={password} />}>
        {(aria) => (
          <PasswordInput
            {...aria}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="new-password-confirm" label="Bekräfta nytt lösenord" error={fields.confirmPassword}>
        {(aria) => (
          <PasswordInput
            {...aria}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        )}
      </FormField>
      <div aria-live="polite" className="empty:hidden">
        {/* A field's message shows next to the field (and as a toast); only a form-wide failure shows here. */}
        {plain?.ok ? (
          <FormAlert tone="success" title={AUTH_MESSAGES.passwordUpdated}>
            <Link to="/auth?mode=signin" className="font-medium underline underline-offset-4">
              Logga in med ditt nya lösenord.
            </Link>
          </FormAlert>
        ) : plain?.code === "INVALID_TOKEN" ? (
          <FormAlert title={AUTH_MESSAGES.linkExpired}>
            <Link to="/auth?mode=reset" className="font-medium underline underline-offset-4">
              Begär en ny länk för att återställa lösenordet.
            </Link>
          </FormAlert>
        ) : outcome && !outcome.ok && !outcome.fieldErrors ? (
          <FormAlert>{outcome.message}</FormAlert>
        ) : null}
      </div>
      <SubmitButton busy={form.busy} busyLabel="Sparar...">
        Uppdatera lösenord
      </SubmitButton>
    </form.Form>
  );
}
