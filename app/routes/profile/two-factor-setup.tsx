/**
 * /profile/tvastegsverifiering (decision 046): set up sign-in with an authenticator app. Staff
 * are sent here until they have (no /admin page opens before); members may choose it.
 * Step one shows the QR code, the secret as text and the backup codes, once; step two confirms
 * with a code.
 */
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/two-factor-setup";
import { QrCode, TwoFactorCodeForm } from "~/components/accounts/two-factor-code-form";
import { PasswordInput } from "~/components/auth/password-input";
import { SubmitButton } from "~/components/auth/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/seo";
import { handleSetup, loadSetup } from "~/modules/accounts/two-factor-page.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Tvåstegsverifiering", description: "Skydda kontot med en kod från en autentiseringsapp.", path: "/profile/tvastegsverifiering", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  return loadSetup(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSetup(request, context);
}

type SetupAnswer =
  | { ok: true; intent: "start"; secret: string; qr: boolean[][]; backupCodes: string[] }
  | { ok: false; intent?: string; message: string; fieldErrors?: Partial<Record<string, string>> };

export default function TwoFactorSetupPage({ loaderData }: Route.ComponentProps) {
  const { enabled, staff, hasPassword, redirectTo } = loaderData;
  const answer = useActionData<typeof action>() as SetupAnswer | undefined;
  const navigation = useNavigation();
  const started = answer?.ok ? answer : null;
  const confirmError = answer && !answer.ok && answer.intent === "confirm" ? answer.message : undefined;
  const startError = answer && !answer.ok && answer.intent !== "confirm" ? answer.message : undefined;

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-black tracking-tight">Tvåstegsverifiering</h1>
        <p className="mt-2 text-muted-foreground">
          {staff
            ? "Personal loggar in med lösenord och en kod från en autentiseringsapp. Aktivera det innan adminpanelen öppnas."
            : "Skydda kontot med en kod från en autentiseringsapp (t.ex. Google Authenticator, Microsoft Authenticator eller 1Password) när du loggar in."}
        </p>
      </div>

      {enabled ? (
        <FormAlert tone="success" title="Tvåstegsverifiering är aktiverad">
          Du loggar in med lösenord och en kod från appen.{" "}
          <Link to={redirectTo} className="font-medium underline underline-offset-4">
            Fortsätt
          </Link>
        </FormAlert>
      ) : started ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>1. Skanna QR-koden</h2>
              </CardTitle>
              <CardDescription>Öppna autentiseringsappen och skanna koden, eller skriv in nyckeln för hand.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
              <QrCode modules={started.qr} label="QR-kod för autentiseringsappen" />
              <div className="grid gap-1">
                <p className="text-sm font-medium">Nyckel för manuell inmatning</p>
                <code data-testid="two-factor-secret" className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all">
                  {started.secret}
                </code>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>2. Spara reservkoderna</h2>
              </CardTitle>
              <CardDescription>
                Varje kod fungerar en gång om du inte har appen till hands. Spara dem på ett säkert ställe – de visas bara nu.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul data-testid="backup-codes" aria-label="Reservkoder" className="grid grid-cols-2 gap-2 font-mono text-sm">
                {started.backupCodes.map((code) => (
                  <li key={code} className="rounded-md bg-muted px-2 py-1 text-center">
                    {code}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>3. Bekräfta med en kod</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <TwoFactorCodeForm intent="confirm" redirectTo={redirectTo} error={confirmError} submitLabel="Aktivera" allowBackupCode={false} />
            </CardContent>
          </Card>
        </>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Kom igång</h2>
            </CardTitle>
            <CardDescription>
              {hasPassword ? "Bekräfta med ditt lösenord för att skapa en ny nyckel." : "Skapa en nyckel för din autentiseringsapp."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {confirmError ? <FormAlert>{confirmError}</FormAlert> : null}
            <Form method="post" className="grid gap-4" aria-label="Aktivera tvåstegsverifiering">
              <input type="hidden" name="intent" value="start" />
              {hasPassword ? (
                <FormField id="two-factor-password" label="Lösenord" error={startError}>
                  {(aria) => <PasswordInput {...aria} name="password" autoComplete="current-password" required />}
                </FormField>
              ) : startError ? (
                <FormAlert>{startError}</FormAlert>
              ) : null}
              <SubmitButton busy={navigation.state === "submitting"} busyLabel="Skapar nyckel...">
                Fortsätt
              </SubmitButton>
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
