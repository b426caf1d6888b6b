/**
 * The FAQ search (the original's search box did nothing): a pure filter over questions and
 * answers, shared by the server render (`/faq?q=…`) and the live filtering in the browser.
 */

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export interface FaqSection<E extends FaqEntry = FaqEntry> {
  id: string;
  title: string;
  description?: string;
  items: readonly E[];
}

export interface FaqSearchResult<E extends FaqEntry = FaqEntry> {
  /** The query as used for matching (trimmed, whitespace collapsed); "" when none. */
  query: string;
  /** Sections with at least one match, each holding only its matching items. */
  sections: Array<FaqSection<E>>;
  matchCount: number;
  totalCount: number;
}

/** Longest query we look at; anything longer is cut (it comes from the URL). */
export const FAQ_QUERY_MAX_LENGTH = 100;

/** Trims, collapses whitespace and caps the length of a raw query (e.g. `?q=`). */
export function normalizeFaqQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, FAQ_QUERY_MAX_LENGTH).trim();
}

/** Lower case, and every kind of space (the non-breaking ones in "1 000 kr" too) as " ". */
function fold(text: string): string {
  return text.replace(/\s+/g, " ").toLocaleLowerCase("sv-SE");
}

/**
 * Case-insensitive: every word of the query must occur in the question or the answer
 * (in any order), so "swish tid" finds "Hur snabbt får jag betalt via Swish?" whose answer
 * mentions "tid". Sections without a match are left out.
 */
export function searchFaq<E extends FaqEntry>(
  sections: ReadonlyArray<FaqSection<E>>,
  rawQuery: string | null | undefined,
): FaqSearchResult<E> {
  const query = normalizeFaqQuery(rawQuery);
  const totalCount = sections.reduce((sum, section) => sum + section.items.length, 0);
  if (!query) {
    return { query, sections: sections.map((s) => ({ ...s })), matchCount: totalCount, totalCount };
  }
  const terms = fold(query).split(" ");
  const matching = sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const haystack = fold(`${item.question}\n${item.answer}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((section) => section.items.length > 0);
  const matchCount = matching.reduce((sum, section) => sum + section.items.length, 0);
  return { query, sections: matching, matchCount, totalCount };
}

/** "1 fråga" / "3 frågor". */
function pluralQuestions(count: number): string {
  return `${count} ${count === 1 ? "fråga" : "frågor"}`;
}

/** The live result line under the search box. */
export function faqResultSummary(result: FaqSearchResult): string {
  if (!result.query) return `${pluralQuestions(result.totalCount)} i ${result.sections.length} ämnen`;
  if (result.matchCount === 0) return `Inga frågor matchar ”${result.query}”`;
  return `${result.matchCount} av ${result.totalCount} frågor matchar ”${result.query}”`;
}

/** The URL of the FAQ page for a query: `/faq` or `/faq?q=…`. */
export function faqHref(query: string, pathname = "/faq"): string {
  const normalized = normalizeFaqQuery(query);
  return normalized ? `${pathname}?${new URLSearchParams({ q: normalized })}` : pathname;
}
