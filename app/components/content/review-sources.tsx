import { ExternalLink, Star } from "~/components/ui/icons";
import { StarRating } from "~/components/content/star-rating";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { formatRating, type ReviewSummary } from "~/modules/marketing/site-figures";

/**
 * The review sources staff configured (docs/decisions/055-site-figures.md): the count-weighted
 * average, then each platform's rating and count with a visible link to its public page. Nothing
 * when no source is configured.
 */
export function ReviewSources({ reviews, tone = "light", className }: { reviews: ReviewSummary; tone?: "light" | "hero"; className?: string }) {
  if (reviews.average === null) return null;
  const hero = tone === "hero";
  return (
    <div
      className={cn(
        "rounded-xl p-6",
        hero ? "bg-white/10 ring-1 ring-white/15 backdrop-blur" : "border bg-card text-card-foreground shadow-sm",
        className,
      )}
      data-testid="review-sources"
    >
      <h2 className={cn("text-sm font-semibold", hero ? "text-white/90" : "text-muted-foreground")}>Sammanlagt betyg</h2>
      <p className="mt-3 flex items-end gap-3">
        <span className="text-5xl font-black tabular-nums" data-testid="review-average">
          {formatRating(reviews.average)}
        </span>
        <span className="pb-1.5">
          <StarRating rating={reviews.average} size="size-5" />
        </span>
      </p>
      <p className={cn("mt-1", hero ? "text-white/80" : "text-muted-foreground")}>
        Snitt av <strong className={hero ? "text-white" : "text-foreground"}>{formatNumber(reviews.total)}</strong> omdömen
      </p>
      <ul className={cn("mt-5 space-y-4 border-t pt-5", hero && "border-white/10")}>
        {reviews.sources.map((source) => (
          <li key={source.platform} data-testid="review-source">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
              <span className="font-semibold">{source.platform}</span>
              <span className={cn("flex items-center gap-1.5", hero ? "text-white/85" : "text-muted-foreground")}>
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" width={16} height={16} />
                {formatRating(source.rating)} · {formatNumber(source.count)} omdömen
              </span>
            </div>
            <a
              href={source.url}
              rel="noopener noreferrer external"
              target="_blank"
              className={cn("mt-1 inline-flex items-center gap-1 text-sm underline underline-offset-2", hero ? "text-orange-200" : "text-primary")}
            >
              Källa: {source.platform}
              <ExternalLink className="size-3.5" aria-hidden="true" width={14} height={14} />
              <span className="sr-only">(öppnas i en ny flik)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
