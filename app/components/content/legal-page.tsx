import type { ReactNode } from "react";
import { CalendarClock, Scale } from "~/components/ui/icons";
import { formatLongDate } from "~/lib/format";
import { PageIntro, type Crumb } from "./page-intro";

/** Body copy rules for plain JSX sections (links darker than the primary in light mode for AA contrast). */
const PROSE = [
  "leading-7",
  "[&_p]:mt-3 [&_p:first-child]:mt-0",
  "[&_h3]:mt-7 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:leading-snug",
  // Lists marked `plain` (e.g. a list of cards) keep their own layout.
  "[&_ul:not(.plain)]:mt-3 [&_ul:not(.plain)]:list-disc [&_ul:not(.plain)]:space-y-1.5 [&_ul:not(.plain)]:pl-6",
  "[&_ol:not(.plain)]:mt-3 [&_ol:not(.plain)]:list-decimal [&_ol:not(.plain)]:space-y-1.5 [&_ol:not(.plain)]:pl-6",
  "[&_:is(ul,ol):not(.plain)>li]:pl-1 [&_li::marker]:text-primary",
  "[&_a:not([data-slot=button])]:font-medium [&_a:not([data-slot=button])]:text-orange-700 dark:[&_a:not([data-slot=button])]:text-primary",
  "[&_a:not([data-slot=button])]:underline [&_a:not([data-slot=button])]:underline-offset-4",
  "[&_strong]:font-semibold",
].join(" ");

export interface LegalSection {
  /** Anchor id (ASCII, kebab-case). */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Long legal text: the page intro with a 'Senast uppdaterad' date, a table of contents
 * (sticky beside the text on wide screens, at the top on phones) and numbered sections.
 * Body copy is styled through the PROSE rules, so sections stay plain JSX.
 */
export function LegalPage({
  title,
  lead,
  path,
  updated,
  sections,
  children,
}: {
  title: string;
  lead: ReactNode;
  path: string;
  /** ISO date of the last revision. */
  updated: string;
  sections: readonly LegalSection[];
  /** Rendered under the intro's lead, e.g. an action button. */
  children?: ReactNode;
}) {
  const breadcrumbs: Crumb[] = [{ name: title, path }];
  return (
    <>
      <PageIntro
        title={title}
        eyebrow="Villkor och integritet"
        icon={<Scale className="size-4 text-orange-300" aria-hidden="true" />}
        breadcrumbs={breadcrumbs}
        lead={
          <>
            <div>{lead}</div>
            <p className="mt-4 inline-flex items-center gap-2 text-sm text-white/75">
              <CalendarClock className="size-4" aria-hidden="true" />
              Senast uppdaterad: <time dateTime={updated}>{formatLongDate(updated)}</time>
            </p>
          </>
        }
      >
        {children}
      </PageIntro>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <nav aria-labelledby="innehallsforteckning" className="min-w-0 break-words lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto">
          <div className="rounded-xl border bg-card p-5 shadow-sm lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
            <h2 id="innehallsforteckning" className="text-sm font-semibold">
              Innehåll
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                  >
                    <span className="w-5 shrink-0 tabular-nums">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className={`min-w-0 max-w-3xl break-words ${PROSE}`}>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-rubrik`}
              className="scroll-mt-24 border-b py-8 first:pt-0 last:border-b-0"
            >
              <h2 id={`${section.id}-rubrik`} className="text-2xl font-bold tracking-tight">
                <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4">{section.body}</div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
