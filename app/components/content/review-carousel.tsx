import { useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { TestimonialCard, type Testimonial } from "./testimonial-card";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Reduced motion is assumed on the server, so nothing rotates before the browser knows. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

/**
 * A carousel of reviews following the WAI-ARIA carousel pattern: labelled previous/next
 * buttons, one button per slide, a pause/play control, arrow keys, a polite live region
 * that announces slides the visitor chose, and automatic rotation that pauses on hover and
 * focus and never runs under prefers-reduced-motion.
 */
export function ReviewCarousel({
  reviews,
  label,
  intervalMs = 7_000,
}: {
  reviews: readonly (Testimonial & { platform?: string })[];
  label: string;
  intervalMs?: number;
}) {
  const id = useId();
  const count = reviews.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, count, intervalMs]);

  function show(next: number) {
    const target = (next + count) % count;
    setIndex(target);
    setAnnouncement(`Omdöme ${target + 1} av ${count}: ${reviews[target]?.name ?? ""}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    }
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="review-carousel"
      data-rotating={rotating ? "true" : "false"}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="mx-auto max-w-3xl"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setStopped((value) => !value)}
          className={cn(reducedMotion && "invisible")}
          aria-hidden={reducedMotion ? true : undefined}
          tabIndex={reducedMotion ? -1 : undefined}
        >
          {stopped ? (
            <>
              <Play aria-hidden="true" width={16} height={16} />
              Starta automatisk visning
            </>
          ) : (
            <>
              <Pause aria-hidden="true" width={16} height={16} />
              Pausa automatisk visning
            </>
          )}
        </Button>
        <div className="flex items-center gap-2">
          <Button type="button" variant="outline" size="icon" onClick={() => show(index - 1)} aria-label="Föregående omdöme">
            <ChevronLeft className="size-5" aria-hidden="true" width={20} height={20} />
          </Button>
          <Button type="button" variant="outline" size="icon" onClick={() => show(index + 1)} aria-label="Nästa omdöme">
            <ChevronRight className="size-5" aria-hidden="true" width={20} height={20} />
          </Button>
        </div>
      </div>

      <div id={`${id}-slides`} className="grid">
        {reviews.map((review, slide) => (
          <div
            key={review.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide + 1} av ${count}`}
            hidden={slide !== index}
            className="[grid-area:1/1] text-lg"
          >
            <TestimonialCard
              testimonial={review.platform ? { ...review, detail: `${review.detail} · via ${review.platform}` } : review}
              className="min-h-64"
            />
          </div>
        ))}
      </div>

      <div className="mt-5 flex justify-center gap-2">
        {reviews.map((review, slide) => (
          <button
            key={review.name}
            type="button"
            aria-controls={`${id}-slides`}
            aria-label={`Visa omdöme ${slide + 1} av ${count}`}
            aria-current={slide === index ? "true" : undefined}
            onClick={() => show(slide)}
            className="flex size-10 cursor-pointer items-center justify-center rounded-full outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span
              aria-hidden="true"
              className={cn(
                "block h-2.5 rounded-full transition-all",
                slide === index ? "w-8 bg-primary" : "w-2.5 bg-muted-foreground/40",
              )}
            />
          </button>
        ))}
      </div>

      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="carousel-status">
        {announcement}
      </p>
    </div>
  );
}
