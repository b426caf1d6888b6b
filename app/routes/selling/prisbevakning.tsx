/**
 * /prisbevakning?token=… (docs/rules/selling.md#price-alerts): the page every price-alert mail
 * links to. GET only shows the alert (mail scanners fetch links); its buttons post: "Bekräfta
 * bevakningen" (a visitor's double opt-in) and "Avsluta bevakningen" (one click, no sign-in:
 * the signed link is the only authority). A bad link is a Swedish 400.
 */
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/prisbevakning";
import { AlertTriangle, BellRing, CheckCircle2, Loader2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { formatSek } from "~/lib/format";
import { readInput } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { PRICE_ALERT_PATH } from "~/modules/selling/selling-constants";
import { alertByToken, answerAlertLink, PRICE_ALERT_MESSAGES, type PriceAlertView } from "~/modules/selling/price-alerts.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Prisbevakning", description: "Bekräfta eller avsluta din prisbevakning.", path: PRICE_ALERT_PATH, noindex: true });

// A personal link: never indexed, never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

type Answer = { state: "invalid"; message: string } | { state: "show" | "confirmed"; alert: PriceAlertView } | { state: "stopped" };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export async function loader({ request }: Route.LoaderArgs) {
  const found = await alertByToken(db(), tokenOf(request));
  if (!found) return data<Answer>({ state: "invalid", message: PRICE_ALERT_MESSAGES.invalidLink }, { status: 400 });
  // A link of ours whose alert is gone: it was ended (here, or by its member).
  return data<Answer>(found.alert ? { state: "show", alert: found.alert } : { state: "stopped" });
}

const INTENTS = new Set(["confirm", "stop"] as const);

export async function action({ request }: Route.ActionArgs) {
  // The page renders every answer in its own shape, an unreadable body too.
  const input = await readInput(request);
  const intent = input.ok && INTENTS.has(input.data.intent as "confirm") ? (input.data.intent as "confirm" | "stop") : null;
  const result = intent ? await answerAlertLink(db(), { token: tokenOf(request), intent }) : { ok: false as const, status: 400 as const, message: PRICE_ALERT_MESSAGES.invalidLink };
  if (!result.ok) return data<Answer>({ state: "invalid", message: result.message }, { status: result.status });
  return data<Answer>(result.alert ? { state: "confirmed", alert: result.alert } : { state: "stopped" });
}

function AlertSummary({ alert }: { alert: PriceAlertView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
      <dt className="text-muted-foreground">Bevakar</dt>
      <dd className="font-medium break-words">{alert.label}</dd>
      <dt className="text-muted-foreground">Målpris</dt>
      <dd>{formatSek(alert.targetOre)}</dd>
      <dt className="text-muted-foreground">Vi betalar nu</dt>
      <dd>{formatSek(alert.lastValueOre)}</dd>
    </dl>
  );
}

function Outcome({ ok, title, text }: { ok: boolean; title: string; text: string }) {
  const Icon = ok ? CheckCircle2 : AlertTriangle;
  return (
    <>
      <Icon className={ok ? "mx-auto size-10 text-emerald-600" : "mx-auto size-10 text-amber-600"} aria-hidden="true" />
      <h1 className="text-2xl font-black tracking-tight">{title}</h1>
      <p className="text-muted-foreground" data-testid={ok ? "price-alert-stopped" : "price-alert-invalid"}>
        {text}
      </p>
    </>
  );
}

export default function PriceAlertLink({ loaderData, actionData }: Route.ComponentProps) {
  const answer = (actionData ?? loaderData) as Answer;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 md:py-16">
      <Card>
        <CardContent className="grid gap-5 pt-6 text-center" aria-live="polite">
          {answer.state === "invalid" || answer.state === "stopped" ? (
            <Outcome
              ok={answer.state === "stopped"}
              title={answer.state === "stopped" ? "Bevakningen är avslutad" : "Ogiltig länk"}
              text={answer.state === "stopped" ? "Vi mejlar dig inte mer om det här priset." : answer.message}
            />
          ) : (
            <>
              {answer.state === "confirmed" ? (
                <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
              ) : (
                <BellRing className="mx-auto size-10 text-primary" aria-hidden="true" />
              )}
              <h1 className="text-2xl font-black tracking-tight">
                {answer.state === "confirmed" ? "Bevakningen är aktiv" : answer.alert.confirmed ? "Din prisbevakning" : "Bekräfta din prisbevakning"}
              </h1>
              {answer.state === "confirmed" ? (
                <p className="text-muted-foreground" data-testid="price-alert-confirmed">
                  Vi mejlar dig när vi betalar ditt målpris.
                </p>
              ) : null}
              <AlertSummary alert={answer.alert} />
              <Form method="post" replace className="flex flex-wrap justify-center gap-3">
                {!answer.alert.confirmed ? (
                  <Button type="submit" name="intent" value="confirm" disabled={busy !== null}>
                    {busy === "confirm" ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                    Bekräfta bevakningen
                  </Button>
                ) : null}
                <Button type="submit" name="intent" value="stop" variant="outline" disabled={busy !== null}>
                  {busy === "stop" ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                  Avsluta bevakningen
                </Button>
              </Form>
            </>
          )}
          <p>
            <Link to="/salja/vardering" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Värdera ett lager
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
