/**
 * "Utbetalning" on /profile (docs/rules/selling.md#payout-details): the masked details with the
 * 24-hour notice, and the form that changes them (password, or a recent Steam/Google sign-in).
 */
import { useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Hourglass, ShieldCheck, Wallet } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { OpenFormButton } from "~/components/ui/open-form-button";
import { formatLongDateTime } from "~/lib/format";
import type { FieldErrors } from "~/lib/form-errors";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import { CRYPTO_NETWORK_LABELS, CRYPTO_NETWORKS } from "~/modules/selling/crypto-addresses";
import { PAYOUT_LABELS, PAYOUT_MESSAGES, PAYOUT_METHODS, payoutDetailsSchema, type PayoutMethod } from "~/modules/selling/payout-rules";

export interface PayoutSummaryView {
  method: PayoutMethod;
  label: string;
  masked: string;
  usableAt: string;
  usable: boolean;
  renewalRequired: boolean;
}

type PayoutResult =
  | { ok: true; intent: "payout-details"; summary: PayoutSummaryView }
  | { ok: false; intent?: string; message: string; fieldErrors?: FieldErrors; reauthenticate?: boolean; stepUpUrl?: string };

function Field(props: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  placeholder?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <FormField id={id} name={props.name} label={props.label} required error={props.error} hint={props.hint}>
      {(control) => (
        <Input {...control} maxLength={100} placeholder={props.placeholder} inputMode={props.inputMode} autoComplete={props.autoComplete ?? "off"} />
      )}
    </FormField>
  );
}

/** The search param that opens the form on a page without JavaScript (`/profile?utbetalning=andra`). */
const CHANGE_PARAM = "utbetalning";
const SAVED_TITLE = "Utbetalningsuppgifter sparade";
const savedText = (usableAt: string) => `Utbetalningar till de nya uppgifterna kan göras från ${formatLongDateTime(usableAt)}.`;

function payoutToast(result: PayoutResult): OutcomeToast {
  return result.ok
    ? { tone: "success", title: SAVED_TITLE, description: savedText(result.summary.usableAt) }
    : { tone: "error", title: "Kunde inte spara", description: result.message };
}

type PayoutForm = ReturnType<typeof useActionForm<PayoutResult>>;

/**
 * The card holds the form's hook (decision 033); its body is keyed by the details' usable time,
 * so after a change it starts again closed while the answer's toast and markup stay.
 */
export function PayoutDetailsCard({ summary, passwordSet }: { summary: PayoutSummaryView | null; passwordSet: boolean }) {
  // Checked with today's Stockholm date at the moment of checking: one schema per card is enough.
  const schema = useMemo(() => payoutDetailsSchema(), []);
  const form = useActionForm<PayoutResult>({ intent: "payout-details", schema, toast: payoutToast });
  return <PayoutDetailsBody key={summary?.usableAt ?? "none"} summary={summary} passwordSet={passwordSet} form={form} />;
}

