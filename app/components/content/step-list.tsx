import type { LucideIcon } from "~/components/ui/icons";
import { ContentLink, type ContentLinkTarget } from "~/components/content/content-link";

export interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A page the card points to, after its text. */
  link?: ContentLinkTarget;
}

/** A numbered how-it-works sequence: an ordered list, so the order is announced too. */
export function StepList({ steps, headingLevel = 3 }: { steps: readonly Step[]; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className="grid gap-5 md:grid-cols-3">
      {steps.map(({ icon: Icon, title, text, link }, index) => (
        <li key={title} className="relative rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <Icon className="size-6 text-primary" aria-hidden="true" width={24} height={24} />
          </div>
          <Heading className="mt-4 text-lg font-semibold">
            <span className="sr-only">Steg {index + 1}: </span>
            {title}
          </Heading>
          <p className="mt-2 text-muted-foreground">{text}</p>
          {link ? <ContentLink {...link} /> : null}
        </li>
      ))}
    </ol>
  );
}
