import { Link } from "react-router";
import { ArrowRight, Check, Crown, Gem, Shield, Sparkles, Star } from "~/components/ui/icons";
import type { Route } from "./+types/xp-system";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { ClosingCtaButtons } from "~/components/content/closing-cta-buttons";
import { Section } from "~/components/content/section";
import { StepList } from "~/components/content/step-list";
import { TestimonialCard } from "~/components/content/testimonial-card";
import { Button } from "~/components/ui/button";
import { LEVELS, XP_PER_SEK, type LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { faqNode, pageMeta } from "~/lib/seo";
import { SUCCESS_STORIES, XP_FAQ, XP_STEPS } from "~/components/content/marketing-content";
import { formatNumber } from "~/lib/format";

const BREADCRUMBS = [{ name: "XP och VIP-nivåer", path: "/xp-system" }];
const LEVEL_ICONS = { Shield, Star, Crown, Gem } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "XP och VIP-nivåer – Bronze, Silver, Gold och Platinum",
    description: `Tjäna ${XP_PER_SEK.sale} XP per krona när du säljer eller köper och klättra genom ${LEVELS.length} VIP-nivåer med upp till +${LEVELS.at(-1)?.saleBonusPercent}% extra på försäljningar och månatlig bonus-XP.`,
    path: "/xp-system",
    breadcrumbs: BREADCRUMBS,
    jsonLd: [faqNode(XP_FAQ)],
  });

const lowestFee = Math.min(...LEVELS.map((level) => level.purchaseFeePercent));
const lowestFeeText = `${LEVELS.find((level) => level.purchaseFeePercent === lowestFee)?.name} betalar ${lowestFee}%`;

function xpRange(level: LevelDefinition): string {
  return level.maxXP === null
    ? `${formatNumber(level.minXP)}+ XP`
    : `${formatNumber(level.minXP)}–${formatNumber(level.maxXP)} XP`;
}

function LevelCard({ level, highlighted }: { level: LevelDefinition; highlighted: boolean }) {
  const Icon = LEVEL_ICONS[level.icon];
  return (
    <li
      className="relative flex flex-col overflow-hidden rounded-xl border bg-card p-6 text-card-foreground shadow-sm"
      data-testid={`level-${level.id}`}
    >
      <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1.5" style={{ backgroundColor: level.color }} />
      {highlighted ? (
        <span className="absolute top-4 right-4 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
          Högsta nivån
        </span>
      ) : null}
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-xl text-white"
        style={{ backgroundColor: level.color }}
      >
        <Icon className="size-6" width={24} height={24} />
      </span>
      <h3 className="mt-4 text-2xl font-bold">{level.name}</h3>
      <p className="text-sm font-medium text-muted-foreground">{xpRange(level)}</p>
      <dl className="mt-5 grid gap-2 rounded-lg bg-muted/60 p-3 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Extra på försäljning</dt>
          <dd className="text-lg font-bold tabular-nums">+{level.saleBonusPercent}%</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Avgift när du köper</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid={`purchase-fee-${level.id}`}>
            {level.purchaseFeePercent}%
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Bonus-XP per månad</dt>
          <dd className="text-lg font-bold tabular-nums">{formatNumber(level.monthlyBonusXP)}</dd>
        </div>
      </dl>
      <ul className="mt-5 space-y-2" aria-label={`Förmåner för ${level.name}`}>
        {level.benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" width={16} height={16} />
            {benefit}
          </li>
        ))}
        {level.monthlyBonusXP > 0 ? (
          <li className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" width={16} height={16} />
            {formatNumber(level.monthlyBonusXP)} bonus-XP varje månad
          </li>
        ) : null}
      </ul>
    </li>
  );
}

export default function XpSystem() {
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <Sparkles className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
            {XP_PER_SEK.sale} XP per krona
          </>
        }
        title="Samla XP och nå VIP-nivåerna"
        lead={
          <p>
            XP visar hur aktiv du är hos oss. Ju mer du handlar, desto högre nivå – och desto bättre villkor på
            varje försäljning. XP förbrukas aldrig.
          </p>
        }
      >
        <Button asChild size="lg" className="text-base">
          <Link to="/salja-skins">
            Börja samla XP
            <ArrowRight className="size-5" aria-hidden="true" width={20} height={20} />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <a href="#vip-nivaer">Se alla nivåer</a>
        </Button>
      </PageHero>

      <Section
        id="sa-fungerar-xp"
        eyebrow="Så fungerar XP"
        title="XP på varje affär"
        lead={`Du får ${XP_PER_SEK.sale} XP per krona när du säljer och ${XP_PER_SEK.purchase} XP per krona när du köper. XP är skilt från poängen du spenderar i Point Shop.`}
      >
        <StepList steps={XP_STEPS} />
      </Section>

      <Section
        id="vip-nivaer"
        tone="muted"
        eyebrow="VIP-nivåer"
        title={`${LEVELS.length} nivåer – från ${LEVELS[0]?.name} till ${LEVELS.at(-1)?.name}`}
        lead="Du uppgraderas automatiskt när din XP når nästa gräns."
      >
        <p className="mb-8 max-w-3xl text-muted-foreground">
          Bonusen läggs ovanpå utbetalningen när du säljer till oss, och att sälja är alltid avgiftsfritt. När du köper
          skins av oss betalar du en avgift på affärens värde – lägre ju högre nivå du har ({lowestFeeText}).
        </p>
        <ol className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {LEVELS.map((level, index) => (
            <LevelCard key={level.id} level={level} highlighted={index === LEVELS.length - 1} />
          ))}
        </ol>
      </Section>

      <Section id="framgangshistorier" eyebrow="Framgångshistorier" title="De klättrade – det kan du också">
        <ul className="grid gap-5 md:grid-cols-3">
          {SUCCESS_STORIES.map((story) => (
            <li key={story.name}>
              <TestimonialCard testimonial={story} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="vanliga-fragor" tone="muted" eyebrow="Frågor och svar" title="Vanliga frågor om XP">
        <div className="max-w-3xl">
          <FaqAccordion items={XP_FAQ} />
        </div>
      </Section>

      <Section
        id="kom-igang"
        eyebrow="Kom igång"
        title="Din första XP är en försäljning bort"
        align="center"
      >
        <ClosingCtaButtons to="/point-system" label="Läs om poängsystemet" />
      </Section>
    </>
  );
}
