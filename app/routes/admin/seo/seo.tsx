/**
 * /admin/seo (admin and seo; docs/rules/admin.md#seo-dashboard): every post's SEO checks with a
 * score and a search-result preview, most problems first, each problem linking to the editor
 * field that fixes it; site-wide checks of the sitemap, RSS, robots.txt and the public pages;
 * the most read posts. Filters and page live in the URL.
 */
import { Link, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/seo";
import { loadSeoTab } from "~/modules/seo/seo-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { PostChecks, SeoSummary, SiteChecks, TopPosts } from "~/components/admin/seo/seo-report";
import { buttonVariants } from "~/components/ui/button";
import { Filter, SearchCheck, Star } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import { cn } from "~/lib/cn";
import { withSearchParams } from "~/lib/search-params";
import { POST_STATES, type PostState } from "~/modules/seo/seo-checks";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "seo");

export async function loader({ request }: Route.LoaderArgs) {
  return loadSeoTab(request);
}

export const ErrorBoundary = AdminTabError;

const STATE_FILTER_LABELS: Record<PostState, string> = {
  published: "Publicerade",
  scheduled: "Schemalagda",
  draft: "Utkast",
  archived: "Arkiverade",
};

export default function AdminSeoTab({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/seo";
  const filterLink = (status: PostState | null) => withSearchParams(params, { status, page: null });
  const problemsLink = withSearchParams(params, { problem: data.onlyProblems ? null : "1", page: null });
  const filtered = data.status !== null || data.onlyProblems;
  // The review sources are admin only (docs/decisions/055-site-figures.md).
  const panel = useRouteLoaderData<{ roles: string[] }>("routes/admin/layout");
  const isAdmin = panel?.roles.includes("admin") ?? false;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 text-xl font-bold">
          <SearchCheck className="size-5 text-primary" aria-hidden="true" />
          SEO-kontroll
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Varje inlägg granskas som sökmotorer ser det. Flest problem överst; "Åtgärda" öppnar fältet i redigeraren.
        </p>
        {isAdmin ? (
          <Link to="/admin/seo/omdomen" className="inline-flex items-center gap-1 text-sm font-medium" data-testid="seo-review-sources-link">
            <Star className="size-4" aria-hidden="true" />
            Omdömen på sajten: betyg, antal och källor
          </Link>
        ) : null}
      </div>

      <SeoSummary data={data} />

      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Filtrera på status" className="flex flex-wrap gap-2" data-testid="seo-status-filter">
          <Link
            to={filterLink(null)}
            aria-current={data.status === null ? "page" : undefined}
            className={buttonVariants({ variant: data.status === null ? "default" : "outline", size: "sm" })}
          >
            Alla ({data.counts.all})
          </Link>
          {POST_STATES.map((state) => (
            <Link
              key={state}
              to={filterLink(state)}
              aria-current={data.status === state ? "page" : undefined}
              className={buttonVariants({ variant: data.status === state ? "default" : "outline", size: "sm" })}
            >
              {STATE_FILTER_LABELS[state]} ({data.counts[state]})
            </Link>
          ))}
        </nav>
        <Link
          to={problemsLink}
          role="switch"
          aria-checked={data.onlyProblems}
          className={buttonVariants({ variant: data.onlyProblems ? "default" : "outline", size: "sm" })}
          data-testid="seo-only-problems"
        >
          <Filter className="size-4" aria-hidden="true" />
          Bara med problem
        </Link>
      </div>

      <div className="grid min-w-0 grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="seo-posts" aria-busy={busy} className={cn("grid min-w-0 content-start gap-4", busy && "opacity-60")}>
          <h3 id="seo-posts" className="sr-only">
            Inlägg
          </h3>
          {busy ? (
            <p role="status" className="sr-only">
              Laddar inlägg...
            </p>
          ) : null}
          {data.truncated ? (
            <p className="text-sm text-muted-foreground">Visar de {data.counts.all} senast ändrade inläggen.</p>
          ) : null}
          {filtered ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {data.total === 1 ? "1 inlägg" : `${data.total} inlägg`} matchar filtret.
            </p>
          ) : null}
          {data.rows.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-8 text-center" data-testid="seo-empty">
              <p className="font-semibold">
                {data.counts.all === 0 ? "Inga inlägg att granska ännu" : data.page > data.pageCount ? `Det finns inget på sida ${data.page}` : "Inga inlägg matchar filtret"}
              </p>
              {filtered || data.page > 1 ? (
                <Link to="/admin/seo" className={buttonVariants({ variant: "outline", size: "sm" })}>
                  Visa alla inlägg
                </Link>
              ) : null}
            </div>
          ) : (
            data.rows.map((row) => <PostChecks key={row.id} row={row} />)
          )}
          <Pager param="page" page={data.page} hasMore={data.page < data.pageCount} label="Inlägg" pageCount={data.pageCount} />
        </section>
        {/* One shrinkable column all the way down: a long title in "Mest lästa" is cut, never widens the column. */}
        <aside aria-label="Webbplatsens kontroller och mest lästa" className="grid min-w-0 grid-cols-1 content-start gap-6">
          <SiteChecks site={data.site} />
          <TopPosts top={data.top} />
        </aside>
      </div>
    </div>
  );
}
