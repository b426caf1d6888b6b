import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { AlertTriangle, Newspaper, SearchX } from "~/components/ui/icons";
import type { Route } from "./+types/blog";
import { BlogEmptyState as EmptyState } from "~/components/blog/blog-empty-state";
import { BlogSearch, CategoryNav } from "~/components/blog/blog-filters";
import { BlogLoading, useBlogNavigationPending } from "~/components/blog/blog-loading";
import { BlogSidebar } from "~/components/blog/blog-sidebar";
import { PostCard } from "~/components/blog/post-card";
import { RSS_LINK } from "~/components/blog/rss-link";
import { Pager } from "~/components/ui/pager";
import { useRevalidateOnContent } from "~/components/realtime/realtime-provider";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { absoluteUrl, pageMeta, publicConfigFromMatches } from "~/lib/seo";
import { blogListHref, parseCategory, parsePage, parseSearch, toCard } from "~/modules/blog/blog";
import {
  latestPublishedPosts,
  pagePublishedPosts,
  popularPublishedPosts,
} from "~/modules/blog/blog.server";
import { db } from "~/platform/db/client.server";

export const links: Route.LinksFunction = () => [RSS_LINK];

/** Cards above the fold load eagerly; the rest lazily. */
const EAGER_CARDS = 2;

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
                  <Pager param="sida" page={page} hasMore={page < pageCount} label="blogginlägg" pageCount={pageCount} />
                </div>
              ) : null}
            </div>
          </section>

          <BlogSidebar popular={popular} latest={latest} />
        </div>
      </div>
    </>
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
