import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/validation";
import { AUTH_MESSAGES, signInSchema } from "~/modules/accounts/auth-schemas";
import { trackEvent } from "~/modules/analytics/analytics";
import { FormField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordInput } from "./password-input";
import type { AuthActionResult } from "./types";

interface LocalError {
  message: string;
  fields: FieldErrors;
}

export function SignInForm({ redirectTo, notice }: { redirectTo: string; notice?: React.ReactNode }) {
  const fetcher = useFetcher<AuthActionResult>();
  const resend = useFetcher<AuthActionResult>();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [localError, setLocalError] = useState<LocalError | null>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const serverError = result && !result.ok ? result : null;
  const unconfirmed = serverError?.code === "EMAIL_NOT_VERIFIED";

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok) {
      toast.success(AUTH_MESSAGES.signInSuccess);
      trackEvent("login", { method: "email" });
      navigate(data.redirectTo ?? "/", { replace: true });
    } else if (data.title) {
      toast.error(data.title, { description: data.message });
    } else {
      toast.error(data.message ?? AUTH_MESSAGES.signInFailed);
    }
  }, [fetcher.data, navigate]);

  useEffect(() => {
    const data = resend.data;
    if (!data) return;
    if (data.ok) toast.success(AUTH_MESSAGES.resendSent, { description: "Kolla din inkorg och klicka på länken." });
    else toast.error(data.title ?? AUTH_MESSAGES.resendFailedTitle, { description: data.message ?? AUTH_MESSAGES.resendFailed });
  }, [resend.data]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const message = firstError(parsed.error);
      setLocalError({ message, fields: fieldErrors(parsed.error) });
      toast.error(message);
      return;
    }
    setLocalError(null);
    fetcher.submit({ intent: "signin", email: parsed.data.email, password, redirectTo }, { method: "post", action: "/auth" });
  }

  const fields = localError?.fields ?? {};
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Logga in">
      {notice}
      <FormField id="signin-email" label="E-postadress" error={fields.email}>
        {(aria) => (
          <Input
            {...aria}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="namn@exempel.se"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="signin-password" label="Lösenord" error={fields.password}>
        {(aria) => (
          <PasswordInput
            {...aria}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Link to="/auth?mode=reset" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Glömt lösenordet?
        </Link>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {localError ? (
          <FormAlert>{localError.message}</FormAlert>
        ) : unconfirmed ? (
          <FormAlert title={AUTH_MESSAGES.emailNotConfirmed}>
            <p>{serverError.message}</p>
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-red-800 underline dark:text-red-200"
              disabled={resend.state !== "idle"}
              onClick={() => resend.submit({ intent: "resend", email }, { method: "post", action: "/auth" })}
            >
              {resend.state !== "idle" ? "Skickar..." : "Skicka bekräftelsemail igen"}
            </Button>
          </FormAlert>
        ) : serverError ? (
          <FormAlert>{serverError.message}</FormAlert>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {busy ? "Loggar in..." : "Logga in"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Har du inget konto?{" "}
        <Link to="/auth?mode=signup" replace className="font-medium text-primary underline-offset-4 hover:underline">
          Skapa konto
        </Link>
      </p>
    </form>
  );
}
