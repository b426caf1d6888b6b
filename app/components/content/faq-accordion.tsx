import { useId } from "react";
import { ChevronDownIcon } from "~/components/ui/icons";

export interface FaqItem {
  id: string;
  question: string;
  /** Plain text; blank lines separate paragraphs. Also used for the FAQPage JSON-LD. */
  answer: string;
}

/**
 * Questions and answers, one open at a time and collapsible (docs/rules/site.md#faq): native
 * `<details>` sharing a `name`, so they work without scripts (docs/decisions/042). Answers are in
 * the server-rendered HTML even while closed, for crawlers and in-page search.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
  defaultOpen,
}: {
  items: readonly FaqItem[];
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: string;
}) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="rounded-xl border bg-card px-4 sm:px-6">
      {items.map((item) => (
        <details key={item.id} name={group} open={item.id === defaultOpen} className="group border-b last:border-b-0">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-medium">{item.question}</Heading>
            <ChevronDownIcon
              aria-hidden="true"
              className="pointer-events-none size-4 shrink-0 translate-y-0.5 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
            />
          </summary>
          <div className="space-y-3 pb-4 text-sm text-muted-foreground">
            {item.answer.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
