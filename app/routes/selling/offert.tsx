/**
 * /salja/offert/:quoteId, a quote (docs/rules/selling.md#the-quote-page): each item's price or
 * why it is not accepted, the totals with the level and bulk bonus, the points and XP the sale
 * will earn, the payout method and its time, a countdown to expiry, and "Acceptera och sälj",
 * posted to /mina-affarer (the sell orders) by a fetcher: success follows the redirect to the new
 * order, a refusal (limits, expiry) is shown here beside the button. Only the quote's owner sees
 * it; anyone else gets 404.
 */
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/offert";
import { PageIntro } from "~/components/content/page-intro";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Clock } from "~/components/ui/icons";
import { SKIN_WEAR_LABELS } from "~/components/selling/selling-labels";
import { SKIN_VARIANT_LABELS } from "~/modules/trades/trades-constants";
import { formatNumber, formatSek } from "~/lib/format";
import { notFound } from "~/lib/http.server";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/modules/accounts/session.server";
import { levelById } from "~/modules/loyalty/levels";
import { refusalText } from "~/modules/selling/quote-rules";
import { priceHistory } from "~/modules/selling/price-list.server";
import { PriceExplanation } from "~/components/selling/price-explanation";
import { PriceHistory } from "~/components/selling/price-history";
import { getQuote } from "~/modules/selling/quotes.server";
import { db } from "~/platform/db/client.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Din offert", description: "Priset för dina valda skins.", path: "/salja", noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const current = await requireUser(request);
  const quote = await getQuote(db(), current.user.id, params.quoteId);
  if (!quote) throw notFound("Offerten finns inte.");
  const now = new Date();
  // docs/rules/selling.md#price-history: each accepted item's last 90 days.
  const history = await priceHistory(db(), quote.items.filter((item) => item.priceOre !== null).map((item) => item.marketHashName), now);
  return { quote, history: Object.fromEntries(history), serverNow: now.toISOString() };
}