function PayoutDetailsBody({ summary, passwordSet, form }: { summary: PayoutSummaryView | null; passwordSet: boolean; form: PayoutForm }) {
  const [searchParams] = useSearchParams();
  const outcome = form.outcome;
  const saved = form.fromPlainPost && outcome?.ok ? outcome : null;
  // Without JavaScript 'Ändra' asks the page for the form (`?utbetalning=andra`); once saved it is closed again.
  const [editing, setEditing] = useState(!summary || (!saved && searchParams.get(CHANGE_PARAM) === "andra"));
  const busy = form.busy;
  const errors: FieldErrors = form.fieldErrors;
  const failure = outcome && !outcome.ok && !outcome.fieldErrors ? outcome.message : null;
  const ids = { method: useId(), bank: useId(), network: useId(), password: useId() };

  return (
    <Card id="utbetalning" role="region" aria-labelledby="utbetalning-rubrik" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="utbetalning-rubrik" className="flex items-center gap-2">
            <Wallet className="size-5 text-primary" aria-hidden="true" />
            Utbetalning
          </h2>
        </CardTitle>
        <CardDescription>Vart vi betalar när du säljer skins. Uppgifterna sparas krypterade och visas bara maskerade.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {saved ? (
          <FormAlert tone="success" title={SAVED_TITLE}>
            {savedText(saved.summary.usableAt)}
          </FormAlert>
        ) : null}
        {summary ? (
          <div className="grid gap-3 rounded-lg border p-4" data-testid="payout-summary">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {summary.label} <span className="font-mono tracking-wider">{summary.masked}</span>
            </p>
            {summary.renewalRequired ? (
              <FormAlert tone="info" title="Ange nya uppgifter">
                {PAYOUT_MESSAGES.renewalRequired}
              </FormAlert>
            ) : summary.usable ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
                Klara att använda för utbetalningar.
              </p>
            ) : (
              <p className="flex items-start gap-2 text-sm" role="note">
                <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  Nya uppgifter: utbetalningar kan göras från{" "}
                  <time dateTime={summary.usableAt}>{formatLongDateTime(summary.usableAt)}</time>. Vi väntar 24 timmar
                  efter varje ändring som skydd för ditt konto.
                </span>
              </p>
            )}
            {!editing ? (
              <OpenFormButton action="/profile#utbetalning" param={CHANGE_PARAM} value="andra" onOpen={() => setEditing(true)}>
                <Button type="submit" variant="outline">
                  Ändra utbetalningsuppgifter
                </Button>
              </OpenFormButton>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Du har inga utbetalningsuppgifter ännu.</p>
        )}

        {editing ? (
          // Each method's fields show while that method is checked (CSS, so before JavaScript loads
          // too); the schema reads only the chosen method's fields.
          <form.Form method="post" noValidate onSubmit={form.onSubmit} className="group/payout grid gap-5" aria-label="Utbetalningsuppgifter">
            <input type="hidden" name="intent" value="payout-details" />
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium" id={ids.method}>
                Hur vill du få betalt?
              </legend>
              <div className="flex flex-wrap gap-2">
                {PAYOUT_METHODS.map((option) => (
                  <label
                    key={option}
                    className="flex cursor-pointer items-center gap-2 rounded-md border px-4 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                  >
                    <input type="radio" name="method" value={option} defaultChecked={(summary?.method ?? "swish") === option} />
                    {PAYOUT_LABELS[option]}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="hidden gap-5 group-has-[input[value=swish]:checked]/payout:grid sm:grid-cols-2">
              <Field name="swish_phone" label="Mobilnummer (Swish)" inputMode="tel" placeholder="070-123 45 67" error={errors.swish_phone} />
              <Field
                name="personnummer"
                label="Personnummer"
                inputMode="numeric"
                placeholder="ÅÅÅÅMMDD-XXXX"
                hint="Swish-utbetalningar kräver personnummer. Du måste ha fyllt 18 år."
                error={errors.personnummer}
              />
            </div>

            <div className="hidden gap-5 group-has-[input[value=bank]:checked]/payout:grid">
              <FormField id={ids.bank} name="bank_format" label="Kontotyp" error={errors.bank_format}>
                {(control) => (
                  <NativeSelect {...control} defaultValue="account">
                    <option value="account">Svenskt kontonummer (clearing + konto)</option>
                    <option value="iban">IBAN</option>
                  </NativeSelect>
                )}
              </FormField>
              <div className="hidden gap-5 group-has-[option[value=account]:checked]/payout:grid sm:grid-cols-[10rem_1fr]">
                <Field name="clearing_number" label="Clearingnummer" inputMode="numeric" placeholder="8327-9" error={errors.clearing_number} />
                <Field name="account_number" label="Kontonummer" inputMode="numeric" error={errors.account_number} />
              </div>
              <div className="hidden group-has-[option[value=iban]:checked]/payout:grid">
                <Field name="iban" label="IBAN" placeholder="SE45 5000 0000 0583 9825 7466" error={errors.iban} />
              </div>
            </div>

            <div className="hidden gap-5 group-has-[input[value=crypto]:checked]/payout:grid">
              <FormField id={ids.network} name="crypto_network" label="Nätverk" required error={errors.crypto_network}>
                {(control) => (
                  <NativeSelect {...control} defaultValue="">
                    <option value="" disabled>
                      Välj nätverk
                    </option>
                    {CRYPTO_NETWORKS.map((network) => (
                      <option key={network} value={network}>
                        {CRYPTO_NETWORK_LABELS[network]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <Field name="crypto_address" label="Adress" hint="Kontrollera adressen noga – krypto kan inte skickas tillbaka." error={errors.crypto_address} />
            </div>

            {passwordSet ? (
              <FormField id={ids.password} name="password" label="Ditt lösenord" required error={errors.password} hint="Vi ber om lösenordet varje gång utbetalningsuppgifterna ändras.">
                {(control) => <PasswordInput {...control} autoComplete="current-password" maxLength={128} />}
              </FormField>
            ) : (
              <p className="rounded-lg border bg-muted/40 p-3 text-sm">
                Ditt konto har inget lösenord. Du kan ändra uppgifterna inom 10 minuter efter att du loggat in med Steam eller
                Google; annars ber vi dig logga in igen.
              </p>
            )}

            {failure ? (
              <FormAlert>
                {failure}
                {outcome && !outcome.ok && outcome.stepUpUrl ? (
                  <>
                    {" "}
                    <Link to={outcome.stepUpUrl} className="font-medium underline underline-offset-4">
                      Bekräfta med din kod
                    </Link>
                  </>
                ) : null}
              </FormAlert>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {summary ? (
                <Button type="button" variant="outline" onClick={() => setEditing(false)} disabled={busy}>
                  Avbryt
                </Button>
              ) : null}
              <Button type="submit" disabled={busy}>
                {busy ? "Sparar..." : "Spara utbetalningsuppgifter"}
              </Button>
            </div>
            <p className="sr-only" aria-live="polite">
              {busy ? "Sparar utbetalningsuppgifterna" : ""}
            </p>
          </form.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
