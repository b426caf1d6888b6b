/** A search result as a search engine would show the post: title, breadcrumb URL and description, truncated. */
import type { SearchSnippet as Snippet } from "~/modules/seo/seo-checks";

export function SearchSnippet({ snippet }: { snippet: Snippet }) {
  return (
    <figure className="grid max-w-xl gap-0.5 rounded-lg border bg-background p-3 font-sans" data-testid="search-snippet">
      <figcaption className="sr-only">Förhandsvisning i sökresultat</figcaption>
      <span className="truncate text-xs text-muted-foreground" title={snippet.url}>
        {snippet.displayUrl}
      </span>
      <span className="text-lg leading-snug text-[#1a0dab] break-words dark:text-[#8ab4f8]">{snippet.title}</span>
      <span className="text-sm leading-relaxed break-words text-muted-foreground">{snippet.description || "Ingen beskrivning."}</span>
      {snippet.titleCut || snippet.descriptionCut ? (
        <span className="text-xs text-amber-700 dark:text-amber-400">
          {snippet.titleCut && snippet.descriptionCut ? "Titeln och beskrivningen kortas." : snippet.titleCut ? "Titeln kortas." : "Beskrivningen kortas."}
        </span>
      ) : null}
    </figure>
  );
}
