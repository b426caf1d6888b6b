import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, ArrowRight, ExternalLink, Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { FormAlert } from "~/components/ui/form-alert";
import { forgetReferralCode, pendingReferralCode } from "~/modules/referrals/referral-link";
import { formToObject } from "~/lib/validation";
import { showOutcomeToast, useActionForm, type CheckFailure, type OutcomeToast } from "~/lib/use-action-form";
import {
  SIGNUP_FAILED_MESSAGE,
  signupRefusal,
  signupStepOfField,
  signupToastTitle,
  type SignupStep,
} from "~/modules/accounts/signup-schema";
import { trackEvent } from "~/modules/analytics/analytics";
import { FormField } from "~/components/ui/form-field";
import { PasswordChecklist } from "./password-checklist";
import { PasswordInput } from "./password-input";
import type { AuthActionResult } from "./types";

const SIGNUP_STEPS = 3;

/** Where to find the Steam trade link (docs/rules/accounts.md#sign-up, the wizard's step 3). */
const STEAM_TRADE_LINK_HELP_URL =
  "https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url";

const STEP_TITLES: Record<SignupStep, string> = {
  1: "Inloggningsuppgifter",
  2: "Om dig",
  3: "Trade-länk",
};

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** The toast for an answer or a refused step: none for a step the server moved on to. */
function signupToast(data: AuthActionResult): OutcomeToast | null {
  if (data.ok) {
    return data.email
      ? { tone: "success", title: "Konto skapat!", description: "Kolla din e-post och klicka på länken för att bekräfta ditt konto." }
      : null;
  }
  const message = data.message ?? SIGNUP_FAILED_MESSAGE;
  return { tone: "error", title: data.title ?? signupToastTitle(message), description: message };
}

/** The last step's check in the browser: the same as the server's. */
const checkLastStep = (values: Record<string, string>): CheckFailure | null => signupRefusal(values, SIGNUP_STEPS);

/**
 * The 3-step sign-up wizard (docs/rules/accounts.md#sign-up), one form over all steps: the steps not
 * shown are hidden, so the last step posts every field. With JavaScript "Nästa" checks the step in
 * the browser and moves on, and the last step posts through the form hook. Without it each step
 * posts (`step`, and `back` for "Tillbaka") and the server answers with the step to show and the
 * values to carry; the password is never carried, so it is typed again on the last step
 * (docs/decisions/033-client-form-path.md).
 */
