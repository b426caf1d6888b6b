/**
 * /email-confirmation (docs/rules/accounts.md#email-confirmation): what to do after signing up,
 * tips when the mail does not show up, and a rate-limited resend for the address in the URL.
 */
import { Link, useSearchParams } from "react-router";
import { Inbox, Loader2, MailCheck, MousePointerClick, UserCheck } from "~/components/ui/icons";
import type { Route } from "./+types/email-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import type { AuthActionResult } from "~/components/auth/types";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { keepRetryAfter } from "~/lib/route-headers";
import { pageMeta } from "~/lib/seo";
import { usePublicConfig } from "~/lib/site-config";
import { useActionForm } from "~/lib/use-action-form";
import { parseRequest } from "~/lib/http.server";
import { AUTH_MESSAGES, resendConfirmationSchema } from "~/modules/accounts/auth-schemas";
import { resendConfirmation } from "~/modules/accounts/auth-page.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Bekräfta din e-postadress",
    description: "Vi har skickat en bekräftelselänk till din e-post. Klicka på länken för att aktivera ditt konto.",
    path: "/email-confirmation",
    noindex: true,
  });

// A 429 keeps its Retry-After (app/lib/route-headers.ts).
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseRequest(request, resendConfirmationSchema, {
    intent: "resend",
    title: AUTH_MESSAGES.resendFailedTitle,
  });
  if (!parsed.ok) return parsed.response;
  return resendConfirmation(request, context, parsed.data.email);
}

const RESEND_SENT = "Ett nytt bekräftelsemail är på väg.";

function resendToast(result: AuthActionResult) {
  return result.ok
    ? { tone: "success" as const, title: AUTH_MESSAGES.resendSent, description: RESEND_SENT }
    : { tone: "error" as const, title: result.title ?? AUTH_MESSAGES.resendFailedTitle, description: result.message ?? AUTH_MESSAGES.resendFailed };
}

const STEPS = [
  { Icon: Inbox, title: "Öppna din inkorg", text: "Leta efter ett mejl från oss med ämnet ”Bekräfta din e-postadress”." },
  { Icon: MousePointerClick, title: "Klicka på länken", text: "Knappen i mejlet bekräftar adressen och loggar in dig direkt." },
  { Icon: UserCheck, title: "Klart!", text: "Ditt konto är aktiverat – nu kan du sälja skins och samla poäng." },
] as const;

const TIPS = [
  "Titta i skräppost, kampanjer eller andra flikar i din e-post.",
  "Kontrollera att e-postadressen ovan är rätt stavad.",
  "Vänta ett par minuter – ibland dröjer leveransen.",
  "Lägg till vår avsändaradress i dina kontakter och skicka mejlet igen.",
] as const;

export default function EmailConfirmation() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim() ?? "";
  const form = useActionForm<AuthActionResult>({ intent: "resend", toast: resendToast });
  const { supportEmail } = usePublicConfig();
  const busy = form.busy;
  const outcome = form.outcome;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 md:py-16">
      <div className="text-center">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-8" aria-hidden="true" />
        </div>
        <h1 className="mt-6 text-3xl font-black tracking-tight sm:text-4xl">Bekräfta din e-postadress</h1>
        <p className="mt-3 text-muted-foreground">
          {email ? (
            <>
              Vi har skickat en bekräftelselänk till <strong className="break-all text-foreground">{email}</strong>.
            </>
          ) : (
            "Vi har skickat en bekräftelselänk till din e-postadress."
          )}
        </p>
      </div>

      <Card className="mt-8">
        <CardContent className="grid gap-6 pt-6">
          <h2 className="text-lg font-bold">Så aktiverar du kontot</h2>
          <ol className="grid gap-5">
            {STEPS.map(({ Icon, title, text }, index) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <p className="flex items-center gap-2 font-semibold">
                    <Icon className="size-4 text-primary" aria-hidden="true" />
                    {title}
                  </p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardContent className="grid gap-4 pt-6">
          <h2 className="text-lg font-bold">Hittar du inte mejlet?</h2>
          <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <div aria-live="polite">
            {email ? (
              <form.Form method="post" onSubmit={form.onSubmit} className="grid gap-2 sm:flex sm:items-center">
                <input type="hidden" name="email" value={email} />
                <Button type="submit" disabled={busy}>
                  {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                  {busy ? "Skickar..." : "Skicka bekräftelsemail igen"}
                </Button>
                {outcome && !outcome.ok ? (
                  <p className="text-sm font-medium text-red-700 dark:text-red-300">{outcome.message}</p>
                ) : outcome?.ok && form.fromPlainPost ? (
                  // Without JavaScript there is no toast: the page says it instead.
                  <p role="status" className="text-sm font-medium">
                    {AUTH_MESSAGES.resendSent} {RESEND_SENT}
                  </p>
                ) : null}
              </form.Form>
            ) : (
              <FormAlert>{AUTH_MESSAGES.resendEmailMissing}</FormAlert>
            )}
          </div>
        </CardContent>
      </Card>

      <nav aria-label="Vidare" className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/auth?mode=signin">Till inloggningen</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Till startsidan</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/kontakta-oss">Kontakta oss</Link>
        </Button>
      </nav>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Fortfarande problem? Mejla oss på{" "}
        <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
