/** /konto-raderat: the signed-out member's confirmation that the account is deleted (decision 049). */
import { Link } from "react-router";
import type { Route } from "./+types/account-deleted";
import { Button } from "~/components/ui/button";
import { CircleCheck } from "~/components/ui/icons";
import { pageMeta } from "~/lib/seo";
import { ACCOUNT_DELETION_KEPT_REASON, ACCOUNT_DELETION_MESSAGES } from "~/modules/accounts/account-deletion";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: ACCOUNT_DELETION_MESSAGES.deleted,
    description: "Ditt konto och dina personuppgifter är raderade.",
    path: "/konto-raderat",
    noindex: true,
  });

export default function AccountDeleted() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-success/15">
        <CircleCheck className="size-11 text-success" aria-hidden="true" width={44} height={44} />
      </span>
      <h1 className="mt-6 text-4xl font-black tracking-tight text-balance sm:text-5xl">{ACCOUNT_DELETION_MESSAGES.deleted}</h1>
      <p className="mt-5 text-lg text-muted-foreground">
        Vi har raderat ditt konto och dina personuppgifter och loggat ut dig på alla enheter. Tack för tiden hos oss.
      </p>
      <p className="mt-4 text-sm text-muted-foreground">
        Avräkningsnotor och utbetalningar för dina affärer sparas. {ACCOUNT_DELETION_KEPT_REASON}{" "}
        <Link to="/integritetspolicy#radera-konto" className="font-medium underline underline-offset-4">
          Läs mer i integritetspolicyn
        </Link>
        .
      </p>
      <Button asChild size="lg" variant="outline" className="mt-8">
        <Link to="/">Till startsidan</Link>
      </Button>
    </section>
  );
}
