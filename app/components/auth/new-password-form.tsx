import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/validation";
import { AUTH_MESSAGES, newPasswordSchema } from "~/modules/accounts/auth-schemas";
import { FormField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordChecklist } from "./password-checklist";
import { PasswordInput } from "./password-input";
import type { AuthActionResult } from "./types";

/** mode=reset-password: a new password with the sign-up rule and checklist (docs/rules/accounts.md#passwords). */
export function NewPasswordForm({ token }: { token: string }) {
  const fetcher = useFetcher<AuthActionResult>();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [localError, setLocalError] = useState<{ message: string; fields: FieldErrors } | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok) {
      toast.success(AUTH_MESSAGES.passwordUpdated, { description: "Logga in med ditt nya lösenord." });
      navigate("/auth?mode=signin", { replace: true });
    } else if (data.code === "INVALID_TOKEN") {
      toast.error(AUTH_MESSAGES.linkExpired, { description: "Begär en ny länk för att återställa lösenordet." });
      navigate("/auth?mode=reset", { replace: true });
    } else {
      toast.error(data.message ?? AUTH_MESSAGES.passwordUpdateFailed);
    }
  }, [fetcher.data, navigate]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse({ password, confirmPassword, token });
    if (!parsed.success) {
      const message = firstError(parsed.error);
      setLocalError({ message, fields: fieldErrors(parsed.error) });
      toast.error(message);
      return;
    }
    setLocalError(null);
    fetcher.submit({ intent: "reset-password", password, confirmPassword, token }, { method: "post", action: "/auth" });
  }

  const fields = localError?.fields ?? {};
  const serverError = result && !result.ok ? result.message : null;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Välj nytt lösenord">
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
        {!localError && serverError ? <FormAlert>{serverError}</FormAlert> : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {busy ? "Sparar..." : "Uppdatera lösenord"}
      </Button>
    </form>
  );
}
