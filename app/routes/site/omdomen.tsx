import { Link } from "react-router";
import { ArrowDown, Star } from "~/components/ui/icons";
import type { Route } from "./+types/omdomen";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { ReviewCarousel } from "~/components/content/review-carousel";
import { ClosingCtaButtons } from "~/components/content/closing-cta-buttons";
import { Section } from "~/components/content/section";
import { StarRating } from "~/components/content/star-rating";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { Button } from "~/components/ui/button";
import { REVIEWS } from "~/components/content/content-constants";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { pageMeta } from "~/lib/seo";
import { FEATURED_REVIEWS, MORE_REVIEWS } from "~/components/content/marketing-content";
import { formatNumber } from "~/lib/format";
import { formatRating } from "~/modules/marketing/hero-counters";

const BREADCRUMBS = [{ name: "Omdömen", path: "/omdomen" }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Omdömen – vad kunderna säger om oss",
    description: `${formatNumber(REVIEWS.total)} omdömen på ${REVIEWS.platforms.map((p) => p.name).join(" och ")} med snittbetyg ${formatRating(MARKETING.rating)}. Läs vad svenska spelare tycker om att sälja och köpa skins hos oss.`,
    path: "/omdomen",
    breadcrumbs: BREADCRUMBS,
  });

function AggregateRatings() {
  return (
    <div className="rounded-xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur" data-testid="aggregate-ratings">
      <h2 className="text-sm font-semibold text-white/90">Sammanlagt betyg</h2>
      <p className="mt-3 flex items-end gap-3">
        <span className="text-5xl font-black tabular-nums">{formatRating(MARKETING.rating)}</span>
        <span className="pb-1.5">
          <StarRating rating={MARKETING.rating} size="size-5" />
        </span>
      </p>
      <p className="mt-1 text-white/80">
        Baserat på <strong className="text-white">{formatNumber(REVIEWS.total)}</strong> omdömen
      </p>
      <ul className="mt-5 space-y-4 border-t border-white/10 pt-5">
        {REVIEWS.platforms.map((platform) => (
          <li key={platform.name}>
            <div className="flex items-center justify-between gap-4 text-sm">
              <span className="font-semibold">{platform.name}</span>
              <span className="flex items-center gap-1.5 text-white/85">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" width={16} height={16} />
                {formatRating(platform.rating)} · {formatNumber(platform.count)} omdömen
              </span>
            </div>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-white/15" aria-hidden="true">
              <div
                className="h-full rounded-full bg-orange-400"
                style={{ width: `${Math.round((platform.count / REVIEWS.total) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Reviews() {
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" width={16} height={16} />
            {formatRating(MARKETING.rating)} i snittbetyg
          </>
        }
        title="Omdömen från våra kunder"
        lead={
          <p>
            Tusentals svenska spelare har sålt och köpt skins hos oss. Här är vad de tycker – på{" "}
            {REVIEWS.platforms.map((p) => p.name).join(" och ")}, med egna ord.
          </p>
        }
        aside={<AggregateRatings />}
      >
        <Button asChild size="lg" className="text-base">
          <a href="#alla-omdomen">
            Läs omdömena
            <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
          </a>
        </Button>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <Link to="/salja-skins">Sälj dina skins</Link>
        </Button>
      </PageHero>

      <Section id="utvalda" eyebrow="Utvalda" title="Kunder som gjort affär med oss" align="center">
        <ReviewCarousel reviews={FEATURED_REVIEWS} label="Utvalda omdömen" />
      </Section>

      <Section id="alla-omdomen" tone="muted" eyebrow="Fler röster" title="Fler omdömen">
        <ul className="grid gap-5 md:grid-cols-2">
          {MORE_REVIEWS.map((review) => (
            <li key={review.name}>
              <TestimonialCard testimonial={{ ...review, detail: `${review.detail} · via ${review.platform}` }} />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="bli-nasta"
        eyebrow="Din tur"
        title="Bli vår nästa nöjda kund"
        lead="Sälj dina skins på några minuter eller hitta din nästa favorit via livechatten."
        align="center"
      >
        <ClosingCtaButtons to="/kop-skins" label="Köp skins" />
      </Section>
    </>
  );
}
