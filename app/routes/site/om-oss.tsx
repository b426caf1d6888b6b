import { CLAIMS } from "~/modules/marketing/claims";
import { Link } from "react-router";
import { ArrowRight, Eye, MapPin, ShieldCheck, Target, Users } from "~/components/ui/icons";
import type { Route } from "./+types/om-oss";
import { FeatureGrid } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { Section } from "~/components/content/section";
import { StatsRow } from "~/components/content/stats-row";
import { initials } from "~/components/content/testimonial-card";
import { Button } from "~/components/ui/button";
import { COMPANY } from "~/lib/company";
import { pageMeta } from "~/lib/seo";
import {
  COMMUNITY,
  keyStats,
  MISSION,
  PARTNERSHIPS,
  PROMISES,
  TEAM,
  timeline,
  VALUES,
} from "~/components/content/marketing-content";
import { ReviewSources } from "~/components/content/review-sources";
import { formatClaim, type SiteFigures } from "~/modules/marketing/site-figures";
import { loadSiteFigures } from "~/modules/marketing/site-figures.server";
import { db } from "~/platform/db/client.server";

const BREADCRUMBS = [{ name: "Om oss", path: "/om-oss" }];

export async function loader() {
  return { figures: await loadSiteFigures(db()) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: "Om oss – svenska skinhandlare sedan " + COMPANY.foundedYear,
    description: `Skinhamnen är ett svenskt aktiebolag i ${COMPANY.city} som köper och säljer CS2-skins. Möt teamet, läs vår historia och se vad vi lovar ${loaderData?.figures.members ? `våra ${formatClaim(loaderData.figures.members)} medlemmar` : "varje kund"}.`,
    path: "/om-oss",
    breadcrumbs: BREADCRUMBS,
  });

/** Members, trades, SEK paid out and the founding year: what reaches its minimum (trades per day is the home page's). */
function aboutStats(figures: SiteFigures) {
  return keyStats({ ...figures, tradesPerDay: null }, { members: true });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <>
      <PageHero
        breadcrumbs={BREADCRUMBS}
        eyebrow={
          <>
            <MapPin className="size-4 text-orange-300" aria-hidden="true" width={16} height={16} />
            {COMPANY.legalForm} i {COMPANY.city} · grundat {COMPANY.foundedYear}
          </>
        }
        title="Spelare som blev skinhandlare"
        lead={
          <p>
            Vi har handlat med skins {CLAIMS.since} och startade Skinhamnen för att göra
            handeln tryggare, snabbare och svensk. I dag är vi ett team som varje dag hjälper spelare att få
            ut värdet av sina inventarier.
          </p>
        }
      />

      <Section id="uppdrag" eyebrow="Uppdrag och vision" title="Varför vi finns">
        <div className="grid gap-5 md:grid-cols-2">
          {[
            { Icon: Target, title: "Vårt uppdrag", text: MISSION.mission },
            { Icon: Eye, title: "Vår vision", text: MISSION.vision },
          ].map(({ Icon, title, text }) => (
            <div key={title} className="rounded-xl border bg-card p-8 shadow-sm">
              <Icon className="size-8 text-primary" aria-hidden="true" width={32} height={32} />
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-3 text-lg text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="historia" tone="muted" eyebrow="Vår historia" title="Från idé till Sveriges skinhamn">
        <ol className="relative space-y-8 border-l-2 border-primary/30 pl-8 md:ml-4">
          {timeline(figures).map((entry) => (
            <li key={entry.year} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -left-[2.55rem] size-5 rounded-full border-4 border-background bg-primary"
              />
              <p className="text-sm font-bold tracking-wide text-primary">{entry.year}</p>
              <h3 className="mt-1 text-xl font-semibold">{entry.title}</h3>
              <p className="mt-2 max-w-2xl text-muted-foreground">{entry.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="varderingar" eyebrow="Värderingar" title="Det här står vi för">
        <FeatureGrid items={VALUES} columns={4} />
      </Section>

      <Section
        id="lofte"
        tone="muted"
        eyebrow="Kundlöften"
        title="Sex löften till varje kund"
        lead="Oavsett om du säljer en enda sticker eller ett helt inventarie gäller samma löften."
      >
        <FeatureGrid items={PROMISES} />
        <div className="mt-10 flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-4">
            <ShieldCheck className="size-8 shrink-0 text-primary" aria-hidden="true" width={32} height={32} />
            <div>
              <h3 className="text-lg font-semibold">Trade Protection</h3>
              <p className="text-muted-foreground">Läs exakt hur vi skyddar dig och dina skins i varje affär.</p>
            </div>
          </div>
          <Button asChild>
            <Link to="/trade-protection">
              Läs om Trade Protection
              <ArrowRight className="size-4" aria-hidden="true" width={16} height={16} />
            </Link>
          </Button>
        </div>
      </Section>

      <Section id="team" eyebrow="Teamet" title="Människorna bakom Skinhamnen">
        <ul className="grid gap-5 md:grid-cols-3">
          {TEAM.map((member) => (
            <li key={member.name} className="rounded-xl border bg-card p-6 text-center shadow-sm">
              <span
                aria-hidden="true"
                className="mx-auto inline-flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary to-orange-700 text-2xl font-black text-white"
              >
                {initials(member.name)}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
              <p className="text-sm font-medium text-primary">{member.role}</p>
              <p className="mt-3 text-muted-foreground">{member.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="partners" tone="muted" eyebrow="Samarbeten" title="Vi samarbetar med">
        <FeatureGrid items={PARTNERSHIPS} />
      </Section>

      <Section id="community" eyebrow="Community" title="Gemenskapen kring Skinhamnen">
        <div className="grid gap-8 rounded-2xl bg-gradient-to-br from-hero-from to-hero-to p-8 text-white shadow-lg md:grid-cols-[1fr_auto] md:items-center sm:p-10">
          <div>
            <p className="text-lg text-white/85">
              Vår community är platsen där spelare tipsar varandra, följer marknaden och tävlar om priser. Gå med
              och bli en del av gemenskapen.
            </p>
            <ul className="mt-6 grid gap-3 sm:grid-cols-3">
              {COMMUNITY.perks.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2 text-sm font-medium">
                  <Icon className="size-5 shrink-0 text-orange-300" aria-hidden="true" width={20} height={20} />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <Users className="hidden size-24 text-white/20 md:block" aria-hidden="true" width={96} height={96} />
        </div>
      </Section>

      <Section id="siffror" tone="muted" eyebrow="I siffror" title="Skinhamnen i korthet">
        <StatsRow stats={aboutStats(figures)} label="Skinhamnen i siffror" />
        <ReviewSources reviews={figures.reviews} className="mt-8 max-w-xl" />
      </Section>
    </>
  );
}