export function SignUpWizard({ referralCode }: { referralCode: string | null }) {
  const navigate = useNavigate();
  const form = useActionForm<AuthActionResult>({
    intent: "signup",
    check: checkLastStep,
    toast: signupToast,
    onOutcome: (data) => onAnswer(data),
  });
  // After a post without JavaScript the page opens on the step the server answered with, its
  // values filled in and, past step 1, the passwords on the last step (they are never carried).
  const posted = form.fromPlainPost ? form.outcome : undefined;
  const [step, setStep] = useState<SignupStep>(() => posted?.step ?? 1);
  const [passwordAtEnd, setPasswordAtEnd] = useState(() => (posted?.step ?? 1) > 1);
  const [carried] = useState(() => posted?.values ?? {});
  const [stepCheck, setStepCheck] = useState<CheckFailure | null>(null);
  const [password, setPassword] = useState("");
  const percent = Math.round((step / SIGNUP_STEPS) * 100);
  const errors = stepCheck?.fieldErrors ?? form.fieldErrors;
  const outcome = stepCheck ? null : form.outcome;
  const formWide = outcome && !outcome.ok && Object.keys(outcome.fieldErrors ?? {}).length === 0 ? outcome.message : null;

  function onAnswer(data: AuthActionResult) {
    if (data.ok && data.email) {
      trackEvent("sign_up", { method: "email" });
      // The code now waits on the profile for the account's confirmation.
      forgetReferralCode();
      void navigate(`/email-confirmation?email=${encodeURIComponent(data.email)}&mode=signup`);
      return;
    }
    // A refused field is shown on its step.
    const first = Object.keys(data.fieldErrors ?? {})[0];
    if (!data.ok && first) setStep(signupStepOfField(first, passwordAtEnd ? 3 : 1, step));
  }

  // The code of the visit or the stored one, shown in its field so the visitor sees it will count
  // (a code from a link is otherwise lost when cookies are refused and the page reloads).
  // The address's `?ref=` is read once: the link capture then strips it from the address (and
  // keeps it as this visit's code), which may happen before or after this effect runs.
  const referralInput = useRef<HTMLInputElement>(null);
  const linkedCode = useRef(referralCode ?? carried.referralCode ?? null);
  useEffect(() => {
    const input = referralInput.current;
    if (input && !input.value) input.value = linkedCode.current ?? pendingReferralCode() ?? "";
  }, [referralCode]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const element = event.currentTarget;
    setStepCheck(null);
    if (step === SIGNUP_STEPS) {
      // The code of the visit or the stored one, unless the address gave one.
      const code = element.elements.namedItem("referralCode") as HTMLInputElement | null;
      if (code && !code.value) code.value = pendingReferralCode() ?? "";
      form.onSubmit(event);
      return;
    }
    event.preventDefault();
    const failed = signupRefusal(formToObject(new FormData(element)), step);
    if (!failed) {
      setStep((step + 1) as SignupStep);
      return;
    }
    setStepCheck(failed);
    showOutcomeToast(signupToast({ ok: false, ...failed }));
    const first = Object.keys(failed.fieldErrors)[0];
    if (first) element.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
  }

  function back(event: React.MouseEvent) {
    // With JavaScript "Tillbaka" stays in the browser; without it, it posts `back`.
    event.preventDefault();
    setStepCheck(null);
    const previous = Math.max(1, step - 1) as SignupStep;
    if (previous === 1 && passwordAtEnd) {
      // The password fields move back to step 1, empty.
      setPasswordAtEnd(false);
      setPassword("");
    }
    setStep(previous);
  }

  const passwordFields = (
    <>
      <FormField
        id="signup-password"
        label="Lösenord"
        error={errors.password}
        hint={<PasswordChecklist password={password} />}
      >
        {(aria) => (
          <PasswordInput {...aria} name="password" autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />
        )}
      </FormField>
      <FormField id="signup-confirm" label="Bekräfta lösenord" error={errors.confirmPassword}>
        {(aria) => <PasswordInput {...aria} name="confirmPassword" autoComplete="new-password" />}
      </FormField>
    </>
  );

  return (
    <form.Form method="post" noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Skapa konto">
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="step" value={step} />
      <div className="grid gap-2">
        <div className="flex items-center justify-between text-sm">
          <p className="font-semibold" id="signup-progress-label">
            Steg {step} av {SIGNUP_STEPS}
            <span className="font-normal text-muted-foreground"> · {STEP_TITLES[step]}</span>
          </p>
          <span className="tabular-nums text-muted-foreground">{percent}%</span>
        </div>
        <Progress value={percent} aria-labelledby="signup-progress-label" />
      </div>

      <fieldset className="grid gap-4" hidden={step !== 1}>
        <legend className="sr-only">{STEP_TITLES[1]}</legend>
        <FormField id="signup-email" label="E-postadress" error={errors.email}>
          {(aria) => (
            <Input
              {...aria}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="namn@exempel.se"
              defaultValue={carried.email}
            />
          )}
        </FormField>
        {passwordAtEnd ? null : passwordFields}
      </fieldset>

      <fieldset className="grid gap-4" hidden={step !== 2}>
        <legend className="sr-only">{STEP_TITLES[2]}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="signup-first-name" label="Förnamn" error={errors.firstName}>
            {(aria) => <Input {...aria} name="firstName" autoComplete="given-name" defaultValue={carried.firstName} />}
          </FormField>
          <FormField id="signup-last-name" label="Efternamn" error={errors.lastName}>
            {(aria) => <Input {...aria} name="lastName" autoComplete="family-name" defaultValue={carried.lastName} />}
          </FormField>
        </div>
        <FormField
          id="signup-phone"
          label="Telefonnummer"
          optional
          error={errors.phoneNumber}
          hint="Svenskt nummer, t.ex. 070-123 45 67 eller +46 70 123 45 67."
        >
          {(aria) => (
            <Input
              {...aria}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              defaultValue={carried.phoneNumber}
            />
          )}
        </FormField>
      </fieldset>

      <fieldset className="grid gap-4" hidden={step !== 3}>
        <legend className="sr-only">{STEP_TITLES[3]}</legend>
        {passwordAtEnd ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="signup-password-again">
              Skriv ditt lösenord igen – av säkerhetsskäl skickas det aldrig tillbaka till sidan.
            </p>
            {passwordFields}
          </>
        ) : null}
        <FormField
          id="signup-trade-link"
          label="Steam trade-länk"
          optional
          error={errors.steamTradeLink}
          hint={
            <div className="grid gap-1">
              <a
                href={STEAM_TRADE_LINK_HELP_URL}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex items-center gap-1 ${linkClass}`}
              >
                Hitta din trade-länk på Steam
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(öppnas i en ny flik)</span>
              </a>
              <span>Du kan också lägga till den senare i din profil.</span>
            </div>
          }
        >
          {(aria) => (
            <Input
              {...aria}
              name="steamTradeLink"
              type="url"
              inputMode="url"
              placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
              defaultValue={carried.steamTradeLink}
            />
          )}
        </FormField>
        <FormField
          id="signup-referral-code"
          label="Värvningskod"
          optional
          error={errors.referralCode}
          hint="Har du fått en kod av en vän? Ange den så får ni båda poäng när ditt konto är bekräftat."
        >
          {(aria) => (
            <Input
              {...aria}
              ref={referralInput}
              name="referralCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
              defaultValue={referralCode ?? carried.referralCode ?? ""}
              className="uppercase"
            />
          )}
        </FormField>
        <div className="flex items-start gap-3 rounded-lg border p-3">
          {/* Unticked until the visitor ticks it: the newsletter is opt-in. */}
          <input
            id="signup-newsletter"
            name="newsletter"
            type="checkbox"
            defaultChecked={carried.newsletter === "on"}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <label htmlFor="signup-newsletter" className="text-sm">
            Ja, skicka mig nyhetsbrev och erbjudanden via e-post.{" "}
            <span className="text-muted-foreground">Valfritt – du kan ändra dig när som helst i din profil.</span>
          </label>
        </div>
        <p className="text-sm text-muted-foreground">
          Genom att skapa ett konto godkänner du våra{" "}
          <Link to="/anvandarvillkor" target="_blank" className={linkClass}>
            användarvillkor
          </Link>{" "}
          och bekräftar att du har läst vår{" "}
          <Link to="/integritetspolicy" target="_blank" className={linkClass}>
            integritetspolicy
          </Link>
          .
        </p>
      </fieldset>

      <div aria-live="polite" className="empty:hidden">
        {formWide ? <FormAlert>{formWide}</FormAlert> : null}
      </div>

      {/* "Nästa" comes first in the markup, so Enter in a field moves on rather than back. */}
      <div className="flex flex-row-reverse gap-3">
        {step < SIGNUP_STEPS ? (
          <Button type="submit" className="flex-1">
            Nästa
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : (
          <Button type="submit" disabled={form.busy} className="flex-1">
            {form.busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {form.busy ? "Skapar konto..." : "Skapa konto"}
          </Button>
        )}
        <Button
          type="submit"
          name="back"
          value="1"
          formNoValidate
          variant="outline"
          onClick={back}
          disabled={step === 1 || form.busy}
          className="flex-1"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Tillbaka
        </Button>
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Har du redan ett konto?{" "}
        <Link to="/auth?mode=signin" replace className={linkClass}>
          Logga in
        </Link>
      </p>
    </form.Form>
  );
}
