import { Link } from "react-router";
import { ArrowRight, BadgeCheck } from "~/components/ui/icons";
import type { Route } from "./+types/home";
import { FeatureGrid } from "~/components/content/feature-grid";
import { HeroCounters } from "~/components/content/hero-counters";
import { HERO_OUTLINE_BUTTON } from "~/components/content/page-hero";
import { LiveChatCta } from "~/components/content/live-chat-cta";
import { PayoutTimesCard } from "~/components/content/payout-times-card";
import { Section } from "~/components/content/section";
import { StatsRow } from "~/components/content/stats-row";
import { StepList } from "~/components/content/step-list";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { LatestPostsSection } from "~/components/blog/latest-posts-section";
import { Button } from "~/components/ui/button";
import { CLAIMS } from "~/modules/marketing/claims";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { PAYOUT_AFTER_PROTECTION } from "~/modules/trades/trades-constants";
import { pageMeta } from "~/lib/seo";
import { COMPANY } from "~/lib/company";
import { BUY_STEPS, HOME_BENEFITS, keyStats, SELL_STEPS, TESTIMONIALS } from "~/components/content/marketing-content";
import { ReviewSources } from "~/components/content/review-sources";
import { formatClaim } from "~/modules/marketing/site-figures";
import { loadSiteFigures } from "~/modules/marketing/site-figures.server";
import { latestPostCards } from "~/modules/blog/latest-cards.server";
import { db } from "~/platform/db/client.server";

/**
 * The latest posts are streamed: not awaited, so the page never waits for them. The site's
 * figures are kept in memory (site-figures.server.ts), so awaiting them costs no query.
 */
export async function loader() {
  return { latestPosts: latestPostCards(db()), figures: await loadSiteFigures(db()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Skinhamnen – Sälj CS2-skins snabbt och säkert",
    description: `Sälj CS2-skins och få betalt via Swish, bank eller krypto ${PAYOUT_AFTER_PROTECTION}. Inga avgifter och svensk support.`,
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const stats = keyStats(figures);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-orange-500/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-[22rem] rounded-full bg-indigo-500/20 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
              <BadgeCheck className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
              Svenskt företag{figures.trades === null ? ` i ${COMPANY.city}` : ` · ${formatClaim(figures.trades)} affärer`}
            </p>
            <h1 className="mt-6 text-4xl font-black tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Sälj dina CS2-skins – tryggt och med priset förklarat
            </h1>
            <p className="mt-5 max-w-xl text-lg text-white/80">
              Vi köper dina skins till marknadsbaserade priser och betalar ut i SEK via Swish, bank eller
              krypto {PAYOUT_AFTER_PROTECTION}. {CLAIMS.fees}. Svensk support{" "}
              {SUPPORT_HOURS.label}.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" className="text-base">
                <Link to="/salja-skins" data-analytics-label="Sell Skins Hero">
                  Sälj skins
                  <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
                <Link to="/kop-skins" data-analytics-label="Buy Skins Hero">
                  Köp skins via chatten
                </Link>
              </Button>
            </div>
          </div>
          <div className="space-y-4">
            <HeroCounters targets={{ customers: figures.members, rating: figures.reviews.average }} />
            <PayoutTimesCard />
          </div>
        </div>
      </section>

      <Section
        id="varfor-oss"
        eyebrow="Varför Skinhamnen"
        title="Det smartaste sättet att sälja dina skins"
        lead="Snabba pengar, ärliga priser och en svensk support som faktiskt svarar. Här är vad som skiljer oss från mängden."
      >
        <FeatureGrid items={HOME_BENEFITS} />
        <StatsRow stats={stats} label="Skinhamnen i siffror" className="mt-10" />
      </Section>

      <Section
        id="sa-fungerar-det"
        tone="muted"
        eyebrow="Så fungerar det"
        title="Tre steg – oavsett om du säljer eller köper"
      >
        <div className="space-y-14">
          <div>
            <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <h3 className="text-2xl font-bold tracking-tight">Sälja skins</h3>
              <Link to="/salja-skins" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
                Läs mer om att sälja
                <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
              </Link>
            </div>
            <StepList steps={SELL_STEPS} headingLevel={4} />
          </div>
          <div>
            <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <h3 className="text-2xl font-bold tracking-tight">Köpa skins</h3>
              <Link to="/kop-skins" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
                Läs mer om att köpa
                <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
              </Link>
            </div>
            <StepList steps={BUY_STEPS} headingLevel={4} />
          </div>
        </div>
      </Section>

      <Section id="kundrecensioner" eyebrow="Omdömen" title="Vad våra kunder säger">
        <ReviewSources reviews={figures.reviews} className="mb-8 max-w-xl" />
        <ul className="grid gap-5 md:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/omdomen" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
            Läs fler omdömen
            <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
          </Link>
        </p>
      </Section>

      <LatestPostsSection posts={loaderData.latestPosts} />

      <LiveChatCta />
    </>
  );
}
