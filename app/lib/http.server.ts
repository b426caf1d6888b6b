/**
 * The one way actions and resource routes read and validate input (docs/decisions/017-one-form-path.md):
 * `readInput` reads the body once (form or JSON; anything else is a 400), refuses control
 * characters in any value, and `validate` checks it with the shared zod schema. Expected
 * failures become a 4xx with the schema's Swedish message (never a 500), in one shape the UI
 * reads: `{ ok: false, message, fieldErrors?, ... }`; successes are `{ ok: true, ... }`.
 * Bodies are already capped by the server's body limit before a route runs.
 */
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import {
  rateLimitMessage,
  type RateLimitResult,
} from "~/platform/rate-limit/rate-limiter.server";
import { IMAGE_MESSAGES } from "~/platform/images/images";
import {
  controlCharacterField,
  fieldErrors,
  firstError,
  formToObject,
  INPUT_MESSAGES,
  type FieldErrors,
} from "./validation";

export interface ActionFailure {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors;
  /** Toast title, for forms whose failures show one. */
  title?: string;
  /** Which form of a page with several sent it. */
  intent?: string;
  /** What was typed, for a form posted without JavaScript to show again (never a secret). */
  values?: Record<string, string>;
}

/** What a failure answer may add to the message: a toast title, the form's intent, the typed values. */
export type FailureExtras = Pick<ActionFailure, "title" | "intent" | "values">;

/** Fields never written back into a page. */
const SECRET_FIELD = /password|losenord|token|secret/i;

/**
 * The text fields of a refused form, to show again as typed (`values` of a failure): no secrets,
 * nothing but strings. Opt-in per form: payout details, for one, are never echoed.
 */
export function typedValues(input: Input): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === "string" && !SECRET_FIELD.test(name)) values[name] = value;
  }
  return values;
}

export function badRequest(message: string, errors?: FieldErrors, extras: FailureExtras = {}) {
  return data<ActionFailure>({ ok: false, message, fieldErrors: errors, ...extras }, { status: 400 });
}

/**
 * The one table from a domain failure's code to the HTTP status it answers with: the services
 * return `{ ok: false, code, message }` and never pick a status; every page and endpoint maps the
 * code here. 400 the input is wrong, 403 not allowed, 404 no such thing, 409 the state refuses
 * it, 410 gone for good, 503 an outside service (the Steam inventory, BankID) is unavailable.
 */
const FAILURE_STATUS = {
  invalid: 400,
  own_trade: 400,
  not_staff: 400,
  forbidden: 403,
  level_required: 403,
  not_ready: 403,
  not_found: 404,
  member_not_found: 404,
  item_gone: 404,
  profile_missing: 404,
  no_profile: 404,
  conflict: 409,
  taken: 409,
  slug_taken: 409,
  refused: 409,
  has_orders: 409,
  invalid_transition: 409,
  not_draft: 409,
  no_recipients: 409,
  nothing_to_resend: 409,
  already_drawn: 409,
  no_candidates: 409,
  already_reviewed: 409,
  already_referred: 409,
  own_code: 409,
  not_confirmed: 409,
  insufficient: 409,
  last_admin: 409,
  not_platinum: 409,
  already_has_level: 409,
  sold_out: 409,
  insufficient_points: 409,
  gone: 410,
  inventory: 503,
  bankid: 503,
} as const satisfies Record<string, number>;

export type FailureCode = keyof typeof FAILURE_STATUS;

/** The HTTP status a domain failure answers with. */
export function failureStatus(code: FailureCode): number {
  return FAILURE_STATUS[code];
}

/** What a service returns when it refuses: a code from the table, the Swedish message, field messages. */
export interface DomainFailure {
  ok: false;
  code: FailureCode;
  message: string;
  fieldErrors?: FieldErrors;
}

/** A service's refusal as the action's answer: its message (and field messages), with the code's status. */
export function failureResponse(result: DomainFailure, extras: FailureExtras = {}) {
  const body: ActionFailure = { ok: false, ...extras, message: result.message };
  if (result.fieldErrors) body.fieldErrors = result.fieldErrors;
  return data<ActionFailure>(body, { status: FAILURE_STATUS[result.code] });
}

