import { Link } from "react-router";
import type { Route } from "./+types/mina-affarer";
import { handleAcceptQuote, loadMemberOrders } from "~/modules/selling/sell-order-page.server";
import { PageIntro } from "~/components/content/page-intro";
import { SellOrderStatusBadge } from "~/components/selling/sell-order-timeline";
import { useRevalidateOnMemberEvents } from "~/components/realtime/use-revalidate-on-member-events";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { HandCoins } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import { formatLongDateTime, formatSek } from "~/lib/format";
import { pageMeta } from "~/lib/seo";

const BREADCRUMBS = [
  { name: "Min profil", path: "/profile" },
  { name: "Mina affärer", path: "/mina-affarer" },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Mina affärer",
    description: "Dina säljordrar: status, föremål, belopp och utbetalningsdatum.",
    path: "/mina-affarer",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  return loadMemberOrders(request);
}

/** docs/rules/selling.md#accepting-a-quote: the quote page's "Acceptera" posts here. */
export async function action({ request }: Route.ActionArgs) {
  return handleAcceptQuote(request);
}

export default function MinaAffarer({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages, hasMore, statements, taxNote, taxUrl } = loaderData;
  // docs/rules/selling.md#member-pages: statuses change live as staff and Steam move the orders.
  useRevalidateOnMemberEvents(["account"]);
  return (
    <>
      <PageIntro
        breadcrumbs={BREADCRUMBS}
        eyebrow="Sälj skins"
        icon={<HandCoins className="size-4 text-orange-300" aria-hidden="true" />}
        title="Mina affärer"
        lead={<p>Följ dina säljordrar från trade-erbjudandet genom Steams Trade Protection till utbetalningen.</p>}
      />
      <section className="mx-auto grid max-w-4xl gap-4 px-4 py-10 sm:px-6" aria-label="Säljordrar">
        {orders.length === 0 ? (
          <Card>
            <CardContent className="grid justify-items-start gap-3 py-8">
              <p className="font-medium">Du har inga säljordrar än.</p>
              <p className="text-sm text-muted-foreground">Välj skins ur ditt Steam-lager, få ett pris direkt och sälj på några minuter.</p>
              <Button asChild>
                <Link to="/salja">Sälj skins</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-3" data-testid="sell-order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/mina-affarer/${order.id}`}
                  className="grid gap-2 rounded-lg border bg-card p-4 transition-colors hover:bg-accent focus-visible:outline-2 sm:grid-cols-[1fr_auto]"
                >
                  <span className="grid min-w-0 gap-1">
                    <span className="font-medium break-words">
                      {order.itemNames.join(", ")}
                      {order.itemCount > order.itemNames.length ? ` och ${order.itemCount - order.itemNames.length} till` : ""}
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {order.itemCount} föremål · lagd {formatLongDateTime(order.createdAt)}
                      {order.payoutAt && order.status !== "paid" ? ` · utbetalning från ${formatLongDateTime(order.payoutAt)}` : ""}
                    </span>
                  </span>
                  <span className="grid justify-items-start gap-1 sm:justify-items-end">
                    {order.promisesPayout ? <span className="text-lg font-bold tabular-nums">{formatSek(order.totalOre)}</span> : null}
                    <SellOrderStatusBadge status={order.status} text={order.statusText} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager param="sida" page={page} hasMore={hasMore} pageCount={pages} label="säljordrar" />
        {orders.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            Fler skins att sälja?{" "}
            <Link to="/salja" className="font-medium text-primary underline underline-offset-4">
              Sälj nu
            </Link>
            .
          </p>
        ) : null}
      </section>
      {statements.length ? (
        <section className="mx-auto grid max-w-4xl gap-4 px-4 pb-10 sm:px-6" aria-labelledby="arsbesked-heading" data-testid="yearly-statements">
          <Card>
            <CardHeader>
              <CardTitle id="arsbesked-heading">Årsbesked</CardTitle>
              <CardDescription>Dina utbetalda försäljningar per kalenderår, med datum, belopp och summa.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ul className="grid gap-2">
                {statements.map((statement) => (
                  <li key={statement.year} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3" data-testid="yearly-statement">
                    <span>
                      <span className="font-semibold">{statement.year}</span>
                      <span className="text-sm text-muted-foreground">
                        {" "}
                        · {statement.count} {statement.count === 1 ? "försäljning" : "försäljningar"} · {formatSek(statement.totalOre)}
                      </span>
                    </span>
                    <span className="flex gap-2">
                      <Button asChild variant="outline" size="sm">
                        <a href={`/mina-affarer/arsbesked/${statement.year}/pdf`} download aria-label={`Årsbesked ${statement.year} som PDF`}>
                          PDF
                        </a>
                      </Button>
                      <Button asChild variant="outline" size="sm">
                        <a href={`/mina-affarer/arsbesked/${statement.year}/csv`} download aria-label={`Årsbesked ${statement.year} som CSV`}>
                          CSV
                        </a>
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
              <p className="text-sm text-muted-foreground">
                {taxNote}{" "}
                <a href={taxUrl} className="font-medium text-primary underline underline-offset-4" rel="noopener" target="_blank">
                  Skatteverket: Andra tillgångar
                </a>
              </p>
            </CardContent>
          </Card>
        </section>
      ) : null}
    </>
  );
}
