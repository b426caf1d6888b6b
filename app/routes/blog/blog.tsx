import { useEffect, useState } from "react";
import { Form, Link, isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
import { AlertTriangle, Flame, Newspaper, Rss, Search, SearchX } from "~/components/ui/icons";
import type { Route } from "./+types/blog";
import { BlogImage } from "~/components/blog/blog-image";
import { BlogLoading, useBlogNavigationPending } from "~/components/blog/blog-loading";
import { PostCard } from "~/components/blog/post-card";
import { RSS_LINK } from "~/components/blog/rss-link";
import { NewsletterForm } from "~/components/content/newsletter-form";
import { Pager } from "~/components/ui/pager";
import { useRevalidateOnContent } from "~/components/realtime/realtime-provider";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { absoluteUrl, pageMeta, publicConfigFromMatches } from "~/lib/seo";
import {
  CATEGORY_FILTERS,
  blogListHref,
  parseCategory,
  parsePage,
  parseSearch,
  toCard,
  type BlogCardData,
  type CategoryFilter,
} from "~/modules/blog/blog";
import {
  latestPublishedPosts,
  pagePublishedPosts,
  popularPublishedPosts,
} from "~/modules/blog/blog.server";
import { db } from "~/platform/db/client.server";

export const links: Route.LinksFunction = () => [RSS_LINK];

/** Cards above the fold load eagerly; the rest lazily. */
const EAGER_CARDS = 2;
const SEARCH_DEBOUNCE_MS = 300;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = parseSearch(url.searchParams.get("q"));
  const category = parseCategory(url.searchParams.get("kategori"));
  const database = db();
  const [list, popular, latest] = await Promise.all([
    pagePublishedPosts(database, { search, category, page: parsePage(url.searchParams.get("sida")) }),
    popularPublishedPosts(database),
    latestPublishedPosts(database),
  ]);
  return {
    search,
    category,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    posts: list.posts.map(toCard),
    popular: popular.map(toCard),
    latest: latest.map(toCard),
    // The sidebar's latest list is unfiltered: empty means nothing is published at all.
    hasPublished: latest.length > 0,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const config = publicConfigFromMatches(matches);
  return pageMeta(matches, {
    title: "Blogg – guider, marknadsanalyser och nyheter om CS2-skins",
    description:
      "Guider om att sälja CS2-skins säkert, marknadsanalyser, tips om utbetalningar och nyheter från Skinhamnen – på svenska.",
    path: "/blog",
    breadcrumbs: [{ name: "Blogg", path: "/blog" }],
    jsonLd: [
      {
        "@type": "Blog",
        "@id": `${config.publicUrl}/blog#blog`,
        name: `${config.siteName} – Blogg`,
        url: absoluteUrl(config.publicUrl, "/blog"),
        inLanguage: "sv-SE",
        publisher: { "@id": `${config.publicUrl}/#organization` },
        blogPost: (loaderData?.posts ?? []).slice(0, 10).map((post) => ({
          "@type": "BlogPosting",
          headline: post.title,
          url: absoluteUrl(config.publicUrl, `/blog/${post.slug}`),
          datePublished: post.dateIso,
          image: absoluteUrl(config.publicUrl, post.image),
        })),
      },
    ],
  });
};

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { search, category, page, pageCount, total, posts, popular, latest, hasPublished } = loaderData;
  const pending = useBlogNavigationPending();
  // A post published or changed while the list is open shows up without a reload (docs/rules/blog.md#list).
  useRevalidateOnContent("blog");
  const filtered = search !== "" || category !== "all";

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-40 size-[26rem] rounded-full bg-orange-500/20 blur-3xl"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
            <Newspaper className="size-4 text-orange-300" aria-hidden="true" />
            Skinhamnens blogg
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-black tracking-tight text-balance sm:text-5xl">
            Guider, analyser och nyheter om CS2-skins
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/80">
            Lär dig sälja tryggt, förstå marknaden och få ut mer av dina skins – skrivet av vårt team på svenska.
          </p>
          <BlogSearch search={search} category={category} />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <CategoryNav search={search} category={category} />

        <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="blog-posts-heading" aria-busy={pending} className="relative">
            <h2 id="blog-posts-heading" className="sr-only">
              {filtered ? "Sökresultat" : "Alla blogginlägg"}
            </h2>
            {pending ? (
              <div className="pointer-events-none sticky top-20 z-10 flex justify-center">
                <BlogLoading className="absolute top-4" />
              </div>
            ) : null}
            <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
              {filtered && total > 0 ? `${total} inlägg hittades` : null}
            </p>
            <div className={cn("transition-opacity", pending && "opacity-60")}>
              {posts.length > 0 ? (
                <ul className="grid gap-6 sm:grid-cols-2" data-testid="blog-grid">
                  {posts.map((post, index) => (
                    <li key={post.slug}>
                      <PostCard post={post} eager={index < EAGER_CARDS} headingLevel="h3" />
                    </li>
                  ))}
                </ul>
              ) : page > 1 && hasPublished ? (
                <EmptyState
                  icon={<SearchX className="size-8" aria-hidden="true" />}
                  title={`Det finns inget på sida ${page}`}
                  text={`Listan har ${pageCount === 1 ? "en sida" : `${pageCount} sidor`}.`}
                  action={
                    <Button asChild variant="outline">
                      <Link to={blogListHref(search, category)}>Till första sidan</Link>
                    </Button>
                  }
                />
              ) : hasPublished ? (
                <EmptyState
                  icon={<SearchX className="size-8" aria-hidden="true" />}
                  title="Inga blogginlägg hittades"
                  text="Prova att ändra din sökning eller välja en annan kategori."
                  action={
                    <Button asChild variant="outline">
                      <Link to="/blog" preventScrollReset>
                        Visa alla inlägg
                      </Link>
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<Newspaper className="size-8" aria-hidden="true" />}
                  title="Inga blogginlägg har publicerats ännu"
                  text="Vi skriver just nu våra första guider och analyser. Prenumerera på nyhetsbrevet så hör vi av oss när de är ute."
                />
              )}
              {posts.length > 0 ? (
                <div className="mt-8">
                  <Pager param="sida" page={page} hasMore={page < pageCount} label="blogginlägg" total={pageCount} />
                </div>
              ) : null}
            </div>
          </section>

          <aside aria-label="Mer från bloggen" className="flex flex-col gap-6">
            {popular.length > 0 ? (
              <SidebarList
                title="Populära artiklar"
                icon={<Flame className="size-4 text-primary" aria-hidden="true" />}
                posts={popular}
              />
            ) : null}
            {latest.length > 0 ? <SidebarList title="Senaste inläggen" posts={latest} /> : null}
            <section aria-labelledby="blog-newsletter" className="rounded-xl border bg-card p-5 shadow-sm">
              <h2 id="blog-newsletter" className="text-base font-semibold">
                Få nya artiklar i inkorgen
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Guider, marknadsanalyser och kampanjer – högst ett par gånger i månaden.
              </p>
              <NewsletterForm source="blog" className="mt-4" stacked />
            </section>
            <a
              href="/blog/rss.xml"
              className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground hover:underline"
            >
              <Rss className="size-4 text-primary" aria-hidden="true" />
              Följ bloggen via RSS
            </a>
          </aside>
        </div>
      </div>
    </>
  );
}

