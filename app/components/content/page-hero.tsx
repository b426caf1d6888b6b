import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRight } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

export interface Crumb {
  name: string;
  path: string;
}

/**
 * The dark gradient band every marketing page opens with: visible breadcrumbs (the same
 * trail as the page's BreadcrumbList JSON-LD), an eyebrow, the page's one h1, a lead and
 * actions, with an optional panel beside it on wide screens.
 */
export function PageHero({
  title,
  lead,
  eyebrow,
  breadcrumbs,
  children,
  aside,
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** Actions (buttons) under the lead. */
  children?: ReactNode;
  /** A panel beside the text from the large breakpoint (below it, under the text). */
  aside?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("relative overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-white", className)}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-orange-500/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 size-[22rem] rounded-full bg-indigo-500/20 blur-3xl"
      />
      <div
        className={cn(
          "relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20",
          aside ? "lg:grid-cols-[1.15fr_1fr] lg:items-center" : "",
        )}
      >
        <div>
          {breadcrumbs && breadcrumbs.length > 0 ? (
            <nav aria-label="Brödsmulor" className="mb-6 text-sm text-white/75">
              <ol className="flex flex-wrap items-center gap-1">
                <li>
                  <Link to="/" className="rounded hover:text-white hover:underline">
                    Hem
                  </Link>
                </li>
                {breadcrumbs.map((crumb, index) => (
                  <li key={crumb.path} className="flex items-center gap-1">
                    <ChevronRight className="size-3.5" aria-hidden="true" />
                    {index === breadcrumbs.length - 1 ? (
                      <span aria-current="page" className="text-white">
                        {crumb.name}
                      </span>
                    ) : (
                      <Link to={crumb.path} className="rounded hover:text-white hover:underline">
                        {crumb.name}
                      </Link>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          {eyebrow ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-5 text-4xl font-black tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
          {lead ? <div className="mt-5 max-w-2xl text-lg text-white/80">{lead}</div> : null}
          {children ? <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div> : null}
        </div>
        {aside ? <div>{aside}</div> : null}
      </div>
    </section>
  );
}

/** Outline button styling that reads on the dark hero in both themes. */
export const HERO_OUTLINE_BUTTON =
  "border-white/30 bg-white/5 text-base text-white hover:bg-white/15 hover:text-white dark:bg-white/5 dark:hover:bg-white/15";
