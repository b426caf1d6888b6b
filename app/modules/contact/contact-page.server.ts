/**
 * /kontakta-oss's action: read the form once, validate it with the shared schema, store and
 * mail it. Without JavaScript the page re-renders from this answer, so failures hand back
 * what was typed.
 */
import { data, type AppLoadContext } from "react-router";
import { clientIp, readInput, tooManyRequests, validate, type badRequest } from "~/lib/http.server";
import type { FieldErrors } from "~/lib/validation";
import { CONTACT_FIELDS, CONTACT_MESSAGES, contactSchema, type ContactField } from "~/modules/contact/contact";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";

type ContactValues = Partial<Record<ContactField, string>>;

export type ContactActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: FieldErrors; values?: ContactValues };

/** What the sender typed, handed back so a page without JavaScript keeps it after an error. */
function submittedValues(form: Record<string, unknown>): ContactValues {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, typeof form[field] === "string" ? (form[field] as string) : ""]),
  );
}

function withValues(answer: ReturnType<typeof badRequest>, values: ContactValues) {
  return data<ContactActionResult>({ ...answer.data, values }, answer.init ?? undefined);
}

export async function handleContactAction(request: Request, context: AppLoadContext) {
  const input = await readInput(request);
  if (!input.ok) return withValues(input.response, {});
  const form = input.data;
  const parsed = validate(form, contactSchema);
  // Without JavaScript the page re-renders from this answer: hand back what was typed.
  if (!parsed.ok) return withValues(parsed.response, submittedValues(form));
  try {
    const result = await submitContactMessage(db(), parsed.data, { ip: clientIp(context) });
    if (result.status === "rate_limited") return withValues(tooManyRequests(result.limit), submittedValues(form));
    // "ignored" (a filled honeypot) answers exactly like a sent message.
    return data<ContactActionResult>({ ok: true });
  } catch (error) {
    logger.error({ err: error }, "contact message failed");
    return data<ContactActionResult>(
      { ok: false, message: CONTACT_MESSAGES.failedDescription, values: submittedValues(form) },
      { status: 500 },
    );
  }
}

