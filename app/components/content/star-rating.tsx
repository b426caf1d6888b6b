import { Star } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

/** Five stars, filled up to the rating; announced as "Betyg 5 av 5". */
export function StarRating({ rating, className, size = "size-4" }: { rating: number; className?: string; size?: string }) {
  const label = `Betyg ${String(rating).replace(".", ",")} av 5`;
  return (
    <span role="img" aria-label={label} className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          width={16}
          height={16}
          className={cn(size, n <= Math.round(rating) ? "fill-amber-400 text-amber-400" : "text-muted-foreground/40")}
        />
      ))}
    </span>
  );
}
