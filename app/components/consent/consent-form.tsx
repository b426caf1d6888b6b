/**
 * The form both the banner and the settings are: a plain post to /api/consent-choice that comes
 * back to this page (docs/decisions/042-content-pages-without-framework-javascript.md). Where
 * scripts run, `onChoose` gets the choice instead and nothing posts.
 */
import { useLocation } from "react-router";
import { FORM_ACTIONS } from "~/enhance/enhance-ids";
import { RETURN_TO_FIELD } from "~/lib/preference-forms";
import {
  CONSENT_FORM_CHOICES,
  choiceFromConsentForm,
  type ConsentChoice,
  type ConsentFormChoice,
} from "~/modules/consent/consent";

function isFormChoice(value: unknown): value is ConsentFormChoice {
  return typeof value === "string" && (CONSENT_FORM_CHOICES as readonly string[]).includes(value);
}

export function ConsentForm({
  onChoose,
  children,
  className,
}: {
  onChoose: (choice: ConsentChoice) => void;
  children: React.ReactNode;
  className?: string;
}) {
  const location = useLocation();
  return (
    <form
      method="post"
      action={FORM_ACTIONS.consent}
      className={className}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const button = submitter instanceof HTMLButtonElement ? submitter.value : "custom";
        if (!isFormChoice(button)) return;
        event.preventDefault();
        const fields = new FormData(event.currentTarget);
        onChoose(choiceFromConsentForm(button, (category) => fields.get(category) === "on"));
      }}
    >
      <input type="hidden" name={RETURN_TO_FIELD} value={`${location.pathname}${location.search}`} />
      {children}
    </form>
  );
}
