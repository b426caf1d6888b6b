/**
 * The zod-free half of the validation path (docs/decisions/017-one-form-path.md): the messages
 * every form shares, a failed parse's messages per field, and a form's values as a plain object.
 * The browser's form hook reads these without loading zod with the page (decision 023).
 */
import type { z } from "zod";
import { formatNumber } from "./format";

export type FieldErrors = Partial<Record<string, string>>;

export const INPUT_MESSAGES = {
  badRequest: "Ogiltig förfrågan.",
  controlCharacters: "Fältet innehåller tecken som inte är tillåtna.",
  notText: "Ogiltigt värde.",
  tooLong: (max: number) => `Fältet får vara högst ${formatNumber(max)} tecken.`,
} as const;

/** The first message for each field (by top-level path). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The first message of a failed parse. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? INPUT_MESSAGES.badRequest;
}

/**
 * FormData → a plain object of strings (the last value wins; files are left out). The object
 * has no prototype, so a field named `__proto__` is only a field.
 */
export function formToObject(form: FormData): Record<string, string> {
  const result: Record<string, string> = Object.create(null);
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") result[key] = value;
  }
  return result;
}
