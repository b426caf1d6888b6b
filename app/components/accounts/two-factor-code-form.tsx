/**
 * The code a second factor asks for (decision 046): six digits from the authenticator app, or
 * "Använd en reservkod" for one of the backup codes. A plain form post, so it works without
 * JavaScript; the server checks and limits every attempt.
 */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { SubmitButton } from "~/components/auth/submit-button";

export function TwoFactorCodeForm({
  intent,
  redirectTo,
  action,
  error,
  submitLabel,
  allowBackupCode = true,
}: {
  intent: string;
  redirectTo: string;
  /** The route to post to (the current one when unset). */
  action?: string;
  error?: string;
  submitLabel: string;
  allowBackupCode?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [backup, setBackup] = useState(false);
  return (
    <Form method="post" action={action} className="grid gap-4" aria-label={backup ? "Reservkod" : "Verifieringskod"}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField
        id={`${intent}-code`}
        label={backup ? "Reservkod" : "Kod från autentiseringsappen"}
        error={error}
        hint={backup ? "En av reservkoderna du sparade, t.ex. abcde-12345. Varje kod fungerar en gång." : "Sex siffror som byts var 30:e sekund."}
      >
        {(aria) => (
          <Input
            {...aria}
            key={backup ? "backup" : "totp"}
            name="code"
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            maxLength={backup ? 11 : 6}
            autoFocus
            required
            data-testid="two-factor-code"
          />
        )}
      </FormField>
      <SubmitButton busy={busy} busyLabel="Kontrollerar...">
        {submitLabel}
      </SubmitButton>
      {allowBackupCode ? (
        <Button type="button" variant="link" className="h-auto justify-self-center p-0" onClick={() => setBackup((value) => !value)}>
          {backup ? "Använd koden från appen" : "Använd en reservkod"}
        </Button>
      ) : null}
    </Form>
  );
}

/** The otpauth QR code as SVG, drawn from the modules the server computed. */
export function QrCode({ modules, label }: { modules: boolean[][]; label: string }) {
  const size = modules.length;
  let path = "";
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className="size-48 rounded-md bg-white p-1" shapeRendering="crispEdges">
      <path d={path} fill="#000" />
    </svg>
  );
}
