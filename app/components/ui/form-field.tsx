import { Label } from "~/components/ui/label";

export interface FieldControlProps {
  id: string;
  name?: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

/**
 * The one labelled form field (docs/decisions/017-one-form-path.md): label, control, hint and
 * the field's error, wired together with aria-describedby / aria-invalid. The label's id is
 * `<id>-label`: a control that is not a form element (the rich-text editor) sets `textLabel`, so
 * the label is text its `aria-labelledby` names rather than a `<label for>`. The control is
 * rendered by the caller from the props it is handed (Input, Textarea, PasswordInput, …), so
 * every form shows a field's message the same way: once, next to the field.
 */
export function FormField({
  id,
  name,
  label,
  required,
  optional,
  error,
  hint,
  textLabel,
  children,
}: {
  id: string;
  /** The form field name, passed to the control. */
  name?: string;
  label: string;
  /** Marks the field with a red asterisk (aria-hidden) and aria-required. */
  required?: boolean;
  /** Adds "(valfritt)" to the label. */
  optional?: boolean;
  error?: string;
  hint?: React.ReactNode;
  /** The control is not a form element (a `<label for>` may only name one): the label is text. */
  textLabel?: boolean;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const labelText = (
    <>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
      {optional ? <span className="font-normal text-muted-foreground">(valfritt)</span> : null}
    </>
  );
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <Label htmlFor={textLabel ? undefined : id} id={`${id}-label`} asChild={textLabel}>
        {textLabel ? (
          <span>
            {labelText}
          </span>
        ) : (
          labelText
        )}
      </Label>
      {children({
        id,
        name,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy || undefined,
        "aria-required": required || undefined,
      })}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
