/**
 * /profile/bekrafta (decision 046): confirm who you are before a sensitive action — a code from
 * the authenticator app (or a backup code), or the password for an account without a second
 * factor — then back to the page that asked. Good for 5 minutes in this session.
 */
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/step-up";
import { TwoFactorCodeForm } from "~/components/accounts/two-factor-code-form";
import { BankIdButton } from "~/components/identity/bankid-button";
import { IDENTITY_MESSAGES } from "~/modules/identity/identity-constants";
import { PasswordInput } from "~/components/auth/password-input";
import { SubmitButton } from "~/components/auth/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { handleStepUp, loadStepUp } from "~/modules/accounts/two-factor-page.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Bekräfta att det är du", description: "Bekräfta med din kod innan du fortsätter.", path: "/profile/bekrafta", noindex: true });

export const headers = keepRetryAfter;

export async function loader({ request }: Route.LoaderArgs) {
  return loadStepUp(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleStepUp(request, context);
}

export default function StepUpPage({ loaderData }: Route.ComponentProps) {
  const { hasTwoFactor, hasPassword, bankIdStepUp, fresh, redirectTo } = loaderData;
  const answer = useActionData<typeof action>() as { ok: false; message: string } | undefined;
  const navigation = useNavigation();
  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">Bekräfta att det är du</h1>
          </CardTitle>
          <CardDescription>
            {hasTwoFactor
              ? "Ange koden från din autentiseringsapp. Bekräftelsen gäller i 5 minuter."
              : hasPassword
                ? `Ange ditt lösenord${bankIdStepUp ? " eller bekräfta med BankID" : ""}. Bekräftelsen gäller i 5 minuter.`
                : bankIdStepUp
                  ? "Bekräfta med BankID. Bekräftelsen gäller i 5 minuter."
                  : "Ditt konto har inget lösenord. Verifiera dig med BankID under Min profil, eller logga in med Steam eller Google igen."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {fresh ? (
            <FormAlert tone="success" title="Du har redan bekräftat">
              <Link to={redirectTo} className="font-medium underline underline-offset-4">
                Fortsätt
              </Link>
            </FormAlert>
          ) : null}
          {bankIdStepUp ? <BankIdButton purpose="stepup" title="Bekräfta med BankID" completeMessage={IDENTITY_MESSAGES.stepUpDone} redirectTo={redirectTo} /> : null}
          {hasTwoFactor ? (
            <TwoFactorCodeForm intent="code" redirectTo={redirectTo} error={answer?.message} submitLabel="Bekräfta" />
          ) : !hasPassword ? null : (
            <Form method="post" className="grid gap-4" aria-label="Bekräfta med lösenord">
              <input type="hidden" name="intent" value="password" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <FormField id="step-up-password" label="Lösenord" error={answer?.message}>
                {(aria) => <PasswordInput {...aria} name="password" autoComplete="current-password" required autoFocus />}
              </FormField>
              <SubmitButton busy={navigation.state === "submitting"} busyLabel="Kontrollerar...">
                Bekräfta
              </SubmitButton>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
