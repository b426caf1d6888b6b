import { Link } from "react-router";
import { ArrowRight } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";

/** The buttons closing a marketing page: "Sälj skins" first, then one more page to read. */
export function ClosingCtaButtons({ to, label }: { to: string; label: string }) {
  return (
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to="/salja-skins">
          Sälj skins
          <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={to}>{label}</Link>
      </Button>
    </div>
  );
}
