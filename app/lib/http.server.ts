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
}

/** What a failure answer may add to the message: a toast title, the form's intent. */
export type FailureExtras = Pick<ActionFailure, "title" | "intent">;

export function badRequest(message: string, errors?: FieldErrors, extras: FailureExtras = {}) {
  return data<ActionFailure>({ ok: false, message, fieldErrors: errors, ...extras }, { status: 400 });
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
