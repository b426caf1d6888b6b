/**
 * The one validation path's isomorphic half (docs/decisions/017-one-form-path.md): turning
 * zod results into the Swedish messages the schemas carry, the rule every text value obeys
 * (no control characters), and the building blocks schemas use for text fields, so client
 * forms and server actions refuse the same input with the same words.
 */
import { z } from "~/lib/zod";
import { hasControlCharacters } from "./control-characters";
import { INPUT_MESSAGES } from "./form-errors";

export { fieldErrors, firstError, formToObject, INPUT_MESSAGES, type FieldErrors } from "./form-errors";

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
