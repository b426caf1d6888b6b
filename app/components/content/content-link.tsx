import { Link } from "react-router";
import { ArrowRight } from "~/components/ui/icons";

export interface ContentLinkTarget {
  to: string;
  label: string;
}

/** A content card's link to the page it speaks of, after the card's text. */
export function ContentLink({ to, label }: ContentLinkTarget) {
  return (
    <Link to={to} className="mt-3 inline-flex items-center gap-1 font-medium text-primary hover:underline">
      {label}
      <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
    </Link>
  );
}
