/** Subject and body of a campaign, posted with `intent` (docs/rules/newsletter.md#campaigns). */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Save } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { CAMPAIGN } from "~/modules/newsletter/newsletter-constants";
import { CampaignBodyField } from "./campaign-body-field";

export interface CampaignFormFailure {
  title?: string;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
}

export function CampaignForm({
  initial,
  failure,
  submitLabel,
  intent,
}: {
  initial: { subject: string; body: string };
  failure: CampaignFormFailure | null;
  submitLabel: string;
  intent?: string;
}) {
  const [body, setBody] = useState(initial.body);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && (!intent || navigation.formData?.get("intent") === intent);
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6" noValidate data-testid="campaign-form">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {failure ? (
        <FormAlert tone="error" title={failure.title}>
          {failure.message}
        </FormAlert>
      ) : null}
      <FormField id="campaign-subject" name="subject" label="Ämnesrad" required error={errors.subject}>
        {(control) => (
          <Input {...control} defaultValue={initial.subject} maxLength={CAMPAIGN.subjectMax} autoComplete="off" data-testid="campaign-subject" />
        )}
      </FormField>
      <FormField
        id="campaign-body"
        label="Innehåll"
        textLabel
        required
        error={errors.body}
        hint="Rubriker, stycken, listor, citat, länkar, bilder och tabeller. Annat tas bort när kampanjen sparas."
      >
        {(control) => <CampaignBodyField name="body" value={body} onChange={setBody} control={control} />}
      </FormField>
      <div>
        <Button type="submit" disabled={saving} data-testid="campaign-save">
          <Save className="size-4" aria-hidden="true" />
          {saving ? "Sparar …" : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
