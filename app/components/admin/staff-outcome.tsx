/**
 * The staff tabs' form path (decision 033): `useActionForm` with the staff panel's toast — success
 * with the answer's title or 'Sparat', failure with its title or 'Något gick fel', the message
 * below (docs/rules/admin.md). One toast per answer, through `showOutcomeToast`.
 */
import type { FetcherWithComponents } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { useActionForm, type ActionFormOptions, type FormOutcome, type OutcomeToast } from "~/lib/use-action-form";

export function staffToast(outcome: FormOutcome): OutcomeToast {
  return {
    tone: outcome.ok ? "success" : "error",
    title: outcome.title ?? (outcome.ok ? "Sparat" : "Något gick fel"),
    description: outcome.message,
  };
}

/**
 * `useActionForm` for a staff tab (`toast` only for a form that shows its failures in place and
 * toasts only its success; give it a function defined once, not inline). A fetcher shared by a table's buttons passes its `key`; a
 * component repeated per row passes `fallback: null`, so a plain POST's answer (which the page
 * shows once) is not every row's.
 */
export function useStaffForm<T extends FormOutcome>(options: ActionFormOptions<T> = {}) {
  const form = useActionForm<T>({ toast: staffToast, ...options });
  return { ...form, fetcher: form.fetcher as unknown as FetcherWithComponents<T> };
}

/** The answer as markup: the page a plain POST (no JavaScript) gets back shows it here. */
export function StaffOutcomeAlert({ outcome, testId }: { outcome: FormOutcome | null | undefined; testId?: string }) {
  if (!outcome) return null;
  const { tone, title, description } = staffToast(outcome);
  return (
    <div data-testid={testId}>
      <FormAlert tone={tone} title={title}>
        {description}
      </FormAlert>
    </div>
  );
}
