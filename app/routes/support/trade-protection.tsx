import { Link } from "react-router";
import {
  ArrowRight,
  BadgeCheck,
  CalendarDays,
  CheckCircle2,
  Hourglass,
  Lock,
  Send,
  ShieldCheck,
  Undo2,
  Wallet,
} from "~/components/ui/icons";
import type { Route } from "./+types/trade-protection";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { PageIntro } from "~/components/content/page-intro";
import { Button } from "~/components/ui/button";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import { faqNode, pageMeta } from "~/lib/seo";
import { TRADE_PROTECTION_FAQ } from "~/modules/support/trade-protection-content";
import { formatNumber } from "~/lib/format";

const days = TRADE_PROTECTION_DAYS;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Trade Protection – utbetalning efter ${TRADE_PROTECTION_DAYS} dagar`,
    description: `Valves Trade Protection låter avsändaren återföra en CS2-trade i ${TRADE_PROTECTION_DAYS} dagar. Så påverkar det dig som säljer, när pengarna kommer och vad du ska göra.`,
    path: "/trade-protection",
    breadcrumbs: [{ name: "Trade Protection", path: "/trade-protection" }],
    jsonLd: [faqNode(TRADE_PROTECTION_FAQ)],
  });

const TIMELINE = [
  {
    Icon: Send,
    when: "Dag 0",
    title: "Du skickar dina skins",
    text: "Du godkänner vårt bud och accepterar trade-erbjudandet i Steam-appen. Priset är nu låst.",
  },
  {
    Icon: Hourglass,
    when: `Dag 1–${days}`,
    title: "Skyddsperioden pågår",
    text: "Steam håller traden öppen för återföring. Vi har reserverat din betalning och följer affären.",
  },
  {
    Icon: BadgeCheck,
    when: `Dag ${days}`,
    title: "Skyddet upphör",
    text: "Traden kan inte längre återföras och affären är definitiv för båda parter.",
  },
  {
    Icon: Wallet,
    when: "Utbetalning",
    title: "Pengarna skickas",
    text: `Swish ${PAYOUT_CLAIMS.swish}, bank ${PAYOUT_CLAIMS.bank}, krypto ${PAYOUT_CLAIMS.crypto}.`,
  },
] as const;

const EFFECTS = [
  {
    Icon: Lock,
    title: "Priset är låst",
    text: "Budet du godkände gäller, även om marknadspriset rör sig under skyddsperioden.",
  },
  {
    Icon: CalendarDays,
    title: `Betalt efter ${days} dagar`,
    text: "Utbetalningen startar när perioden är slut – sedan går det lika snabbt som vanligt.",
  },
  {
    Icon: Undo2,
    title: "Återförd trade hävs",
    text: "Drar du tillbaka traden under perioden blir det ingen affär och ingen utbetalning.",
  },
] as const;

const CHECKLIST = [
  "Aktivera Steam Guard Mobile Authenticator – utan det kan du inte trada utan långa spärrar.",
  "Kontrollera i Steam-appen att erbjudandet kommer från oss och att föremålen stämmer innan du accepterar.",
  "Ange rätt Swish-nummer, kontonummer eller kryptoadress i ditt eget namn.",
  "Återför inte traden under skyddsperioden – hör av dig till oss i chatten om något är fel.",
  `Affärer över ${formatNumber(MARKETING.manualReviewAboveSek)} kr granskas manuellt – svara gärna om vi ställer en kontrollfråga.`,
] as const;

export default function TradeProtectionPage() {
  return (
    <>
      <PageIntro
        title="Trade Protection"
        eyebrow="Säkra affärer"
        icon={<ShieldCheck className="size-4 text-orange-300" aria-hidden="true" />}
        breadcrumbs={[{ name: "Trade Protection", path: "/trade-protection" }]}
        lead={
          <p>
            Valves skydd för CS2-trades gör att en trade kan återföras i {days} dagar. Därför betalar vi ut
            när skyddsperioden är slut – så att varje affär är trygg, både för dig och för oss.
          </p>
        }
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/salja-skins">
              Sälj skins
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/30 bg-white/5 text-white hover:bg-white/15 hover:text-white"
          >
            <a href="#fragor">Frågor och svar</a>
          </Button>
        </div>
      </PageIntro>

      <div className="mx-auto max-w-7xl space-y-20 px-4 py-16 sm:px-6">
        <section aria-labelledby="vad-ar" className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:items-center">
          <div className="max-w-2xl space-y-4 leading-7">
            <h2 id="vad-ar" className="text-3xl font-bold tracking-tight">
              Vad är Trade Protection?
            </h2>
            <p>
              Trade Protection är en funktion i Steam för CS2. Efter varje trade har den som skickade
              föremålen {days} dagar på sig att återföra traden – då går föremålen tillbaka till
              avsändaren, och mottagaren blir av med dem. Skyddet finns för att stoppa bedragare som lurar
              till sig skins och för att kapade konton ska kunna få tillbaka det som stulits.
            </p>
            <p>
              Skyddet gäller alla CS2-trades på Steam, oavsett vem du handlar med. För oss som köper
              skins innebär det att en affär inte är definitiv förrän de {days} dagarna har gått. Därför
              betalar vi ut när skyddsperioden är slut, i stället för direkt efter traden.
            </p>
          </div>
          <div className="rounded-2xl bg-gradient-to-br from-hero-from to-hero-to p-8 text-center text-white shadow-sm">
            <p className="text-7xl font-black tracking-tight">{days}</p>
            <p className="mt-1 text-lg font-semibold">dagars skyddsperiod</p>
            <p className="mt-3 text-sm text-white/75">
              Sedan betalar vi ut – till Swish {PAYOUT_CLAIMS.swish}.
            </p>
          </div>
        </section>

        <section aria-labelledby="tidslinje">
          <h2 id="tidslinje" className="text-3xl font-bold tracking-tight">
            Från trade till utbetalning
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Så här ser en försäljning ut från dag 0 till pengarna på ditt konto.
          </p>
          <div aria-hidden="true" className="mt-8 hidden md:block">
            <div className="grid grid-cols-[repeat(7,1fr)_auto] items-center gap-1">
              {Array.from({ length: days }, (_, index) => (
                <div key={index} className="h-2 rounded-full bg-primary/30" />
              ))}
              <div className="ml-1 size-4 rounded-full bg-success" />
            </div>
            <div className="mt-2 flex justify-between text-xs font-medium text-muted-foreground">
              <span>Dag 0</span>
              <span>Dag {days}</span>
            </div>
          </div>
          <ol className="mt-8 grid gap-6 md:grid-cols-4" data-testid="trade-protection-timeline">
            {TIMELINE.map(({ Icon, when, title, text }, index) => (
              <li key={when} className="relative flex gap-4 md:flex-col">
                <div className="flex flex-col items-center md:flex-row">
                  <span
                    className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full ${
                      index === TIMELINE.length - 1
                        ? "bg-success text-white"
                        : "bg-primary text-primary-foreground"
                    }`}
                  >
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  {index < TIMELINE.length - 1 && (
                    <span aria-hidden="true" className="mt-2 w-0.5 flex-1 bg-border md:mt-0 md:ml-3 md:h-0.5 md:w-auto" />
                  )}
                </div>
                <div className="pb-2">
                  <p className="text-sm font-semibold text-orange-700 dark:text-primary">{when}</p>
                  <h3 className="mt-1 text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="paverkan">
          <h2 id="paverkan" className="text-3xl font-bold tracking-tight">
            Så påverkar det dig som säljer
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {EFFECTS.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="checklista" className="grid gap-8 lg:grid-cols-2 lg:items-start">
          <div>
            <h2 id="checklista" className="text-3xl font-bold tracking-tight">
              Det här gör du
            </h2>
            <p className="mt-2 text-muted-foreground">
              Följ listan så går affären smidigt och pengarna kommer så fort skyddet har löpt ut.
            </p>
          </div>
          <ol className="space-y-4">
            {CHECKLIST.map((item) => (
              <li key={item} className="flex gap-3 rounded-xl border bg-card p-4 shadow-sm">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="fragor-rubrik" id="fragor" className="scroll-mt-24">
          <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
            <div>
              <h2 id="fragor-rubrik" className="text-3xl font-bold tracking-tight">
                Frågor och svar
              </h2>
              <p className="mt-2 text-muted-foreground">
                Hittar du inte svaret? Läs våra <Link to="/faq" className="font-medium text-orange-700 underline underline-offset-4 dark:text-primary">vanliga frågor</Link>{" "}
                eller <Link to="/kontakta-oss" className="font-medium text-orange-700 underline underline-offset-4 dark:text-primary">kontakta oss</Link>.
              </p>
            </div>
            <FaqAccordion items={TRADE_PROTECTION_FAQ} />
          </div>
        </section>
      </div>
    </>
  );
}
