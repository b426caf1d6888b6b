/**
 * A campaign's body (HTML). A plain textarea for now; a rich-text editor will take its place,
 * so the interface stays this small: the form field's name, the value and a change handler.
 * The server sanitises whatever is posted (docs/rules/newsletter.md#campaigns).
 */
import { CAMPAIGN } from "~/constants";
import type { FieldControlProps } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";

export interface CampaignBodyFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The label wiring FormField hands its control. */
  control?: Partial<FieldControlProps>;
}

export function CampaignBodyField({ name, value, onChange, control }: CampaignBodyFieldProps) {
  return (
    <Textarea
      {...control}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={CAMPAIGN.bodyMax}
      rows={14}
      spellCheck
      className="min-h-64 font-mono text-sm"
      placeholder="<h2>Rubrik</h2>&#10;<p>Text …</p>"
      data-testid="campaign-body"
    />
  );
}