/** Search box: a GET form without JavaScript; with it, the list follows the typing. */
function BlogSearch({ search, category }: { search: string; category: CategoryFilter }) {
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
        event.preventDefault();
        go(query, false);
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

function CategoryNav({ search, category }: { search: string; category: CategoryFilter }) {
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

function SidebarList({ title, icon, posts }: { title: string; icon?: React.ReactNode; posts: BlogCardData[] }) {
  const id = `sidebar-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        {icon}
        {title}
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        {posts.map((post) => (
          <li key={post.slug} className="group relative flex gap-3">
            <div className="w-20 shrink-0 overflow-hidden rounded-md">
              <BlogImage src={post.image} fallbackSrc={post.fallbackImage} alt="" place="thumbnail" />
            </div>
            <div className="min-w-0">
              <Link
                to={`/blog/${post.slug}`}
                prefetch="intent"
                className="line-clamp-2 text-sm leading-snug font-medium after:absolute after:inset-0 group-hover:text-primary"
              >
                {post.title}
              </Link>
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={post.dateIso}>{post.date}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/** The list could not be fetched (docs/rules/blog.md#list). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold">Bloggen kunde inte visas</h1>
      <p className="mt-3 text-muted-foreground">Ett fel uppstod när blogginläggen skulle hämtas.</p>
      <p className="mt-1 text-xs text-muted-foreground">Felkod {status}</p>
      <Button asChild className="mt-8">
        <a href="/blog">Försök igen</a>
      </Button>
    </section>
  );
}
