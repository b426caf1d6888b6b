/**
 * "Säkerhet" on /profile (docs/rules/accounts.md#changing-the-password): two-factor sign-in's
 * state with the way to its setup, and the password — changed with the current one (every other
 * device is signed out), or a first one for an account made with Steam or Google.
 */
import { useState } from "react";
import { Link } from "react-router";
import { PasswordChecklist } from "~/components/auth/password-checklist";
import { PasswordInput } from "~/components/auth/password-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { KeyRound, ShieldCheck } from "~/components/ui/icons";
import { useActionForm, type FormOutcome, type OutcomeToast } from "~/lib/use-action-form";
import { changePasswordSchema, setPasswordSchema } from "~/modules/accounts/auth-schemas";
import { TWO_FACTOR_PATHS } from "~/modules/accounts/accounts-constants";

type PasswordOutcome = FormOutcome & { reauthenticate?: boolean };

function passwordToast(result: PasswordOutcome): OutcomeToast {
  return result.ok
    ? { tone: "success", title: result.title ?? "Sparat", description: result.message }
    : { tone: "error", title: "Kunde inte spara", description: result.message };
}

function PasswordForm({ passwordSet }: { passwordSet: boolean }) {
  const intent = passwordSet ? "password-change" : "password-set";
  const [password, setPassword] = useState("");
  // A saved password empties the form: the form's key counts the saves.
  const [saves, setSaves] = useState(0);
  const form = useActionForm<PasswordOutcome>({
    intent,
    schema: passwordSet ? changePasswordSchema : setPasswordSchema,
    toast: passwordToast,
    onOutcome: (result) => {
      if (!result.ok) return;
      setPassword("");
      setSaves((count) => count + 1);
    },
  });
  const fields = form.fieldErrors;
  const outcome = form.outcome;
  const failure = outcome && !outcome.ok && !outcome.fieldErrors ? outcome.message : null;
  return (
    <form.Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      className="grid max-w-md gap-4"
      aria-label={passwordSet ? "Byt lösenord" : "Välj ett lösenord"}
      key={saves}
    >
      <input type="hidden" name="intent" value={intent} />
      {passwordSet ? (
        <FormField id="current-password" label="Nuvarande lösenord" error={fields.currentPassword}>
          {(aria) => <PasswordInput {...aria} name="currentPassword" autoComplete="current-password" />}
        </FormField>
      ) : null}
      <FormField id="profile-new-password" label="Nytt lösenord" error={fields.password} hint={<PasswordChecklist password={password} />}>
        {(aria) => (
          <PasswordInput {...aria} name="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </FormField>
      <FormField id="profile-new-password-confirm" label="Bekräfta nytt lösenord" error={fields.confirmPassword}>
        {(aria) => <PasswordInput {...aria} name="confirmPassword" autoComplete="new-password" />}
      </FormField>
      <div aria-live="polite" className="empty:hidden">
        {failure ? (
          <FormAlert tone={outcome?.reauthenticate ? "info" : "error"}>
            {failure}
            {outcome?.reauthenticate ? (
              <>
                {" "}
                <Link to={`${TWO_FACTOR_PATHS.stepUp}?redirectTo=${encodeURIComponent("/profile#sakerhet")}`} className="font-medium underline underline-offset-4">
                  Bekräfta att det är du
                </Link>
              </>
            ) : null}
          </FormAlert>
        ) : null}
        {outcome?.ok && form.fromPlainPost ? (
          <FormAlert tone="success" title={outcome.title}>
            {outcome.message}
          </FormAlert>
        ) : null}
      </div>
      <Button type="submit" className="justify-self-start" disabled={form.busy}>
        <KeyRound aria-hidden="true" />
        {form.busy ? "Sparar…" : passwordSet ? "Byt lösenord" : "Spara lösenord"}
      </Button>
    </form.Form>
  );
}

export function SecurityCard({ passwordSet, twoFactorEnabled }: { passwordSet: boolean; twoFactorEnabled: boolean }) {
  return (
    <Card id="sakerhet" role="region" aria-labelledby="sakerhet-rubrik" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="sakerhet-rubrik" className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
            Säkerhet
          </h2>
        </CardTitle>
        <CardDescription>Lösenord och tvåstegsverifiering för ditt konto.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="tvasteg-rubrik" className="grid gap-2 rounded-lg border p-4">
          <h3 id="tvasteg-rubrik" className="flex flex-wrap items-center gap-2 font-medium">
            Tvåstegsverifiering
            <Badge variant={twoFactorEnabled ? "default" : "secondary"}>{twoFactorEnabled ? "På" : "Av"}</Badge>
          </h3>
          <p className="text-sm text-muted-foreground">
            {twoFactorEnabled
              ? "Du anger en kod från din autentiseringsapp när du loggar in."
              : "Skydda kontot med en kod från en autentiseringsapp när du loggar in."}
          </p>
          {twoFactorEnabled ? null : (
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={TWO_FACTOR_PATHS.setup}>Slå på tvåstegsverifiering</Link>
            </Button>
          )}
        </section>
        <section aria-labelledby="losenord-rubrik" className="grid gap-3">
          <h3 id="losenord-rubrik" className="font-medium">
            {passwordSet ? "Byt lösenord" : "Välj ett lösenord"}
          </h3>
          <p className="text-sm text-muted-foreground">
            {passwordSet
              ? "Ange ditt nuvarande lösenord och ett nytt. Alla andra enheter loggas ut och vi skickar ett mejl om bytet."
              : "Du loggar in med Steam eller Google. Välj ett lösenord för att också kunna logga in med e-post. Logga in med Steam eller Google igen först om det var mer än 10 minuter sedan."}
          </p>
          <PasswordForm passwordSet={passwordSet} />
        </section>
      </CardContent>
    </Card>
  );
}