function useSecondsLeft(expiresAt: string, serverNow: string): number {
  const [left, setLeft] = useState(() => Math.max(0, Math.floor((new Date(expiresAt).getTime() - new Date(serverNow).getTime()) / 1000)));
  useEffect(() => {
    // Counted from the server's clock at render, moved on by the browser's: a wrong client clock does not matter.
    const end = Date.now() + (new Date(expiresAt).getTime() - new Date(serverNow).getTime());
    const timer = setInterval(() => setLeft(Math.max(0, Math.floor((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [expiresAt, serverNow]);
  return left;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 border-t pt-2 text-lg font-semibold" : "flex justify-between gap-4"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export default function QuotePage({ loaderData }: Route.ComponentProps) {
  const { quote, history, serverNow } = loaderData;
  const left = useSecondsLeft(quote.expiresAt, serverNow);
  const expired = left === 0;
  const accepted = quote.items.filter((item) => item.priceOre !== null);
  const refused = quote.items.filter((item) => item.refusal !== null);
  const level = levelById(quote.level);
  const countdown = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const accept = useFetcher<{ ok: false; message: string }>();
  return (
    <>
      <PageIntro
        title="Din offert"
        lead="Priserna är låsta medan offerten gäller."
        breadcrumbs={[
          { name: "Sälj skins", path: "/salja-skins" },
          { name: "Sälj nu", path: "/salja" },
          { name: "Offert", path: `/salja/offert/${quote.id}` },
        ]}
      />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        <p
          className={expired ? "flex items-center gap-2 rounded-lg border border-destructive/40 p-3" : "flex items-center gap-2 rounded-lg border p-3"}
          role="status"
          data-testid="quote-countdown"
        >
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {quote.acceptedAt ? (
            <span>
              Offerten är accepterad. Följ ordern under{" "}
              <Link to="/mina-affarer" className="font-medium text-primary underline underline-offset-4">
                Mina affärer
              </Link>
              .
            </span>
          ) : expired ? (
            <span>
              Offerten har gått ut. <Link to="/salja" className="font-medium text-primary underline underline-offset-4">Välj föremål igen</Link> för ett nytt pris.
            </span>
          ) : (
            <span>
              Offerten gäller i <strong className="tabular-nums" aria-hidden="true">{countdown}</strong>
              <span className="sr-only">{Math.ceil(left / 60)} minuter</span> till.
            </span>
          )}
        </p>

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Föremål vi köper ({accepted.length})</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {accepted.length === 0 ? (
              <p className="text-muted-foreground">Inget av de valda föremålen kan säljas just nu.</p>
            ) : (
              <ul className="grid gap-2" data-testid="quote-accepted">
                {accepted.map((item) => (
                  <li key={item.assetId} className="grid gap-2 rounded-md border p-2">
                    <div className="flex items-center gap-3">
                      {item.imageUrl ? <img src={item.imageUrl} alt="" width={64} height={48} className="h-12 w-16 shrink-0 object-contain" /> : null}
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words">{item.name}</p>
                        <p className="text-xs text-muted-foreground">
                          {[item.variant ? SKIN_VARIANT_LABELS[item.variant] : null, item.wear ? SKIN_WEAR_LABELS[item.wear] : null].filter(Boolean).join(" · ")}
                        </p>
                      </div>
                      <span className="font-semibold tabular-nums">{formatSek(item.priceOre!)}</span>
                    </div>
                    <PriceExplanation item={item} />
                    <details className="group text-sm">
                      <summary className="cursor-pointer rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                        Prishistorik
                      </summary>
                      <div className="pt-2">
                        <PriceHistory name={item.name} points={history[item.marketHashName] ?? []} />
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        {refused.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Föremål vi inte kan köpa ({refused.length})</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2" data-testid="quote-refused">
                {refused.map((item) => (
                  <li key={item.assetId} className="rounded-md border p-2">
                    <p className="font-medium break-words">{item.name}{item.wear ? ` (${SKIN_WEAR_LABELS[item.wear]})` : ""}</p>
                    <p className="text-sm text-muted-foreground">{refusalText(item.refusal!, item.tradableAfter)}</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Summa</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid gap-2" data-testid="quote-totals">
              <Row label="Föremål" value={formatSek(quote.baseTotalOre)} />
              <Row label={`Nivåbonus ${level.name} (+${quote.levelBonusPercent} %)`} value={formatSek(quote.levelBonusOre)} />
              <Row label={`Volymbonus (+${quote.bulkBonusPercent} %)`} value={formatSek(quote.bulkBonusOre)} />
              <Row label="Du får" value={formatSek(quote.totalOre)} strong />
            </dl>
            {quote.shareOfReferencePercent !== null ? (
              <p className="text-sm" data-testid="quote-share">
                Du får {quote.shareOfReferencePercent} % av referenspriset.{" "}
                <Link to="/salja-skins#sa-raknar-vi" className="font-medium text-primary underline underline-offset-4">
                  Så räknar vi
                </Link>
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Badge variant="secondary">+{formatNumber(quote.points)} poäng</Badge>
              <Badge variant="secondary">+{formatNumber(quote.xp)} XP</Badge>
            </div>
            <p className="text-sm text-muted-foreground">Poäng och XP krediteras när försäljningen är utbetald.</p>
            <p className="text-sm">
              Utbetalning via <strong>{quote.payoutLabel}</strong>: {quote.payoutTime}.
            </p>
            <accept.Form method="post" action="/mina-affarer" className="grid justify-items-start gap-2">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="quoteId" value={quote.id} />
              <Button type="submit" size="lg" disabled={expired || accepted.length === 0 || quote.acceptedAt !== null || accept.state !== "idle"}>
                Acceptera och sälj
              </Button>
              {accept.data?.message ? (
                <p role="alert" className="text-sm text-destructive" data-testid="accept-error">
                  {accept.data.message}
                </p>
              ) : null}
            </accept.Form>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
