/**
 * "Bevaka priset" (docs/rules/selling.md#price-alerts) for one valued item or the whole
 * inventory: a target in kronor, and a visitor's e-mail address. A disclosure, so the list stays
 * short; the one client form path, so it also works as a plain POST.
 */
import { useId } from "react";
import { BellRing } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useActionForm, type FormOutcome } from "~/lib/use-action-form";
import { priceAlertSchema } from "~/modules/selling/price-alert-schema";

function priceAlertIntent(assetId: string | null): string {
  return assetId ? `alert:${assetId}` : "alert:inventory";
}

export function PriceAlertForm({ steam, assetId, signedIn, label }: { steam: string; assetId: string | null; signedIn: boolean; label: string }) {
  const id = useId();
  const intent = priceAlertIntent(assetId);
  const form = useActionForm<FormOutcome>({ intent, schema: priceAlertSchema, key: intent });
  const failure = form.outcome && !form.outcome.ok ? form.outcome.message : null;
  return (
    <details className="group text-sm" open={form.outcome ? true : undefined} data-testid="price-alert">
      <summary className="inline-flex cursor-pointer items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
        <BellRing className="size-4" aria-hidden="true" />
        Bevaka priset<span className="sr-only"> för {label}</span>
      </summary>
      {form.outcome?.ok ? (
        <p className="mt-2 rounded-md bg-primary/5 p-2" role="status">
          {form.outcome.message}
        </p>
      ) : (
        <form.Form method="post" onSubmit={form.onSubmit} className="mt-2 grid max-w-sm gap-2" noValidate>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="steam" value={steam} />
          {assetId ? <input type="hidden" name="assetId" value={assetId} /> : null}
          <Label htmlFor={`${id}-mal`}>Meddela mig när ni betalar minst (kr)</Label>
          <Input id={`${id}-mal`} name="target" inputMode="decimal" autoComplete="off" required aria-invalid={form.fieldErrors.target ? true : undefined} />
          {signedIn ? null : (
            <>
              <Label htmlFor={`${id}-epost`}>Din e-postadress</Label>
              <Input id={`${id}-epost`} name="email" type="email" autoComplete="email" required />
            </>
          )}
          {failure ? (
            <p className="text-destructive" role="alert">
              {failure}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="outline" disabled={form.busy} className="justify-self-start">
            Bevaka
          </Button>
        </form.Form>
      )}
    </details>
  );
}
