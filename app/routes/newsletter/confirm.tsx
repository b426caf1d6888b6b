/**
 * /nyhetsbrev/bekrafta?token=… (docs/rules/site.md#footer-newsletter): the page a confirmation
 * mail links to. Opening it changes nothing — mail scanners fetch links before the recipient
 * does — it only tells whether the link still works; the button posts the token and confirms.
 * Works without signing in and is never indexed.
 */
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm";
import { AlertCircle, CircleCheck, Hourglass, Loader2, MailCheck } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { readInput, validate } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { NEWSLETTER_CONFIRM_TEXTS as TEXTS } from "~/modules/newsletter/newsletter";
import { newsletterConfirmationSchema } from "~/modules/newsletter/newsletter-schema";
import { checkConfirmationToken, confirmNewsletterSubscription } from "~/modules/newsletter/newsletter.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: TEXTS.pageTitle,
    description: "Bekräfta din prenumeration på vårt nyhetsbrev.",
    path: "/nyhetsbrev/bekrafta",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

type State = "valid" | "expired" | "invalid" | "confirmed";

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  // A token longer than any link carries is not looked up.
  const state: State = token && token.length <= TEXT_LIMITS.token ? await checkConfirmationToken(db(), token) : "invalid";
  return { state, token: state === "valid" ? token : "" };
}

export async function action({ request }: Route.ActionArgs) {
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const parsed = validate(input.data, newsletterConfirmationSchema);
  if (!parsed.ok) return parsed.response;
  const outcome = await confirmNewsletterSubscription(db(), parsed.data.token);
  if (outcome === "confirmed") return data({ ok: true as const, state: outcome, message: TEXTS.confirmedTitle });
  // An expired link is gone for good (410); an unknown or used one is refused like bad input.
  return data(
    { ok: false as const, state: outcome, message: outcome === "expired" ? TEXTS.expiredTitle : TEXTS.invalidTitle },
    { status: outcome === "expired" ? 410 : 400 },
  );
}

const VIEWS = {
  valid: { Icon: MailCheck, title: TEXTS.pageTitle, text: TEXTS.ask, tone: "text-primary bg-primary/10" },
  confirmed: { Icon: CircleCheck, title: TEXTS.confirmedTitle, text: TEXTS.confirmed, tone: "text-success bg-success/15" },
  expired: { Icon: Hourglass, title: TEXTS.expiredTitle, text: TEXTS.expired, tone: "text-amber-700 bg-amber-500/15 dark:text-amber-400" },
  invalid: { Icon: AlertCircle, title: TEXTS.invalidTitle, text: TEXTS.invalid, tone: "text-destructive bg-destructive/10" },
} as const;

export default function NewsletterConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A refused form (a 400 from the schema) has no state: the link is as good as invalid.
  const state: State = actionData ? ("state" in actionData ? actionData.state : "invalid") : loaderData.state;
  const view = VIEWS[state];
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24" data-testid="newsletter-confirm" data-state={state}>
      <span className={`inline-flex size-16 items-center justify-center rounded-full ${view.tone}`}>
        <view.Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-black tracking-tight text-balance sm:text-4xl">{view.title}</h1>
      <p className="mt-4 text-muted-foreground" role={state === "valid" ? undefined : "status"}>
        {view.text}
      </p>
      {state === "valid" ? (
        <Form method="post" className="mt-8 w-full sm:w-auto">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {busy ? TEXTS.busy : TEXTS.button}
          </Button>
        </Form>
      ) : (
        <Link to="/" className={`${buttonVariants({ variant: "outline" })} mt-8`}>
          {TEXTS.home}
        </Link>
      )}
    </section>
  );
}
