import { Link } from "react-router";
import { ArrowDown, Star } from "~/components/ui/icons";
import type { Route } from "./+types/omdomen";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { ReviewCarousel } from "~/components/content/review-carousel";
import { ClosingCtaButtons } from "~/components/content/closing-cta-buttons";
import { Section } from "~/components/content/section";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { FEATURED_REVIEWS, MORE_REVIEWS } from "~/components/content/marketing-content";
import { ReviewSources } from "~/components/content/review-sources";
import { formatNumber } from "~/lib/format";
import { formatRating, listPlatforms, type ReviewSummary } from "~/modules/marketing/site-figures";
import { loadSiteFigures } from "~/modules/marketing/site-figures.server";
import { db } from "~/platform/db/client.server";

const BREADCRUMBS = [{ name: "Omdömen", path: "/omdomen" }];

export async function loader() {
  const { reviews } = await loadSiteFigures(db());
  return { reviews };
}

/** "4 241 omdömen på Trustpilot och Google med snittbetyg 4,8." — or nothing when no source is configured. */
function reviewsSentence(reviews: ReviewSummary): string {
  if (reviews.average === null) return "";
  return `${formatNumber(reviews.total)} omdömen på ${listPlatforms(reviews.sources)} med snittbetyg ${formatRating(reviews.average)}. `;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: "Omdömen – vad kunderna säger om oss",
    description: `${loaderData ? reviewsSentence(loaderData.reviews) : ""}Läs vad svenska spelare tycker om att sälja och köpa skins hos oss.`,
    path: "/omdomen",
    breadcrumbs: BREADCRUMBS,
  });

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          reviews.average === null ? (
            "Omdömen"
          ) : (
            <>
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" width={16} height={16} />
              {formatRating(reviews.average)} i snittbetyg
            </>
          )
        }
        title="Omdömen från våra kunder"
        lead={
          <p>
            Svenska spelare som sålt och köpt skins hos oss berättar med egna ord.
            {reviews.average === null ? null : ` Betygen kommer från ${listPlatforms(reviews.sources)} – följ länken till varje källa.`}
          </p>
        }
        aside={reviews.average === null ? null : <ReviewSources reviews={reviews} tone="hero" />}
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
              <TestimonialCard testimonial={review} />
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
