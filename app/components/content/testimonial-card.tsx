import { Quote } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { StarRating } from "./star-rating";

export interface Testimonial {
  name: string;
  /** e.g. a city, a platform or what they did: "Sålde en kniv · Göteborg". */
  detail: string;
  rating: number;
  text: string;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** One customer quote as a figure (blockquote + caption). */
export function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figure className={cn("flex h-full flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm", className)}>
      <div className="flex items-center justify-between gap-4">
        <StarRating rating={testimonial.rating} />
        <Quote className="size-6 text-primary/40" aria-hidden="true" width={24} height={24} />
      </div>
      <blockquote className="mt-4 flex-1 text-pretty">
        <p>”{testimonial.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-foreground"
        >
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="block font-semibold">{testimonial.name}</span>
          <span className="block text-sm text-muted-foreground">{testimonial.detail}</span>
        </span>
      </figcaption>
    </figure>
  );
}
