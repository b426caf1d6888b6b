import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/form-field";

/** The account forms' "E-postadress" field (sign-in, reset request). */
export function EmailField({
  id,
  error,
  value,
  onChange,
}: {
  id: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label="E-postadress" error={error}>
      {(aria) => (
        <Input
          {...aria}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="namn@exempel.se"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
