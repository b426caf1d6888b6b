/**
 * /nyhetsbrev/avregistrera?token=… (docs/rules/newsletter.md#unsubscribing): the link every
 * newsletter and launch mail carries. GET only shows what will happen and a confirm button
 * (link scanners prefetch GETs); POST unsubscribes, from that button or as the RFC 8058
 * one-click POST a mail client sends without cookies (the origin rule exempts exactly this
 * path: the signed token is the only authority). No sign-in; a bad token is a Swedish 400.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { CheckCircle2, Loader2, Mail, AlertTriangle } from "~/components/ui/icons";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { UNSUBSCRIBE_PATH } from "~/modules/newsletter/newsletter-constants";
import { readInput } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { MAIL_LIST_LABELS, type MailList } from "~/modules/newsletter/campaign-rules";
import { readUnsubscribeToken, unsubscribe } from "~/modules/newsletter/unsubscribe.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Avregistrera dig",
    description: "Sluta få våra utskick med ett klick.",
    path: UNSUBSCRIBE_PATH,
    noindex: true,
  });

// A personal link: never indexed, never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

const INVALID = "Länken för att avregistrera dig är ogiltig. Använd länken i det senaste mejlet från oss, eller ändra dina inställningar på din profil.";

type Answer =
  | { state: "invalid"; message: string }
  | { state: "confirm" | "done"; email: string; list: MailList };

export async function loader({ request }: Route.LoaderArgs) {
  const token = readUnsubscribeToken(new URL(request.url).searchParams.get("token"));
  if (!token) return data<Answer>({ state: "invalid", message: INVALID }, { status: 400 });
  return data<Answer>({ state: "confirm", email: token.email, list: token.list });
}

export async function action({ request }: Route.ActionArgs) {
  // The body is a one-click `List-Unsubscribe=One-Click` or the confirm form; the token is in the URL.
  const input = await readInput(request);
  // An unreadable body is answered on this page, in its own shape (the page renders every answer).
  if (!input.ok) return data<Answer>({ state: "invalid", message: input.response.data.message }, { status: input.response.init?.status ?? 400 });
  const token = readUnsubscribeToken(new URL(request.url).searchParams.get("token"));
  if (!token) return data<Answer>({ state: "invalid", message: INVALID }, { status: 400 });
  await unsubscribe(db(), token);
  return data<Answer>({ state: "done", email: token.email, list: token.list });
}

const WHAT: Record<MailList, { confirm: string; done: string }> = {
  newsletter: {
    confirm: "Du får då inga fler nyhetsbrev från oss till adressen nedan.",
    done: "Du får inga fler nyhetsbrev från oss. Är du medlem kan du slå på dem igen under inställningarna på din profil.",
  },
  launch: {
    confirm: "Vi meddelar dig då inte när köp öppnar på sajten.",
    done: "Vi meddelar dig inte när köp öppnar. Du kan anmäla dig igen på sidan Köp skins.",
  },
};

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const answer = (actionData ?? loaderData) as Answer;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 md:py-16">
      <Card>
        <CardContent className="grid gap-5 pt-6 text-center" aria-live="polite">
          {answer.state === "invalid" ? (
            <>
              <AlertTriangle className="mx-auto size-10 text-amber-600" aria-hidden="true" />
              <h1 className="text-2xl font-black tracking-tight">Ogiltig länk</h1>
              <p className="text-muted-foreground" data-testid="unsubscribe-invalid">
                {answer.message}
              </p>
            </>
          ) : answer.state === "done" ? (
            <>
              <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
              <h1 className="text-2xl font-black tracking-tight">Du är avregistrerad</h1>
              <p className="text-muted-foreground" data-testid="unsubscribe-done">
                {WHAT[answer.list].done}
              </p>
              <p className="text-sm break-all">{answer.email}</p>
            </>
          ) : (
            <>
              <Mail className="mx-auto size-10 text-primary" aria-hidden="true" />
              <h1 className="text-2xl font-black tracking-tight">Avregistrera dig från {MAIL_LIST_LABELS[answer.list].toLowerCase()}?</h1>
              <p className="text-muted-foreground">{WHAT[answer.list].confirm}</p>
              <p className="font-medium break-all">{answer.email}</p>
              <Form method="post" replace>
                <Button type="submit" disabled={busy} data-testid="unsubscribe-confirm">
                  {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                  {busy ? "Avregistrerar …" : "Ja, avregistrera mig"}
                </Button>
              </Form>
            </>
          )}
          <p>
            <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Till startsidan
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
