/**
 * The influencer form (create in a dialog on the list, edit on the detail page): name, code,
 * contact and an optional commission. The code is upper-cased as it is typed; the server
 * checks everything again with the same schema (docs/rules/admin.md#influencers).
 */
import { Form } from "react-router";
import { Save } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { INFLUENCER_LIMITS } from "~/modules/influencers/influencer-schema";
import type { Influencer } from "~/modules/influencers/influencers.server";

export interface InfluencerFormFailure {
  ok: false;
  message: string;
  title?: string;
  fieldErrors?: Partial<Record<string, string>>;
}

export function InfluencerForm({
  intent,
  influencer,
  failure,
  busy,
  submitLabel,
}: {
  intent: "create" | "update";
  influencer?: Influencer;
  failure: InfluencerFormFailure | null;
  busy: boolean;
  submitLabel: string;
}) {
  const errors = failure?.fieldErrors ?? {};
  const prefix = `influencer-${intent}`;
  return (
    <Form method="post" className="grid gap-4" noValidate data-testid={`${prefix}-form`}>
      <input type="hidden" name="intent" value={intent} />
      {failure ? (
        <FormAlert tone="error" title={failure.title}>
          {failure.message}
        </FormAlert>
      ) : null}
      <FormField id={`${prefix}-name`} name="name" label="Namn" required error={errors.name}>
        {(control) => <Input {...control} defaultValue={influencer?.name ?? ""} maxLength={INFLUENCER_LIMITS.name} autoComplete="off" />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-code`}
          name="referralCode"
          label="Kod"
          required
          error={errors.referralCode}
          hint={`${REFERRAL.codeMinLength}–${REFERRAL.codeMaxLength} tecken, A–Z och 0–9.`}
        >
          {(control) => (
            <Input
              {...control}
              defaultValue={influencer?.referralCode ?? ""}
              maxLength={REFERRAL.codeMaxLength}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono uppercase"
              onChange={(event) => {
                const input = event.currentTarget;
                const upper = input.value.toUpperCase();
                if (upper !== input.value) input.value = upper;
              }}
            />
          )}
        </FormField>
        <FormField
          id={`${prefix}-commission`}
          name="commissionPercent"
          label="Provision (%)"
          optional
          error={errors.commissionPercent}
          hint="Andel av värvade medlemmars genomförda affärer."
        >
          {(control) => (
            <Input {...control} inputMode="decimal" defaultValue={influencer?.commissionPercent === null || !influencer ? "" : String(influencer.commissionPercent).replace(".", ",")} autoComplete="off" />
          )}
        </FormField>
      </div>
      <FormField id={`${prefix}-contact`} name="contact" label="Kontakt" optional error={errors.contact} hint="E-post, telefon eller konto i sociala medier.">
        {(control) => <Input {...control} defaultValue={influencer?.contact ?? ""} maxLength={INFLUENCER_LIMITS.contact} autoComplete="off" />}
      </FormField>
      <Button type="submit" disabled={busy} className="justify-self-start" data-testid={`${prefix}-submit`}>
        <Save className="size-4" aria-hidden="true" />
        {busy ? "Sparar..." : submitLabel}
      </Button>
    </Form>
  );
}
