/**
 * "Radera konto" on /profile (docs/rules/accounts.md#deleting-the-account): what a deletion
 * erases and what the bookkeeping law keeps, and a dialog where the member types the
 * confirmation word. Without JavaScript the button asks the page for the form
 * (`/profile?radera-konto=1`), which then posts as a plain form.
 */
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { AlertTriangle, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { OpenFormButton } from "~/components/ui/open-form-button";
import { useActionForm } from "~/lib/use-action-form";
import {
  ACCOUNT_DELETION_ERASED,
  ACCOUNT_DELETION_KEPT,
  ACCOUNT_DELETION_KEPT_REASON,
  accountDeletionSchema,
  DELETE_CONFIRMATION_WORD,
} from "~/modules/accounts/account-deletion";

type DeletionResult = { ok: false; intent?: string; message: string; stepUpUrl?: string; reauthenticate?: boolean };

const OPEN_PARAM = "radera-konto";
const TITLE = "Radera kontot för alltid?";

export function DeleteAccountCard() {
  const [searchParams] = useSearchParams();
  const form = useActionForm<DeletionResult>({
    intent: "delete-account",
    schema: accountDeletionSchema,
    toast: (result) => ({ tone: "error", title: "Kontot raderades inte", description: result.message }),
  });
  // Without JavaScript the form is part of the card; a refused plain post shows it again.
  const inline = searchParams.get(OPEN_PARAM) === "1" || (form.fromPlainPost && form.outcome !== undefined);
  const [open, setOpen] = useState(false);

  return (
    <Card id="radera-konto" role="region" aria-labelledby="radera-konto-rubrik" className="scroll-mt-24 border-destructive/50">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="radera-konto-rubrik" className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
            Radera konto
          </h2>
        </CardTitle>
        <CardDescription>Raderingen går inte att ångra. Pågående säljordrar måste vara betalda eller avbrutna först.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-5 md:grid-cols-2">
          <section aria-labelledby="raderas-rubrik" className="grid content-start gap-2">
            <h3 id="raderas-rubrik" className="text-sm font-semibold">
              Det här raderas
            </h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {ACCOUNT_DELETION_ERASED.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="sparas-rubrik" className="grid content-start gap-2">
            <h3 id="sparas-rubrik" className="text-sm font-semibold">
              Det här sparas i sju år
            </h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {ACCOUNT_DELETION_KEPT.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">{ACCOUNT_DELETION_KEPT_REASON}</p>
          </section>
        </div>
        {inline ? (
          <DeletionForm form={form} />
        ) : (
          <OpenFormButton action="/profile#radera-konto" param={OPEN_PARAM} value="1" onOpen={() => setOpen(true)}>
            <Button type="submit" variant="destructive" aria-haspopup="dialog">
              <Trash2 className="size-4" aria-hidden="true" />
              Radera mitt konto
            </Button>
          </OpenFormButton>
        )}
        <Dialog open={open && !inline} onOpenChange={(next) => !form.busy && setOpen(next)}>
          <DialogContent className="sm:max-w-md" data-testid="delete-account-dialog">
            <DialogHeader>
              <DialogTitle>{TITLE}</DialogTitle>
              <DialogDescription>
                Ditt konto och dina personuppgifter raderas och du loggas ut. Avräkningsnotor och utbetalningar sparas i sju år
                enligt bokföringslagen.
              </DialogDescription>
            </DialogHeader>
            <DeletionForm form={form} onCancel={() => setOpen(false)} />
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function DeletionForm({ form, onCancel }: { form: ReturnType<typeof useActionForm<DeletionResult>>; onCancel?: () => void }) {
  const id = useId();
  const outcome = form.outcome;
  const failure = outcome && !outcome.ok ? outcome : null;
  return (
    <form.Form method="post" noValidate onSubmit={form.onSubmit} className="grid gap-4" aria-label="Radera konto">
      <input type="hidden" name="intent" value="delete-account" />
      <FormField
        id={id}
        name="confirmation"
        label={`Skriv ${DELETE_CONFIRMATION_WORD} för att bekräfta`}
        required
        error={form.fieldErrors.confirmation}
      >
        {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />}
      </FormField>
      {failure && !form.fieldErrors.confirmation ? (
        <FormAlert>
          {failure.message}
          {failure.stepUpUrl ? (
            <>
              {" "}
              <Link to={failure.stepUpUrl} className="font-medium underline underline-offset-4">
                Bekräfta att det är du
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={form.busy}>
            Avbryt
          </Button>
        ) : null}
        <Button type="submit" variant="destructive" disabled={form.busy}>
          {form.busy ? "Raderar..." : "Radera kontot"}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {form.busy ? "Raderar kontot" : ""}
      </p>
    </form.Form>
  );
}
