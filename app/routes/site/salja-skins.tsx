import { Link } from "react-router";
import { ArrowDown, ArrowRight, BadgeCheck, Gamepad2 } from "~/components/ui/icons";
import type { Route } from "./+types/salja-skins";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { FeatureGrid } from "~/components/content/feature-grid";
import { FixedCta } from "~/components/content/fixed-cta";
import { LiveChatButton } from "~/components/content/live-chat-button";
import { LiveChatCta } from "~/components/content/live-chat-cta";
import { HERO_OUTLINE_BUTTON, PageHero } from "~/components/content/page-hero";
import { PayoutTimesCard } from "~/components/content/payout-times-card";
import { Section } from "~/components/content/section";
import { StepList } from "~/components/content/step-list";
import { SteamValuationForm } from "~/components/selling/steam-valuation-form";
import { Button } from "~/components/ui/button";
import { HowWePrice } from "~/components/selling/how-we-price";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { CLAIMS, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { PAYOUT_AFTER_PROTECTION } from "~/modules/trades/trades-constants";
import { faqNode, pageMeta } from "~/lib/seo";
import { SELL_BENEFITS, SELL_FAQ, SELL_STEPS } from "~/components/content/marketing-content";

const BREADCRUMBS = [{ name: "Sälj skins", path: "/salja-skins" }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Sälj CS2-skins – trygg utbetalning via Swish",
    description: `Sälj dina CS2-skins. ${CLAIMS.rates}. Inga avgifter. Så fungerar det i tre steg.`,
    path: "/salja-skins",
    breadcrumbs: BREADCRUMBS,
    jsonLd: [faqNode(SELL_FAQ)],
  });

export default function SellSkins() {
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <BadgeCheck className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
            Inga avgifter · Swish {PAYOUT_CLAIMS.swish} efter Trade Protection
          </>
        }
        title="Sälj dina CS2-skins för riktiga pengar"
        lead={
          <p>
            Få ett marknadsbaserat bud, godkänn bytet i Steam och se pengarna landa i din Swish{" "}
            {PAYOUT_AFTER_PROTECTION}. Inga avgifter, inga krångliga mellanhänder – bara en svensk tjänst
            som betalar snabbt och på utsatt dag.
          </p>
        }
        aside={<PayoutTimesCard />}
      >
        {/* docs/rules/selling.md#the-sell-page: the self-service flow; this page stays the guide. */}
        <Button asChild size="lg" variant="secondary" className="text-base">
          <Link to="/salja">Sälj direkt från ditt Steam-lager</Link>
        </Button>
        <LiveChatButton className="text-base">Sälj via livechatten</LiveChatButton>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <a href="#sa-saljer-du">
            Så går det till
            <ArrowDown className="size-5" aria-hidden="true" width={20} height={20} />
          </a>
        </Button>
      </PageHero>

      {/* docs/rules/selling.md#valuation-before-sign-up: a price before any account. */}
      <Section id="vardera" eyebrow="Utan konto" title="Vad är ditt lager värt?" lead="Klistra in länken till din Steam-profil och se dagens pris för varje föremål.">
        <div className="max-w-3xl">
          <SteamValuationForm heading="Värdera ditt Steam-lager" />
        </div>
      </Section>

      <Section
        id="sa-saljer-du"
        eyebrow="Tre steg"
        title="Så säljer du dina skins"
        lead={`Själva affären tar oftast bara några minuter. Pengarna kommer ${PAYOUT_AFTER_PROTECTION}.`}
      >
        <StepList steps={SELL_STEPS} />
      </Section>

      <Section
        id="sa-raknar-vi"
        eyebrow="Priset"
        title="Så räknar vi"
        lead="Varje bud är referenspriset gånger vår kurs för föremålets kategori, plus din nivå- och volymbonus."
      >
        <HowWePrice />
      </Section>

      <Section id="fordelar" tone="muted" eyebrow="Fördelar" title="Därför säljer du till oss">
        <FeatureGrid items={SELL_BENEFITS} />
      </Section>

      <Section
        id="vad-vi-koper"
        eyebrow="Vad vi köper"
        title="Alla skick, många spel"
        lead="Från fabriksnya knivar till välanvända vapen – vi lämnar bud på det mesta."
      >
        <div className="grid gap-5 md:grid-cols-2">
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="text-lg font-semibold">Skick vi köper</h3>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Skick">
              {MARKETING.skinConditions.map((condition) => (
                <li
                  key={condition}
                  className="rounded-md bg-accent px-3 py-1.5 text-sm font-bold tracking-wide text-accent-foreground"
                >
                  {condition}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-muted-foreground">
              Factory New, Minimal Wear, Field-Tested, Well-Worn och Battle-Scarred.
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Gamepad2 className="size-5 text-primary" aria-hidden="true" width={20} height={20} />
              Fler spel än CS2
            </h3>
            <p className="mt-4 text-muted-foreground">
              Föremål från {CLAIMS.otherGames.join(", ")} värderar vi bara via chatt. Fråga i chatten så
              ger vi dig ett bud.
            </p>
          </div>
        </div>
      </Section>

      <Section id="vanliga-fragor" tone="muted" eyebrow="Frågor och svar" title="Vanliga frågor om att sälja">
        <div className="max-w-3xl">
          <FaqAccordion items={SELL_FAQ} />
          <p className="mt-6">
            <Link to="/faq" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
              Fler frågor och svar
              <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
            </Link>
          </p>
        </div>
      </Section>

      <LiveChatCta
        title="Sälj dina skins i dag"
        buttonLabel="Starta försäljningen"
      />

      <FixedCta>
        <LiveChatButton className="w-full shadow-lg md:w-auto">Sälj skins nu</LiveChatButton>
      </FixedCta>
    </>
  );
}
