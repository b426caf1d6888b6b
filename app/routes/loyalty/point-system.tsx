import { Link } from "react-router";
import { ArrowRight, Coins, ShoppingBag, TrendingUp } from "~/components/ui/icons";
import type { Route } from "./+types/point-system";
import { FeatureGrid } from "~/components/content/feature-grid";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { Section } from "~/components/content/section";
import { StepList } from "~/components/content/step-list";
import { Button } from "~/components/ui/button";
import { POINTS_PER_SEK, POINTS_VALUE } from "~/modules/loyalty/loyalty-constants";
import { pageMeta } from "~/lib/seo";
import { POINT_STEPS, POINT_USES } from "~/components/content/marketing-content";
import { formatNumber } from "~/lib/format";

const BREADCRUMBS = [{ name: "Poängsystem", path: "/point-system" }];
const POINT_VALUE_TEXT = `${formatNumber(POINTS_VALUE.points)} poäng ≈ ${formatNumber(POINTS_VALUE.sek)} kr`;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Poängsystemet – tjäna poäng på varje affär",
    description: `Få ${POINTS_PER_SEK.sale} poäng per krona när du säljer och ${POINTS_PER_SEK.purchase} poäng per krona när du köper. ${POINT_VALUE_TEXT}. Lös in poängen i Point Shop.`,
    path: "/point-system",
    breadcrumbs: BREADCRUMBS,
  });

const EXAMPLE_SEK = 1_000;

export default function PointSystem() {
  const rates = [
    {
      Icon: TrendingUp,
      title: "När du säljer",
      rate: POINTS_PER_SEK.sale,
      example: `Sälj för ${formatNumber(EXAMPLE_SEK)} kr → ${formatNumber(EXAMPLE_SEK * POINTS_PER_SEK.sale)} poäng`,
    },
    {
      Icon: ShoppingBag,
      title: "När du köper",
      rate: POINTS_PER_SEK.purchase,
      example: `Köp för ${formatNumber(EXAMPLE_SEK)} kr → ${formatNumber(EXAMPLE_SEK * POINTS_PER_SEK.purchase)} poäng`,
    },
  ];

  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <Coins className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
            {POINT_VALUE_TEXT}
          </>
        }
        title="Poäng på varje affär"
        lead={
          <p>
            Varje gång du säljer eller köper skins hos oss samlar du poäng. Poängen växlar du sedan mot
            belöningar i Point Shop – helt utan krångel.
          </p>
        }
      >
        <Button asChild size="lg" className="text-base">
          <Link to="/point-shop">
            Till Point Shop
            <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <Link to="/salja-skins">Sälj skins och samla poäng</Link>
        </Button>
      </PageHero>

      <Section id="tjana-poang" eyebrow="Så tjänar du poäng" title="Poäng per krona">
        <div className="grid gap-5 md:grid-cols-3">
          {rates.map(({ Icon, title, rate, example }) => (
            <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="size-7 text-primary" aria-hidden="true" width={28} height={28} />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2">
                <span className="text-5xl font-black tracking-tight text-primary tabular-nums">{rate}</span>{" "}
                <span className="text-lg font-medium">poäng per krona</span>
              </p>
              <p className="mt-3 text-sm text-muted-foreground">{example}</p>
            </div>
          ))}
          <div className="rounded-xl bg-gradient-to-br from-primary to-orange-700 p-6 text-white shadow-sm">
            <Coins className="size-7" aria-hidden="true" width={28} height={28} />
            <h3 className="mt-4 text-lg font-semibold">Så mycket är poängen värda</h3>
            <p className="mt-2 text-3xl font-black tracking-tight" data-testid="points-value">
              {POINT_VALUE_TEXT}
            </p>
            <p className="mt-3 text-sm text-white/90">Ungefärligt värde när du löser in belöningar i Point Shop.</p>
          </div>
        </div>
      </Section>

      <Section id="anvand-poang" tone="muted" eyebrow="Använd dina poäng" title="Vad kan jag göra med poängen?">
        <FeatureGrid items={POINT_USES} />
      </Section>

      <Section id="kom-igang" eyebrow="Kom igång" title="Tre steg till din första belöning">
        <StepList steps={POINT_STEPS} />
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/point-shop">Till Point Shop</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/salja-skins">Sälj skins</Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/xp-system">
              Läs om XP och VIP-nivåer
              <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
            </Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
