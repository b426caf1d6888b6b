import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { Loader2, MailCheck } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { firstError } from "~/lib/validation";
import { AUTH_MESSAGES, resetRequestSchema } from "~/modules/accounts/auth-schemas";
import { FormField } from "~/components/ui/form-field";
import { FormAlert } from "~/components/ui/form-alert";
import type { AuthActionResult } from "./types";

/** Reset request (docs/rules/accounts.md#password-reset): form, then a sent view; 'Skicka igen' returns to the form. */
export function ResetRequestForm() {
  const fetcher = useFetcher<AuthActionResult>();
  const [email, setEmail] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<AuthActionResult | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" && fetcher.data !== dismissed ? fetcher.data : undefined;

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok) toast.success(AUTH_MESSAGES.resetSent, { description: "Om adressen har ett konto får du en länk inom kort." });
    else toast.error(data.message ?? AUTH_MESSAGES.resetFailed);
  }, [fetcher.data]);

  if (result?.ok) {
    return (
      <div className="grid gap-5 text-center" data-testid="reset-sent">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-7" aria-hidden="true" />
        </div>
        <div className="grid gap-2">
          <h2 className="text-xl font-bold">Kolla din inkorg</h2>
          <p className="text-muted-foreground">
            Om det finns ett konto för <strong className="break-all text-foreground">{result.email}</strong> har vi
            skickat en länk för att välja ett nytt lösenord. Länken gäller i 30 minuter och kan bara användas en gång.
          </p>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button type="button" variant="outline" onClick={() => setDismissed(fetcher.data)}>
            Skicka igen
          </Button>
          <Button asChild>
            <Link to="/auth?mode=signin">Tillbaka till inloggning</Link>
          </Button>
        </div>
      </div>
    );
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      const message = firstError(parsed.error);
      setLocalError(message);
      toast.error(message);
      return;
    }
    setLocalError(null);
    fetcher.submit({ intent: "reset", email: parsed.data.email }, { method: "post", action: "/auth" });
  }

  const serverError = result && !result.ok ? result.message : null;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Återställ lösenord">
      <p className="text-sm text-muted-foreground">
        Ange e-postadressen du registrerade dig med, så skickar vi en länk för att välja ett nytt lösenord.
      </p>
      <FormField id="reset-email" label="E-postadress" error={localError ?? undefined}>
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
      <div aria-live="polite" className="empty:hidden">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      </div>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {busy ? "Skickar..." : "Skicka återställningslänk"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth?mode=signin" className="font-medium text-primary underline-offset-4 hover:underline">
          Tillbaka till inloggning
        </Link>
      </p>
    </form>
  );
}
