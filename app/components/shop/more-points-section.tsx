/**
 * The Point Shop's "Samla fler poäng" section: where more points come from.
 */
import { Link } from "react-router";
import { ArrowRight, Coins, Sparkles, TrendingUp } from "~/components/ui/icons";
import { POINTS_PER_SEK, POINTS_VALUE } from "~/modules/loyalty/loyalty-constants";
import { formatNumber } from "~/lib/format";

export function MorePointsSection() {
  return (
    <section aria-labelledby="fler-poang-rubrik" className="border-t bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <h2 id="fler-poang-rubrik" className="text-2xl font-bold tracking-tight">
          Samla fler poäng
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {[
            {
              to: "/salja-skins",
              Icon: TrendingUp,
              title: "Sälj skins",
              text: `${POINTS_PER_SEK.sale} poäng per krona på varje försäljning.`,
            },
            {
              to: "/point-system",
              Icon: Coins,
              title: "Så fungerar poängen",
              text: `${formatNumber(POINTS_VALUE.points)} poäng ≈ ${POINTS_VALUE.sek} kr i belöningar.`,
            },
            {
              to: "/xp-system",
              Icon: Sparkles,
              title: "XP och VIP-nivåer",
              text: "Högre nivå ger bonus på försäljningar och unika erbjudanden.",
            },
          ].map(({ to, Icon, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary/50"
              >
                <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                <span className="grid gap-1">
                  <span className="flex items-center gap-1 font-semibold">
                    {title}
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="text-sm text-muted-foreground">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
