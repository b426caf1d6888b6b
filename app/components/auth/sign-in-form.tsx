import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { useActionForm } from "~/lib/use-action-form";
import { AUTH_MESSAGES, signInSchema } from "~/modules/accounts/auth-schemas";
import { trackEvent } from "~/modules/analytics/analytics";
import { FormField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form-alert";
import { PasswordInput } from "./password-input";
import { EmailField } from "./email-field";
import { SubmitButton } from "./submit-button";
import type { AuthActionResult } from "./types";

/** The code step of a sign-in with two-factor (decision 046). */
function twoFactorStepUrl(redirectTo: string | undefined): string {
  return `/auth?mode=two-factor&redirectTo=${encodeURIComponent(redirectTo ?? "/")}`;
}

function signInToast(data: AuthActionResult) {
  if (data.ok && data.twoFactor) return null;
  if (data.ok) return { tone: "success" as const, title: AUTH_MESSAGES.signInSuccess };
  if (data.title) return { tone: "error" as const, title: data.title, description: data.message };
  return { tone: "error" as const, title: data.message ?? AUTH_MESSAGES.signInFailed };
}

const RESEND_SENT = "Kolla din inkorg och klicka på länken.";

function resendToast(data: AuthActionResult) {
  return data.ok
    ? { tone: "success" as const, title: AUTH_MESSAGES.resendSent, description: RESEND_SENT }
    : { tone: "error" as const, title: data.title ?? AUTH_MESSAGES.resendFailedTitle, description: data.message ?? AUTH_MESSAGES.resendFailed };
}

export function SignInForm({ redirectTo, notice }: { redirectTo: string; notice?: React.ReactNode }) {
  const navigate = useNavigate();
  const form = useActionForm<AuthActionResult>({
    intent: "signin",
    schema: signInSchema,
    toast: signInToast,
    onOutcome: (data) => {
      if (!data.ok) return;
      if (data.twoFactor) {
        void navigate(twoFactorStepUrl(data.redirectTo), { replace: true });
        return;
      }
      trackEvent("login", { method: "email" });
      void navigate(data.redirectTo ?? "/", { replace: true });
    },
  });
  const resend = useActionForm<AuthActionResult>({ intent: "resend", toast: resendToast });
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const outcome = form.outcome;
  const fields = form.fieldErrors;
  const unconfirmed = outcome && !outcome.ok && outcome.code === "EMAIL_NOT_VERIFIED";

  return (
    <>
      {/* Its own small form (a form cannot hold another): the button belongs to it by its `form`
          attribute, so "send again" posts without JavaScript too. */}
      <resend.Form id={RESEND_FORM} method="post" onSubmit={resend.onSubmit} hidden>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email || outcome?.email || ""} />
      </resend.Form>
      <form.Form method="post" noValidate onSubmit={form.onSubmit} className="grid gap-4" aria-label="Logga in">
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {notice}
        <EmailField id="signin-email" error={fields.email} value={email} onChange={setEmail} />
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
          {resend.outcome ? (
            <ResendOutcome outcome={resend.outcome} />
          ) : !outcome ? null : outcome.ok ? (
            // Only after a sign-in posted without JavaScript; with it the visitor is sent on at once.
            form.fromPlainPost && outcome.twoFactor ? (
              <FormAlert tone="success" title="Ange din kod">
                <Link to={twoFactorStepUrl(outcome.redirectTo)} className="font-medium underline underline-offset-4">
                  Fortsätt till koden
                </Link>
              </FormAlert>
            ) : form.fromPlainPost ? (
              <FormAlert tone="success" title={AUTH_MESSAGES.signInSuccess}>
                <Link to={outcome.redirectTo ?? "/"} className="font-medium underline underline-offset-4">
                  Fortsätt
                </Link>
              </FormAlert>
            ) : null
          ) : unconfirmed ? (
            <FormAlert title={AUTH_MESSAGES.emailNotConfirmed}>
              <p>{outcome.message}</p>
              <Button
                type="submit"
                form={RESEND_FORM}
                variant="link"
                className="h-auto p-0 text-red-800 underline dark:text-red-200"
                disabled={resend.busy}
              >
                {resend.busy ? "Skickar..." : "Skicka bekräftelsemail igen"}
              </Button>
            </FormAlert>
          ) : (
            <FormAlert>{outcome.message}</FormAlert>
          )}
        </div>
        <SubmitButton busy={form.busy} busyLabel="Loggar in...">
          Logga in
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          Har du inget konto?{" "}
          <Link to="/auth?mode=signup" replace className="font-medium text-primary underline-offset-4 hover:underline">
            Skapa konto
          </Link>
        </p>
      </form.Form>
    </>
  );
}

const RESEND_FORM = "signin-resend";

/** The resend's answer as markup; with JavaScript the toast says it as well. */
function ResendOutcome({ outcome }: { outcome: AuthActionResult }) {
  return outcome.ok ? (
    <FormAlert tone="success" title={AUTH_MESSAGES.resendSent}>
      {RESEND_SENT}
    </FormAlert>
  ) : (
    <FormAlert title={outcome.title ?? AUTH_MESSAGES.resendFailedTitle}>{outcome.message ?? AUTH_MESSAGES.resendFailed}</FormAlert>
  );
}
