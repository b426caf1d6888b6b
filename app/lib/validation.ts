/**
 * The one validation path's isomorphic half (docs/decisions/017-one-form-path.md): turning
 * zod results into the Swedish messages the schemas carry, the rule every text value obeys
 * (no control characters), and the building blocks schemas use for text fields, so client
 * forms and server actions refuse the same input with the same words.
 */
import { z } from "~/lib/zod";
import { hasControlCharacters } from "./control-characters";
import { formatNumber } from "./format";

export type FieldErrors = Partial<Record<string, string>>;

export const INPUT_MESSAGES = {
  badRequest: "Ogiltig förfrågan.",
  controlCharacters: "Fältet innehåller tecken som inte är tillåtna.",
  notText: "Ogiltigt värde.",
  tooLong: (max: number) => `Fältet får vara högst ${formatNumber(max)} tecken.`,
} as const;

/**
 * The first field (top-level key) of an input whose text holds a control character; line
 * breaks pass here (a message may have them) and single-line fields refuse them in their schema.
 */
export function controlCharacterField(input: Record<string, unknown>): string | null {
  const visit = (value: unknown, depth: number): boolean => {
    if (typeof value === "string") return hasControlCharacters(value, { allowLineBreaks: true });
    if (depth > 8 || value === null || typeof value !== "object") return false;
    return Object.values(value).some((item) => visit(item, depth + 1));
  };
  for (const [key, value] of Object.entries(input)) {
    if (hasControlCharacters(key) || visit(value, 0)) return key;
  }
  return null;
}

/**
 * A text field: a string (any other type is refused), trimmed unless `trim: false`, at most
 * `max` characters (docs/rules/http.md#text-limits), without control characters; a single-line
 * field refuses line breaks too.
 */
export function textField(max: number, options: { multiline?: boolean; trim?: boolean; tooLong?: string } = {}) {
  const base = z.string({ error: INPUT_MESSAGES.notText });
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed
    .max(max, options.tooLong ?? INPUT_MESSAGES.tooLong(max))
    .refine((value) => !hasControlCharacters(value, { allowLineBreaks: options.multiline }), INPUT_MESSAGES.controlCharacters);
}

/**
 * A text field whose missing or non-text value counts as empty, for forms whose own
 * "fill in all fields" message answers an empty field (sign-up, sign-in, reset).
 */
export function lenientTextField(max: number, options: { trim?: boolean } = {}) {
  return z.preprocess((value) => (typeof value === "string" ? value : ""), textField(max, options));
}

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
