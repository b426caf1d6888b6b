/**
 * /auth (docs/rules/accounts.md): sign in, the sign-up wizard, reset request and choosing a new
 * password. `mode` in the URL picks the view; tabs rewrite it in place.
 */
import { useEffect } from "react";
import { data, Link, redirect, useActionData, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { ArrowLeft, BadgePercent, ShieldCheck, Zap } from "~/components/ui/icons";
import type { Route } from "./+types/auth";
import { signInErrorParam, socialSignInErrorMessage } from "~/modules/accounts/social-sign-in-errors";
import { FormAlert } from "~/components/ui/form-alert";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { ResetRequestForm } from "~/components/auth/reset-request-form";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpWizard } from "~/components/auth/sign-up-wizard";
import { SocialSignIn } from "~/components/auth/social-sign-in";
import { BankIdSignIn } from "~/components/auth/bankid-sign-in";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { CLAIMS, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { showOutcomeToast } from "~/lib/use-action-form";
import { badRequest, readInput, validate } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import {
  AUTH_MESSAGES,
  newPasswordSchema,
  resendConfirmationSchema,
  resetRequestSchema,
  signInSchema,
} from "~/modules/accounts/auth-schemas";
import { safeRedirectTo } from "~/modules/accounts/safe-redirect";
import { getCurrentSession } from "~/modules/accounts/session.server";
import {
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signUpFromWizard,
} from "~/modules/accounts/auth-page.server";
import { handleSignInCode } from "~/modules/accounts/two-factor-page.server";
import { TwoFactorCodeForm } from "~/components/accounts/two-factor-code-form";

const MODES = ["signin", "signup", "reset", "reset-password", "two-factor"] as const;
type Mode = (typeof MODES)[number];

function parseMode(value: string | null): Mode {
  return MODES.find((mode) => mode === value) ?? "signin";
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Logga in eller skapa konto",
    description: `Logga in på ditt konto eller skapa ett nytt på några minuter. Sälj CS2-skins utan avgifter, samla poäng och XP och få betalt via Swish.`,
    path: "/auth",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const mode = parseMode(url.searchParams.get("mode"));
  const current = await getCurrentSession(request);
  // docs/rules/accounts.md#sign-in: a signed-in visitor is sent on, except to choose a new password.
  if (current && mode !== "reset-password") {
    if (url.searchParams.get("message") === "confirmed") return data({ confirmedWithSession: true });
    throw redirect(safeRedirectTo(url.searchParams.get("redirectTo")));
  }
  return data({ confirmedWithSession: false });
}

/** Only navigations that change more than the mode need the loader again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return false;
  if (currentUrl.pathname === nextUrl.pathname) {
    const strip = (url: URL) => {
      const params = new URLSearchParams(url.search);
      params.delete("mode");
      return params.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
}

// A 429 keeps its Retry-After (app/lib/route-headers.ts).
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const form = input.data;
  switch (form.intent) {
    case "signin": {
      const parsed = validate(form, signInSchema, { intent: "signin" });
      if (!parsed.ok) return parsed.response;
      return signIn(request, context, { ...parsed.data, redirectTo: safeRedirectTo(parsed.data.redirectTo) });
    }
    case "two-factor":
      return handleSignInCode(request, context, form);
    case "signup":
      // A fetcher's request is a `.data` address; anything else is the page posted without JavaScript.
      return signUpFromWizard(request, context, form, { plainPost: !context.dataRequest });
    case "reset": {
      const parsed = validate(form, resetRequestSchema, { intent: "reset" });
      if (!parsed.ok) return parsed.response;
      return requestPasswordReset(request, context, parsed.data.email);
    }
    case "reset-password": {
      const parsed = validate(form, newPasswordSchema, { intent: "reset-password" });
      if (!parsed.ok) return parsed.response;
      return resetPassword(request, context, parsed.data);
    }
    case "resend": {
      const parsed = validate(form, resendConfirmationSchema, { intent: "resend", title: AUTH_MESSAGES.resendFailedTitle });
      if (!parsed.ok) return parsed.response;
      return resendConfirmation(request, context, parsed.data.email);
    }
    default:
      return badRequest(INPUT_MESSAGES.badRequest);
  }
}

const HEADINGS: Record<Mode, { title: string; description: string }> = {
  signin: { title: "Välkommen tillbaka", description: "Logga in för att se dina poäng, din nivå och dina affärer." },
  signup: { title: "Skapa ditt konto", description: "Tre snabba steg – sedan kan du börja sälja och samla poäng." },
  reset: { title: "Återställ lösenord", description: "Vi skickar en länk till din e-post." },
  "reset-password": { title: "Välj nytt lösenord", description: "Välj ett starkt lösenord som du inte använder någon annanstans." },
  "two-factor": { title: "Tvåstegsverifiering", description: "Ange koden från din autentiseringsapp för att logga in." },
};

const SELLING_POINTS = [
  { Icon: Zap, text: `Swish-utbetalning ${PAYOUT_CLAIMS.swish} efter Trade Protection` },
  { Icon: BadgePercent, text: CLAIMS.fees },
  { Icon: ShieldCheck, text: "Affärer via Steams egna trade-system" },
] as const;

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = parseMode(searchParams.get("mode"));
  const message = searchParams.get("message");
  const token = searchParams.get("token") ?? "";
  const linkError = searchParams.get("error");
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo"));
  const referralCode = searchParams.get("ref");
  const { confirmedWithSession } = loaderData;
  const posted = useActionData<typeof action>() as { ok?: boolean; intent?: string; message?: string } | undefined;
  const codeError = posted && posted.ok === false && posted.intent === "two-factor" ? posted.message : undefined;

  // docs/rules/accounts.md#email-confirmation: a confirmed account with a session is welcomed and sent to the start page.
  useEffect(() => {
    if (!confirmedWithSession) return;
    showOutcomeToast({ tone: "success", title: AUTH_MESSAGES.confirmed, description: "Välkommen! Ditt konto är nu aktiverat." });
    navigate("/", { replace: true });
  }, [confirmedWithSession, navigate]);

  // docs/rules/accounts.md#password-reset: a bad or used reset link, or none at all, goes back to the reset form.
  const badResetLink = mode === "reset-password" && (Boolean(linkError) || !token);
  useEffect(() => {
    if (!badResetLink) return;
    showOutcomeToast({
      tone: "error",
      title: linkError ? AUTH_MESSAGES.linkExpired : AUTH_MESSAGES.noValidSession,
      description: "Begär en ny länk för att återställa lösenordet.",
    });
    navigate("/auth?mode=reset", { replace: true });
  }, [badResetLink, linkError, navigate]);

  const onTabChange = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("mode", value);
        next.delete("message");
        next.delete("error");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const heading = HEADINGS[mode];
  const socialError = socialSignInErrorMessage(signInErrorParam(searchParams));
  const signInNotice =
    socialError ? (
      <FormAlert title="Inloggningen misslyckades">{socialError}</FormAlert>
    ) : message === "confirmed" ? (
      <FormAlert tone="success" title="E-postadressen är bekräftad">
        Ditt konto är aktiverat. Logga in för att fortsätta.
      </FormAlert>
    ) : message === "signed-out" ? (
      <FormAlert tone="success" title={AUTH_MESSAGES.signedOutTitle}>
        Du har loggats ut från alla enheter.
      </FormAlert>
    ) : mode === "signin" && linkError ? (
      <FormAlert title="Länken fungerade inte">
        Bekräftelselänken är ogiltig eller har gått ut. Logga in – är kontot inte bekräftat kan du få en ny länk.
      </FormAlert>
    ) : undefined;

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/10 to-transparent" />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-8 sm:px-6 md:py-12 lg:grid-cols-[1fr_minmax(0,30rem)] lg:items-start">
        <div className="lg:pt-10">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Tillbaka till startsidan
          </Link>
          <h1 className="mt-6 text-3xl font-black tracking-tight sm:text-4xl">{heading.title}</h1>
          <p className="mt-3 max-w-md text-muted-foreground">{heading.description}</p>
          <ul className="mt-8 hidden gap-4 lg:grid">
            {SELLING_POINTS.map(({ Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-medium">{text}</span>
              </li>
            ))}
          </ul>
        </div>

        <Card className="w-full shadow-lg">
          {mode === "signin" || mode === "signup" ? (
            <Tabs value={mode} onValueChange={onTabChange} className="gap-0">
              <CardHeader className="pb-2">
                <TabsList className="grid w-full grid-cols-2" aria-label="Välj inloggning eller nytt konto">
                  <TabsTrigger value="signin">Logga in</TabsTrigger>
                  <TabsTrigger value="signup">Skapa konto</TabsTrigger>
                </TabsList>
              </CardHeader>
              <CardContent className="pt-4">
                <TabsContent value="signin" className="grid gap-6">
                  <SignInForm redirectTo={redirectTo} notice={signInNotice} />
                  <SocialSignIn extra={<BankIdSignIn redirectTo={redirectTo} />} />
                </TabsContent>
                <TabsContent value="signup" className="grid gap-6">
                  <SignUpWizard referralCode={referralCode} />
                  <SocialSignIn />
                </TabsContent>
              </CardContent>
            </Tabs>
          ) : (
            <>
              <CardHeader>
                <CardTitle asChild>
                  <h2>{mode === "reset" ? "Glömt lösenordet?" : mode === "two-factor" ? "Ange din kod" : "Nytt lösenord"}</h2>
                </CardTitle>
                <CardDescription>
                  {mode === "reset"
                    ? "Ingen fara – det löser vi på en minut."
                    : mode === "two-factor"
                      ? "Sex siffror från appen, eller en av dina reservkoder."
                      : "Lösenordet måste uppfylla alla krav nedan."}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {mode === "reset" ? (
                  <ResetRequestForm />
                ) : mode === "two-factor" ? (
                  <TwoFactorCodeForm intent="two-factor" action={`/auth?mode=two-factor`} redirectTo={redirectTo} error={codeError} submitLabel="Logga in" />
                ) : badResetLink ? null : (
                  <NewPasswordForm token={token} />
                )}
              </CardContent>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
