import type { LucideIcon } from "~/components/ui/icons";
import { ContentLink, type ContentLinkTarget } from "~/components/content/content-link";
import { cn } from "~/lib/cn";

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A page the card points to, after its text. */
  link?: ContentLinkTarget;
}

/** Icon cards (benefits, promises, values), each with an h3. */
export function FeatureGrid({
  items,
  columns = 3,
  headingLevel = 3,
}: {
  items: readonly Feature[];
  columns?: 2 | 3 | 4;
  headingLevel?: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul
      className={cn(
        "grid gap-5 sm:grid-cols-2",
        columns === 3 && "lg:grid-cols-3",
        columns === 4 && "lg:grid-cols-4",
      )}
    >
      {items.map(({ icon: Icon, title, text, link }) => (
        <li
          key={title}
          className="group rounded-xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md"
        >
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
            <Icon className="size-6" aria-hidden="true" width={24} height={24} />
          </span>
          <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
          <p className="mt-2 text-muted-foreground">{text}</p>
          {link ? <ContentLink {...link} /> : null}
        </li>
      ))}
    </ul>
  );
}
