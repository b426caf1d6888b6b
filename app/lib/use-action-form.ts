/**
 * The one client form path (docs/decisions/033-client-form-path.md): a form is a `fetcher.Form`
 * posting to its route's action, and this hook gives it the field errors, the pending state and
 * the outcome. Without JavaScript the form is a plain POST and the outcome is the route's action
 * data (`intent` picks this form's answer on a page with several); with JavaScript the shared
 * schema checks the fields first, the fetcher posts, and its answer is shown as the same markup
 * plus one toast — once per answer, never again on a re-render.
 */
import { useCallback, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { useFetcherResult } from "./use-fetcher-result";
import { fieldErrors, firstError, formToObject, type FieldErrors } from "./form-errors";

/** What every action answers (decision 017): `{ ok, message?, title?, intent?, fieldErrors? }`. */
export interface FormOutcome {
  ok: boolean;
  intent?: string;
  title?: string;
  message?: string;
  fieldErrors?: FieldErrors;
  /** A refusal's typed values (the server writes them back; a plain POST shows them again). */
  values?: Record<string, string>;
}

/** The browser's own check failed: the form-wide message and one per field. */
export interface CheckFailure {
  message: string;
  fieldErrors: FieldErrors;
}

export interface OutcomeToast {
  tone: "success" | "error";
  title: string;
  description?: string;
  /** A button in the toast (e.g. "Visa profil" after a purchase). */
  action?: { label: string; onClick: () => void };
}

export interface ActionFormOptions<T extends FormOutcome> {
  /** This form's intent: the route's action data counts only when it carries it. */
  intent?: string;
  /**
   * For a form posting to a resource route (not this page's action): the outcome of a post
   * without JavaScript, carried back by the redirect's address. The page's action data is then
   * never this form's.
   */
  fallback?: T | null;
  /** The shared zod schema, run on the form's fields before posting. */
  schema?: z.ZodType;
  /** A check of its own instead (for a schema loaded on the first submit). */
  check?: (values: Record<string, string>) => CheckFailure | null | Promise<CheckFailure | null>;
  /** The toast for an answer; null for none. By default the answer's title and message. */
  toast?: (outcome: T) => OutcomeToast | null;
  /** Follow-up of an answer sent with JavaScript: navigate, reset, track. */
  onOutcome?: (outcome: T) => void;
  /** Shares the fetcher with another component (React Router's fetcher key). */
  key?: string;
}

function defaultToast(outcome: FormOutcome): OutcomeToast | null {
  const text = outcome.title ?? outcome.message;
  if (!text) return null;
  return {
    tone: outcome.ok ? "success" : "error",
    title: text,
    description: outcome.title ? outcome.message : undefined,
  };
}

/** Shows an outcome toast (the one place forms call sonner). */
export function showOutcomeToast(spec: OutcomeToast | null) {
  if (!spec) return;
  const show = spec.tone === "success" ? toast.success : toast.error;
  const options = { description: spec.description, action: spec.action };
  show(spec.title, spec.description || spec.action ? options : undefined);
}

function schemaCheck(schema: z.ZodType) {
  return (values: Record<string, string>): CheckFailure | null => {
    const parsed = schema.safeParse(values);
    return parsed.success ? null : { message: firstError(parsed.error), fieldErrors: fieldErrors(parsed.error) };
  };
}

export function useActionForm<T extends FormOutcome>(options: ActionFormOptions<T> = {}) {
  const { intent, fallback, schema, check, toast: toastFor = defaultToast, onOutcome, key } = options;
  const fetcher = useFetcher(key ? { key } : undefined);
  const data = fetcher.data as T | undefined;
  const actionData = useActionData() as T | undefined;
  const [local, setLocal] = useState<CheckFailure | null>(null);
  const busy = fetcher.state !== "idle";

  const fromAction = fallback === undefined && actionData && (!intent || actionData.intent === intent);
  const posted = fromAction ? actionData : (fallback ?? undefined);
  const answer = busy ? undefined : (data ?? posted);
  // The browser's check answers in the action's shape, so a form reads one outcome.
  const outcome = local ? ({ ok: false, intent, ...local } as FormOutcome as T) : answer;

  useFetcherResult<T>(
    { state: fetcher.state, data },
    useCallback(
      (result: T) => {
        showOutcomeToast(toastFor(result));
        onOutcome?.(result);
      },
      [toastFor, onOutcome],
    ),
  );

  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const run = check ?? (schema ? schemaCheck(schema) : null);
      void (async () => {
        const failed = run ? await run(formToObject(new FormData(form))) : null;
        setLocal(failed);
        if (failed) {
          showOutcomeToast(toastFor({ ok: false, intent, ...failed } as FormOutcome as T));
          const first = Object.keys(failed.fieldErrors)[0];
          if (first) form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
          return;
        }
        void fetcher.submit(form);
      })();
    },
    [check, schema, fetcher, toastFor, intent],
  );

  return {
    /** The form element: `<form.Form method="post" onSubmit={form.onSubmit}>`. */
    Form: fetcher.Form,
    fetcher,
    onSubmit,
    busy,
    /** The answer to show as markup: the browser's check, the fetcher's answer or the plain POST's. */
    outcome,
    /** True when the outcome came from this page's plain POST (no JavaScript). */
    fromPlainPost: !local && !data && Boolean(posted) && !busy,
    fieldErrors: outcome?.fieldErrors ?? {},
    /** A refused field's value as typed, for its `defaultValue` (else the caller's stored value). */
    typed: (name: string): string | undefined => (outcome && !outcome.ok ? outcome.values?.[name] : undefined),
    /** Clears a field's message from the browser's check once the visitor edits the field. */
    clearField: (name: string) =>
      setLocal((current) =>
        current?.fieldErrors[name] ? { ...current, fieldErrors: { ...current.fieldErrors, [name]: undefined } } : current,
      ),
  };
}
