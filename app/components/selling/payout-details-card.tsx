/**
 * "Utbetalning" on /profile (docs/rules/selling.md#payout-details): the masked details with the
 * 24-hour notice, and the form that changes them (password, or a recent Steam/Google sign-in).
 */
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { PasswordInput } from "~/components/auth/password-input";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Hourglass, ShieldCheck, Wallet } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { formatLongDateTime } from "~/lib/format";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { fieldErrors as zodFieldErrors, type FieldErrors } from "~/lib/validation";
import { CRYPTO_NETWORK_LABELS, CRYPTO_NETWORKS } from "~/modules/selling/crypto-addresses";
import { PAYOUT_LABELS, PAYOUT_METHODS, payoutDetailsSchema, type PayoutMethod } from "~/modules/selling/payout-rules";

export interface PayoutSummaryView {
  method: PayoutMethod;
  label: string;
  masked: string;
  usableAt: string;
  usable: boolean;
}

type PayoutResult =
  | { ok: true; intent: "payout-details"; summary: PayoutSummaryView }
  | { ok: false; message: string; fieldErrors?: FieldErrors; reauthenticate?: boolean };

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

export function PayoutDetailsCard({ summary, passwordSet }: { summary: PayoutSummaryView | null; passwordSet: boolean }) {
  const fetcher = useFetcher<PayoutResult>();
  const [editing, setEditing] = useState(!summary);
  const [method, setMethod] = useState<PayoutMethod>(summary?.method ?? "swish");
  const [bankFormat, setBankFormat] = useState<"account" | "iban">("account");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const ids = { method: useId(), bank: useId(), network: useId(), password: useId() };

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success("Utbetalningsuppgifter sparade", {
        description: `Utbetalningar till de nya uppgifterna kan göras från ${formatLongDateTime(result.summary.usableAt)}.`,
      });
      // The page's data follows, and the card is keyed by the new usable time: it starts again closed.
    } else {
      toast.error("Kunde inte spara", { description: result.message });
    }
  });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = payoutDetailsSchema().safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setClientErrors(found);
      formRef.current?.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setClientErrors({});
    form.set("intent", "payout-details");
    void fetcher.submit(form, { method: "post" });
  }

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
        {summary ? (
          <div className="grid gap-3 rounded-lg border p-4" data-testid="payout-summary">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {summary.label} <span className="font-mono tracking-wider">{summary.masked}</span>
            </p>
            {summary.usable ? (
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
              <div>
                <Button type="button" variant="outline" onClick={() => setEditing(true)}>
                  Ändra utbetalningsuppgifter
                </Button>
              </div>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Du har inga utbetalningsuppgifter ännu.</p>
        )}

        {editing ? (
          <form ref={formRef} method="post" noValidate onSubmit={submit} className="grid gap-5" aria-label="Utbetalningsuppgifter">
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
                    <input type="radio" name="method" value={option} checked={method === option} onChange={() => setMethod(option)} />
                    {PAYOUT_LABELS[option]}
                  </label>
                ))}
              </div>
            </fieldset>

            {method === "swish" ? (
              <div className="grid gap-5 sm:grid-cols-2">
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
            ) : null}

            {method === "bank" ? (
              <div className="grid gap-5">
                <FormField id={ids.bank} name="bank_format" label="Kontotyp" error={errors.bank_format}>
                  {(control) => (
                    <NativeSelect {...control} value={bankFormat} onChange={(event) => setBankFormat(event.target.value === "iban" ? "iban" : "account")}>
                      <option value="account">Svenskt kontonummer (clearing + konto)</option>
                      <option value="iban">IBAN</option>
                    </NativeSelect>
                  )}
                </FormField>
                {bankFormat === "account" ? (
                  <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
                    <Field name="clearing_number" label="Clearingnummer" inputMode="numeric" placeholder="8327-9" error={errors.clearing_number} />
                    <Field name="account_number" label="Kontonummer" inputMode="numeric" error={errors.account_number} />
                  </div>
                ) : (
                  <Field name="iban" label="IBAN" placeholder="SE45 5000 0000 0583 9825 7466" error={errors.iban} />
                )}
              </div>
            ) : null}

            {method === "crypto" ? (
              <div className="grid gap-5">
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
            ) : null}

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
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
