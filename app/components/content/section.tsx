import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A titled page section: an h2 with an optional eyebrow and lead, labelled for landmarks
 * navigation. `tone="muted"` gives the alternating band used between white sections.
 */
export function Section({
  id,
  title,
  eyebrow,
  lead,
  children,
  tone = "plain",
  align = "left",
  className,
}: {
  id: string;
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  tone?: "plain" | "muted";
  align?: "left" | "center";
  className?: string;
}) {
  const headingId = `${id}-rubrik`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(tone === "muted" ? "border-y bg-muted/50" : "", className)}
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20">
        <div className={cn("max-w-3xl", align === "center" ? "mx-auto text-center" : "")}>
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
