import { Link } from "react-router";
import { ArrowRight, BadgeCheck, Clock, ShieldCheck, Star, Users, Wallet } from "lucide-react";
import type { Route } from "./+types/home";
import { LatestPostsSection } from "~/components/blog/latest-posts-section";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { HERO_COUNTERS, MARKETING, PAYOUT_TIMES, SUPPORT_HOURS } from "~/constants";
import { pageMeta } from "~/lib/seo";
import { latestPostCards } from "~/modules/blog/latest-cards.server";
import { db } from "~/platform/db/client.server";

/** The latest posts are streamed: not awaited, so the page never waits for them. */
export function loader() {
  return { latestPosts: latestPostCards(db()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Skinhamnen – Sälj CS2-skins snabbt och säkert",
    description: `Sälj dina CS2-skins och få betalt i SEK via Swish inom ${PAYOUT_TIMES.swish}. ${MARKETING.feePercent}% avgift och svensk support ${SUPPORT_HOURS.label}.`,
    path: "/",
  });

function formatThousands(value: number): string {
  return value >= 1000 ? `${Math.round(value / 1000)}K+` : String(value);
}

const STATS = [
  { label: "Nöjda kunder", value: formatThousands(HERO_COUNTERS.customersTarget), Icon: Users },
  { label: "Betyg", value: MARKETING.rating.toFixed(1).replace(".", ","), Icon: Star },
  { label: "Avgift", value: `${MARKETING.feePercent}%`, Icon: Wallet },
  { label: "Utbetalning via Swish", value: PAYOUT_TIMES.swish, Icon: Clock },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-orange-500/25 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
              <BadgeCheck className="size-4 text-orange-300" aria-hidden="true" />
              Svenskt företag · {MARKETING.trades.toLocaleString("sv-SE")}+ affärer
            </p>
            <h1 className="mt-6 text-4xl font-black tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Sälj dina CS2-skins – få betalt på minuter
            </h1>
            <p className="mt-5 max-w-xl text-lg text-white/80">
              Vi köper dina skins till marknadsbaserade priser och betalar ut i SEK via Swish, bank
              eller krypto. Inga dolda avgifter och svensk support {SUPPORT_HOURS.label}.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" className="text-base">
                <Link to="/salja-skins" data-analytics-label="Sell Skins Hero">
                  Sälj skins
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/30 bg-white/5 text-base text-white hover:bg-white/15 hover:text-white"
              >
                <Link to="/kop-skins" data-analytics-label="Buy Skins Hero">
                  Se skins till salu
                </Link>
              </Button>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4" aria-label="Skinhamnen i siffror">
            {STATS.map(({ label, value, Icon }) => (
              <li key={label} className="rounded-xl bg-white/10 p-5 ring-1 ring-white/15 backdrop-blur">
                <Icon className="size-6 text-orange-300" aria-hidden="true" />
                <p className="mt-3 text-2xl font-extrabold sm:text-3xl">{value}</p>
                <p className="text-sm text-white/75">{label}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="varfor">
        <h2 id="varfor" className="text-3xl font-bold tracking-tight">
          Varför sälja till oss?
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {[
            {
              Icon: Clock,
              title: "Snabb utbetalning",
              text: `Swish inom ${PAYOUT_TIMES.swish}, bank inom ${PAYOUT_TIMES.bank} och krypto inom ${PAYOUT_TIMES.crypto}.`,
            },
            {
              Icon: ShieldCheck,
              title: "Trygga affärer",
              text: `${MARKETING.securePercent}% säkra transaktioner och manuell granskning av affärer över ${MARKETING.manualReviewAboveSek.toLocaleString("sv-SE")} kr.`,
            },
            {
              Icon: Wallet,
              title: "Inga dolda avgifter",
              text: `Du betalar ${MARKETING.feePercent}% – andra tar ofta ${MARKETING.competitorFeeRange[0]}–${MARKETING.competitorFeeRange[1]}%.`,
            },
          ].map(({ Icon, title, text }) => (
            <Card key={title}>
              <CardContent className="pt-6">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      {/* latest-blog-posts */}
      <LatestPostsSection posts={loaderData.latestPosts} />
    </>
  );
}
