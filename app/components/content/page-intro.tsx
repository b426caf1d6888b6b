import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRight } from "~/components/ui/icons";
import { cn } from "~/lib/cn";

export interface Crumb {
  name: string;
  path: string;
}

/**
 * The dark gradient band that opens a content page (the home hero's colours, smaller):
 * visible breadcrumbs, an eyebrow, the page's one h1, a lead and optional children
 * (a search form, buttons).
 */
export function PageIntro({
  title,
  lead,
  eyebrow,
  icon,
  breadcrumbs,
  children,
  className,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  icon?: ReactNode;
  /** The trail after "Hem"; the last entry is the current page. */
  breadcrumbs: readonly Crumb[];
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("relative overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-white", className)}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 size-80 rounded-full bg-orange-500/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 pb-12 pt-6 sm:px-6 md:pb-16">
        <nav aria-label="Brödsmulor" className="text-sm text-white/75">
          <ol className="flex flex-wrap items-center gap-1">
            {[{ name: "Hem", path: "/" }, ...breadcrumbs].map((crumb, index, all) => (
              <li key={crumb.path} className="flex items-center gap-1">
                {index > 0 && <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" />}
                {index === all.length - 1 ? (
                  <span aria-current="page" className="text-white">
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.path} className="rounded-sm hover:text-white hover:underline">
                    {crumb.name}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-8 max-w-3xl md:mt-10">
          {eyebrow && (
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
              {icon}
              {eyebrow}
            </p>
          )}
          <h1 className="mt-5 break-words text-3xl font-black tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
          {lead && <div className="mt-4 max-w-2xl text-lg text-white/80">{lead}</div>}
          {children && <div className="mt-8">{children}</div>}
        </div>
      </div>
    </section>
  );
}
