/**
 * Previous/next links for a list paged in the URL by its own search param; the other params
 * (search, filters) are kept. `total` (pages) is shown when the list knows it.
 */
import { Link, useSearchParams } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { buttonVariants } from "~/components/ui/button";
import { withSearchParams } from "~/lib/search-params";

export function Pager({
  param,
  page,
  hasMore,
  label,
  total,
}: {
  param: string;
  page: number;
  hasMore: boolean;
  label: string;
  total?: number;
}) {
  const [params] = useSearchParams();
  if (page === 1 && !hasMore) return null;
  const link = (target: number) => withSearchParams(params, { [param]: target === 1 ? null : target });
  const linkClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <nav aria-label={`Sidor: ${label}`} className="flex items-center justify-end gap-2 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} preventScrollReset className={linkClass}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Föregående
        </Link>
      ) : null}
      <span className="text-muted-foreground" aria-current="page">
        {total ? `Sida ${page} av ${total}` : `Sida ${page}`}
      </span>
      {hasMore ? (
        <Link to={link(page + 1)} preventScrollReset className={linkClass}>
          Nästa
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

