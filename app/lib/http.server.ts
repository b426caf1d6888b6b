/**
 * Answers for route actions and resource routes: expected failures become a 4xx with the
 * spec's Swedish message (never a 500), in one shape the UI reads: `{ ok: false, message,
 * fieldErrors? }`; successes are `{ ok: true, ... }`.
 */
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import {
  rateLimitMessage,
  type RateLimitResult,
} from "~/platform/rate-limit/rate-limiter.server";
import { fieldErrors, firstError, formToObject, type FieldErrors } from "./validation";

export interface ActionFailure {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors;
}

export function badRequest(message: string, errors?: FieldErrors) {
  return data<ActionFailure>({ ok: false, message, fieldErrors: errors }, { status: 400 });
}

export function tooManyRequests(result: Pick<RateLimitResult, "retryAfterSeconds">) {
  return data<ActionFailure>(
    { ok: false, message: rateLimitMessage(result) },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}

/** Reads the request body (form or JSON) and validates it with a shared schema. */
export async function parseRequest<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: ReturnType<typeof badRequest> }> {
  let input: unknown;
  try {
    input = request.headers.get("content-type")?.includes("application/json")
      ? await request.json()
      : formToObject(await request.formData());
  } catch {
    return { ok: false, response: badRequest("Ogiltig förfrågan.") };
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    return { ok: false, response: badRequest(firstError(result.error), fieldErrors(result.error)) };
  }
  return { ok: true, data: result.data };
}

/** The client's IP as Express saw it (honours TRUST_PROXY). */
export function clientIp(context: AppLoadContext): string {
  return context.clientIp || "unknown";
}
