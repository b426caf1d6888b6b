/**
 * The blog list's search box and category links (/blog, docs/rules/blog.md#list): both keep
 * the other's value in the URL (`q`, `kategori`) and start the list over on page 1.
 */
import { useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Search } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { CATEGORY_FILTERS, blogListHref, parseSearch, type CategoryFilter } from "~/modules/blog/blog";

const SEARCH_DEBOUNCE_MS = 300;

/** Search box: a GET form without JavaScript; with it, the list follows the typing. */
export function BlogSearch({ search, category }: { search: string; category: CategoryFilter }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(search);
  // The search this box asked for last; any other URL change came from elsewhere.
  const [requested, setRequested] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);

  // The URL changed from elsewhere (back button, a link): show its search text.
  if (search !== lastSearch) {
    setLastSearch(search);
    if (search !== requested) {
      setRequested(search);
      setQuery(search);
    }
  }

  const go = (text: string, replace: boolean) => {
    setRequested(parseSearch(text));
    navigate(blogListHref(text, category), { replace, preventScrollReset: true });
  };

  useEffect(() => {
    if (parseSearch(query) === search) return;
    const timer = setTimeout(() => {
      setRequested(parseSearch(query));
      navigate(blogListHref(query, category), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search, category, navigate]);

  return (
    <Form
      method="get"
      action="/blog"
      role="search"
      className="mt-8 max-w-xl"
      onSubmit={(event) => {
        // The same search the GET form sends without JavaScript, read from its field.
        event.preventDefault();
        go(String(new FormData(event.currentTarget).get("q") ?? ""), false);
      }}
    >
      <Label htmlFor="blog-search" className="sr-only">
        Sök i bloggen
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="blog-search"
          name="q"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Sök i bloggen..."
          autoComplete="off"
          maxLength={100}
          className="h-12 rounded-lg border-white/20 bg-white pl-10 pr-24 text-base text-slate-900 placeholder:text-slate-500 dark:bg-white dark:text-slate-900"
        />
        {category !== "all" ? <input type="hidden" name="kategori" value={category} /> : null}
        <Button type="submit" size="sm" className="absolute right-1.5 top-1/2 -translate-y-1/2">
          Sök
        </Button>
      </div>
    </Form>
  );
}

export function CategoryNav({ search, category }: { search: string; category: CategoryFilter }) {
  return (
    <nav aria-label="Kategorier">
      <ul className="flex flex-wrap gap-2">
        {CATEGORY_FILTERS.map((filter) => {
          const active = filter.id === category;
          return (
            <li key={filter.id}>
              <Link
                to={blogListHref(search, filter.id)}
                replace
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active
                    ? "border-transparent bg-primary text-primary-foreground shadow-sm"
                    : "bg-card text-foreground hover:bg-accent hover:text-accent-foreground",
                )}
                data-category={filter.id}
              >
                {filter.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
