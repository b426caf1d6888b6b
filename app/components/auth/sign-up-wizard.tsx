import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { ArrowLeft, ArrowRight, ExternalLink, Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { forgetReferralCode, pendingReferralCode } from "~/modules/referrals/referral-link";
import { fieldErrors, firstError, type FieldErrors } from "~/lib/validation";
import {
  SIGNUP_FAILED_MESSAGE,
  SIGNUP_STEP_SCHEMAS,
  SIGNUP_TOAST_TITLES,
  signupSchema,
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

const EMPTY = {
  email: "",
  password: "",
  confirmPassword: "",
  firstName: "",
  lastName: "",
  phoneNumber: "",
  steamTradeLink: "",
};
type Fields = typeof EMPTY;

const STEP_TITLES: Record<SignupStep, string> = {
  1: "Inloggningsuppgifter",
  2: "Om dig",
  3: "Trade-länk",
};

/** The 3-step sign-up wizard (docs/rules/accounts.md#sign-up), validated per step with the shared schemas. */
export function SignUpWizard({ referralCode }: { referralCode: string | null }) {
  const fetcher = useFetcher<AuthActionResult>();
  const navigate = useNavigate();
  const [step, setStep] = useState<SignupStep>(1);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  // Unticked until the visitor ticks it: the newsletter is opt-in.
  const [newsletter, setNewsletter] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const percent = Math.round((step / SIGNUP_STEPS) * 100);

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    if (data.ok && data.email) {
      toast.success("Konto skapat!", {
        description: "Kolla din e-post och klicka på länken för att bekräfta ditt konto.",
      });
      trackEvent("sign_up", { method: "email" });
      // The code now waits on the profile for the account's confirmation.
      forgetReferralCode();
      navigate(`/email-confirmation?email=${encodeURIComponent(data.email)}&mode=signup`);
    } else if (!data.ok) {
      toast.error(data.title ?? SIGNUP_TOAST_TITLES.failed, { description: data.message ?? SIGNUP_FAILED_MESSAGE });
    }
  }, [fetcher.data, navigate]);

  const update = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  /** Shows a validation message next to its field and as its toast, and moves focus there. */
  function reject(error: Parameters<typeof firstError>[0]) {
    const message = firstError(error);
    const byField = fieldErrors(error);
    setErrors(byField);
    toast.error(signupToastTitle(message), { description: message });
    const first = Object.keys(byField)[0];
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SIGNUP_STEP_SCHEMAS[step].safeParse(fields);
    if (!parsed.success) return reject(parsed.error);
    if (step < SIGNUP_STEPS) {
      setErrors(null);
      setStep((step + 1) as SignupStep);
      return;
    }
    const payload = { ...fields, referralCode: referralCode ?? pendingReferralCode() ?? "", newsletter: String(newsletter) };
    const full = signupSchema.safeParse(payload);
    if (!full.success) return reject(full.error);
    setErrors(null);
    fetcher.submit({ intent: "signup", ...payload }, { method: "post", action: "/auth" });
  }

  function back() {
    setErrors(null);
    setStep((current) => Math.max(1, current - 1) as SignupStep);
  }

  // The server's field messages (a refused sign-up) show next to their fields too.
  const serverFields = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const fieldError: FieldErrors = errors ?? serverFields ?? {};
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Skapa konto">
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

      {step === 1 ? (
        <fieldset className="grid gap-4">
          <legend className="sr-only">{STEP_TITLES[1]}</legend>
          <FormField id="signup-email" label="E-postadress" error={fieldError.email}>
            {(aria) => (
              <Input
                {...aria}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="namn@exempel.se"
                value={fields.email}
                onChange={update("email")}
              />
            )}
          </FormField>
          <FormField
            id="signup-password"
            label="Lösenord"
            error={fieldError.password}
            hint={<PasswordChecklist password={fields.password} />}
          >
            {(aria) => (
              <PasswordInput {...aria} name="password" autoComplete="new-password" value={fields.password} onChange={update("password")} />
            )}
          </FormField>
          <FormField id="signup-confirm" label="Bekräfta lösenord" error={fieldError.confirmPassword}>
            {(aria) => (
              <PasswordInput
                {...aria}
                name="confirmPassword"
                autoComplete="new-password"
                value={fields.confirmPassword}
                onChange={update("confirmPassword")}
              />
            )}
          </FormField>
        </fieldset>
      ) : null}

      {step === 2 ? (
        <fieldset className="grid gap-4">
          <legend className="sr-only">{STEP_TITLES[2]}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="signup-first-name" label="Förnamn" error={fieldError.firstName}>
              {(aria) => (
                <Input {...aria} name="firstName" autoComplete="given-name" value={fields.firstName} onChange={update("firstName")} />
              )}
            </FormField>
            <FormField id="signup-last-name" label="Efternamn" error={fieldError.lastName}>
              {(aria) => (
                <Input {...aria} name="lastName" autoComplete="family-name" value={fields.lastName} onChange={update("lastName")} />
              )}
            </FormField>
          </div>
          <FormField
            id="signup-phone"
            label="Telefonnummer"
            optional
            error={fieldError.phoneNumber}
            hint="Svenskt nummer, t.ex. 070-123 45 67 eller +46 70 123 45 67."
          >
            {(aria) => (
              <Input
                {...aria}
                name="phoneNumber"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={fields.phoneNumber}
                onChange={update("phoneNumber")}
              />
            )}
          </FormField>
        </fieldset>
      ) : null}

      {step === 3 ? (
        <fieldset className="grid gap-4">
          <legend className="sr-only">{STEP_TITLES[3]}</legend>
          <FormField
            id="signup-trade-link"
            label="Steam trade-länk"
            optional
            error={fieldError.steamTradeLink}
            hint={
              <div className="grid gap-1">
                <a
                  href={STEAM_TRADE_LINK_HELP_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
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
                value={fields.steamTradeLink}
                onChange={update("steamTradeLink")}
              />
            )}
          </FormField>
          <div className="flex items-start gap-3 rounded-lg border p-3">
            <input
              id="signup-newsletter"
              name="newsletter"
              type="checkbox"
              checked={newsletter}
              onChange={(event) => setNewsletter(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <label htmlFor="signup-newsletter" className="text-sm">
              Ja, skicka mig nyhetsbrev och erbjudanden via e-post.{" "}
              <span className="text-muted-foreground">Valfritt – du kan ändra dig när som helst i din profil.</span>
            </label>
          </div>
          <p className="text-sm text-muted-foreground">
            Genom att skapa ett konto godkänner du våra{" "}
            <Link to="/anvandarvillkor" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
              användarvillkor
            </Link>{" "}
            och bekräftar att du har läst vår{" "}
            <Link to="/integritetspolicy" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
              integritetspolicy
            </Link>
            .
          </p>
        </fieldset>
      ) : null}

      <div className="flex gap-3">
        <Button type="button" variant="outline" onClick={back} disabled={step === 1 || busy} className="flex-1">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Tillbaka
        </Button>
        {step < SIGNUP_STEPS ? (
          <Button type="submit" className="flex-1">
            Nästa
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : (
          <Button type="submit" disabled={busy} className="flex-1">
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {busy ? "Skapar konto..." : "Skapa konto"}
          </Button>
        )}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Har du redan ett konto?{" "}
        <Link to="/auth?mode=signin" replace className="font-medium text-primary underline-offset-4 hover:underline">
          Logga in
        </Link>
      </p>
    </form>
  );
}
