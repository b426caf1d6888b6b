import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

export interface FaqItem {
  id: string;
  question: string;
  /** Plain text; blank lines separate paragraphs. Also used for the FAQPage JSON-LD. */
  answer: string;
}

/**
 * Questions and answers, one open at a time and collapsible (docs/rules/site.md#faq). Answers are
 * in the server-rendered HTML even while closed, for crawlers and in-page search.
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
  return (
    <Accordion type="single" collapsible defaultValue={defaultOpen} className="rounded-xl border bg-card px-4 sm:px-6">
      {items.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger headingLevel={headingLevel} className="text-base">
            {item.question}
          </AccordionTrigger>
          <AccordionContent forceMount className="space-y-3 text-muted-foreground in-data-[state=closed]:hidden">
            {item.answer.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