/** A 404 with its Swedish message: thrown by a loader, returned by an action. */
export function notFound(message: string) {
  return data<ActionFailure>({ ok: false, message }, { status: 404 });
}

export function tooManyRequests(result: Pick<RateLimitResult, "retryAfterSeconds">, extras: FailureExtras = {}) {
  return data<ActionFailure>(
    { ok: false, message: rateLimitMessage(result), ...extras },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}

export type Input = Record<string, unknown>;
type Outcome<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof badRequest> };

function isPlainObject(value: unknown): value is Input {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the request body once: a urlencoded or multipart form, or a JSON object. */
export async function readInput(request: Request, extras: FailureExtras = {}): Promise<Outcome<Input>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  let input: unknown;
  try {
    if (type.startsWith("application/json")) {
      input = await request.json();
    } else if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      input = formToObject(await request.formData());
    } else {
      // No body, or one we do not read (text/plain, octet-stream): the form is empty.
      const body = await request.text();
      if (body.length > 0) return { ok: false, response: badRequest(INPUT_MESSAGES.badRequest, undefined, extras) };
      input = Object.create(null);
    }
  } catch {
    return { ok: false, response: badRequest(INPUT_MESSAGES.badRequest, undefined, extras) };
  }
  if (!isPlainObject(input)) return { ok: false, response: badRequest(INPUT_MESSAGES.badRequest, undefined, extras) };
  const field = controlCharacterField(input);
  if (field !== null) {
    return {
      ok: false,
      response: badRequest(INPUT_MESSAGES.controlCharacters, { [field]: INPUT_MESSAGES.controlCharacters }, extras),
    };
  }
  return { ok: true, data: input };
}

/** Validates read input with a shared schema; a failure carries the schema's Swedish messages. */
export function validate<S extends z.ZodType>(
  input: Input,
  schema: S,
  extras: FailureExtras | ((message: string) => FailureExtras) = {},
): Outcome<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const message = firstError(result.error);
  const more = typeof extras === "function" ? extras(message) : extras;
  return { ok: false, response: badRequest(message, fieldErrors(result.error), more) };
}

/** `readInput` then `validate`: the whole path for a form with one schema. */
export async function parseRequest<S extends z.ZodType>(
  request: Request,
  schema: S,
  extras: FailureExtras = {},
): Promise<Outcome<z.output<S>>> {
  const input = await readInput(request, extras);
  return input.ok ? validate(input.data, schema, extras) : input;
}

/** A resource route answers with a real Response: one of the 4xx helpers' data as JSON. */
export function asJson(result: { data: unknown; init: ResponseInit | null }): Response {
  return Response.json(result.data, result.init ?? undefined);
}

/** The client's IP as Express saw it (honours TRUST_PROXY). */
export function clientIp(context: AppLoadContext): string {
  return context.clientIp || "unknown";
}

/**
 * The one way an image upload is read (the paths with the larger body limit): a multipart body
 * with a non-empty `image` file, its bytes; anything else is a Swedish 400 with the field named.
 */
export async function readImageUpload(request: Request): Promise<Outcome<Uint8Array>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) {
    return { ok: false, response: data<ActionFailure>({ ok: false, message: IMAGE_MESSAGES.missing }, { status: 400 }) };
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("image");
  } catch {
    return { ok: false, response: badRequest(INPUT_MESSAGES.badRequest) };
  }
  if (!file || typeof file === "string" || file.size === 0) {
    return { ok: false, response: badRequest(IMAGE_MESSAGES.missing, { image: IMAGE_MESSAGES.missing }) };
  }
  return { ok: true, data: new Uint8Array(await file.arrayBuffer()) };
}

/** A refused image (too large, not a picture) as the upload form's answer, with its status. */
export function imageRefusal(result: { message: string; status: number }) {
  return data<ActionFailure>({ ok: false, message: result.message, fieldErrors: { image: result.message } }, { status: result.status });
}
