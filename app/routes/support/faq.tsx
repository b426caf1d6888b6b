import { useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import {
  ArrowRight,
  BadgePercent,
  Compass,
  LifeBuoy,
  MessageCircle,
  Search,
  SearchX,
  ShieldCheck,
  Wallet,
  X,
} from "~/components/ui/icons";
import type { Route } from "./+types/faq";
import { FaqAccordion } from "~/components/content/faq-accordion";
import { PageIntro } from "~/components/content/page-intro";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import { pageMeta, faqNode } from "~/lib/seo";
import { ALL_FAQ_ITEMS, FAQ_SECTIONS, type FaqSectionId } from "~/modules/support/faq-content";
import { faqResultSummary, normalizeFaqQuery, searchFaq } from "~/modules/support/faq-search";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Vanliga frågor om att sälja CS2-skins",
    description: `Svar om utbetalning, avgifter, Trade Protection på ${TRADE_PROTECTION_DAYS} dagar, säkerhet och priser. Sök bland alla frågor eller fråga oss i chatten.`,
    path: "/faq",
    breadcrumbs: [{ name: "Vanliga frågor", path: "/faq" }],
    jsonLd: [faqNode(ALL_FAQ_ITEMS)],
  });

const SECTION_ICONS: Record<FaqSectionId, typeof Compass> = {
  grunderna: Compass,
  betalning: Wallet,
  sakerhet: ShieldCheck,
  priser: BadgePercent,
};

export default function FaqPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const urlQuery = searchParams.get("q") ?? "";
  const [query, setQuery] = useState(urlQuery);
  // A real navigation (a link to /faq, back/forward) resets the box to the URL's query.
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    setQuery(urlQuery);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const result = useMemo(() => searchFaq(FAQ_SECTIONS, query), [query]);

  function updateQuery(next: string) {
    setQuery(next);
    // The URL follows the box so a filtered page can be shared. replaceState rather than a
    // router navigation: filtering is local, a server round trip per keystroke is waste.
    const url = new URL(window.location.href);
    const normalized = normalizeFaqQuery(next);
    if (normalized) url.searchParams.set("q", normalized);
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url);
  }

  function clearSearch(event?: { preventDefault(): void }) {
    event?.preventDefault();
    updateQuery("");
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Filtering is already live; without JavaScript the GET form reloads /faq?q=… instead.
    event.preventDefault();
  }

  return (
    <>
      <PageIntro
        title="Vanliga frågor"
        eyebrow="Hjälpcenter"
        icon={<LifeBuoy className="size-4 text-orange-300" aria-hidden="true" />}
        breadcrumbs={[{ name: "Vanliga frågor", path: "/faq" }]}
        lead={
          <p>
            Allt om att sälja och köpa CS2-skins hos oss: utbetalningar, säkerhet, priser och hur en
            affär går till. Hittar du inte svaret finns vi i chatten {SUPPORT_HOURS.opens}–{SUPPORT_HOURS.closes} {SUPPORT_HOURS.days}.
          </p>
        }
      >
        <form method="get" action="/faq" role="search" onSubmit={onSubmit} className="flex max-w-2xl gap-2">
          <Label htmlFor="faq-search" className="sr-only">
            Sök bland vanliga frågor
          </Label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              ref={inputRef}
              id="faq-search"
              name="q"
              type="search"
              value={query}
              onChange={(event) => updateQuery(event.target.value)}
              placeholder="Sök, t.ex. Swish"
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby="faq-result-summary"
              className="h-12 bg-background pl-10 pr-11 text-base text-foreground md:text-base [&::-webkit-search-cancel-button]:appearance-none"
            />
            {query && (
              <button
                type="button"
                onClick={() => clearSearch()}
                className="absolute right-2 top-1/2 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                aria-label="Rensa sökningen"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
          <Button type="submit" size="lg" className="h-12">
            Sök
          </Button>
        </form>
        <p
          id="faq-result-summary"
          role="status"
          aria-live="polite"
          aria-atomic="true"
          data-testid="faq-result-summary"
          className="mt-3 text-sm text-white/80"
        >
          {faqResultSummary(result)}
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr] lg:gap-12">
        {result.sections.length > 0 && (
          <nav aria-label="Ämnen" className="lg:sticky lg:top-24 lg:self-start">
            <h2 className="hidden text-sm font-semibold text-muted-foreground lg:block">Ämnen</h2>
            <ul className="flex flex-wrap gap-2 lg:mt-3 lg:flex-col lg:gap-1">
              {result.sections.map((section) => {
                const Icon = SECTION_ICONS[section.id as FaqSectionId];
                return (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground lg:flex lg:w-full lg:rounded-md lg:border-0 lg:bg-transparent lg:px-3 lg:py-2"
                    >
                      <Icon className="size-4 text-primary" aria-hidden="true" />
                      <span className="flex-1">{section.title}</span>
                      <span className="rounded-full bg-muted px-2 text-xs text-muted-foreground">
                        {section.items.length}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}

        <div className={result.sections.length === 0 ? "lg:col-span-2" : undefined}>
          {result.sections.length === 0 ? (
            <div className="mx-auto max-w-xl rounded-xl border bg-card p-8 text-center shadow-sm" data-testid="faq-empty">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <SearchX className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-xl font-semibold">Inga frågor hittades</h2>
              <p className="mt-2 text-muted-foreground">
                Vi hittade inget som matchar ”{result.query}”. Prova ett annat ord, till exempel Swish,
                avgift eller Steam Guard – eller fråga oss direkt.
              </p>
              <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
                <Button asChild>
                  <Link to="/faq" onClick={clearSearch}>
                    <X aria-hidden="true" />
                    Rensa sökningen
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/kontakta-oss">Kontakta oss</Link>
                </Button>
              </div>
            </div>
          ) : (
            <div className="space-y-12">
              {result.sections.map((section) => {
                const Icon = SECTION_ICONS[section.id as FaqSectionId];
                return (
                  <section key={section.id} id={section.id} aria-labelledby={`${section.id}-rubrik`} className="scroll-mt-24">
                    <div className="mb-4 flex items-start gap-3">
                      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <div>
                        <h2 id={`${section.id}-rubrik`} className="text-2xl font-bold tracking-tight">
                          {section.title}
                        </h2>
                        {section.description && (
                          <p className="text-sm text-muted-foreground">{section.description}</p>
                        )}
                      </div>
                    </div>
                    <FaqAccordion items={section.items} />
                  </section>
                );
              })}
            </div>
          )}

          <section
            aria-labelledby="faq-cta"
            className="mt-16 flex flex-col gap-6 rounded-2xl border bg-card p-6 shadow-sm sm:p-8 md:flex-row md:items-center md:justify-between"
          >
            <div className="flex items-start gap-4">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <MessageCircle className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h2 id="faq-cta" className="text-xl font-bold">
                  Redo att sälja, eller har du fler frågor?
                </h2>
                <p className="mt-1 text-muted-foreground">
                  Få ett bud på dina skins direkt, eller skriv till oss – vi svarar inom{" "}
                  {SUPPORT_HOURS.emailReplyHours} timmar.
                </p>
              </div>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row md:shrink-0">
              <Button asChild size="lg">
                <Link to="/salja-skins">
                  Sälj skins
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/kontakta-oss">Kontakta oss</Link>
              </Button>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
