import { Link } from "react-router";
import { CircleCheck, MessageCircle } from "~/components/ui/icons";
import type { Route } from "./+types/success";
import { LiveChatButton } from "~/components/content/live-chat-button";
import { Button } from "~/components/ui/button";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Tack för din betalning",
    description: "Din betalning är genomförd. Meddela din handläggare i chatten så skickas dina föremål inom kort.",
    path: "/success",
    noindex: true,
  });

/** Thank-you page after paying: the customer tells the case handler so items are sent (docs/rules/site.md#pages). */
export default function Success() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-success/15">
        <CircleCheck className="size-11 text-success" aria-hidden="true" width={44} height={44} />
      </span>
      <h1 className="mt-6 text-4xl font-black tracking-tight text-balance sm:text-5xl">Tack för din betalning!</h1>
      <p className="mt-5 text-lg text-muted-foreground">
        Din betalning har gått igenom. Meddela nu din handläggare i chatten att betalningen är gjord, så
        skickar vi dina föremål inom kort.
      </p>
      <div className="mt-8 w-full rounded-xl border bg-card p-6 text-left shadow-sm">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <MessageCircle className="size-5 text-primary" aria-hidden="true" width={20} height={20} />
          Så gör du nu
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-muted-foreground marker:font-semibold marker:text-primary">
          <li>Gå tillbaka till chatten med din handläggare.</li>
          <li>Skriv att betalningen är genomförd.</li>
          <li>Håll Steam öppet – trade-erbjudandet med dina föremål kommer inom kort.</li>
        </ol>
        <p className="mt-4 text-sm text-muted-foreground">Chatten är öppen {SUPPORT_HOURS.label}.</p>
      </div>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:flex-row">
        <LiveChatButton>Meddela din handläggare</LiveChatButton>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Till startsidan</Link>
        </Button>
      </div>
    </section>
  );
}
