/**
 * Turning zod results into the spec's Swedish messages. Schemas carry the spec's texts as
 * their error messages; these helpers pick them out the same way on client and server.
 */
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

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
  return error.issues[0]?.message ?? "Ogiltiga uppgifter.";
}

/** FormData → plain object of strings (the last value wins; files are ignored). */
export function formToObject(form: FormData): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") result[key] = value;
  }
  return result;
}
