/**
 * /admin/seo (admin and seo; docs/rules/admin.md#seo-dashboard): every post's SEO checks with a
 * score and a search-result preview, most problems first, each problem linking to the editor
 * field that fixes it; site-wide checks of the sitemap, RSS, robots.txt and the public pages;
 * the most read posts. Filters and page live in the URL.
 */
import { Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/seo";
import { loadSeoTab } from "~/modules/seo/seo-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { CheckStatusIcon, scoreTone } from "~/components/admin/seo/check-status";
import { SearchSnippet } from "~/components/admin/seo/search-snippet";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Eye, Filter, SearchCheck, TrendingUp } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import { cn } from "~/lib/cn";
import { withSearchParams } from "~/lib/search-params";
import { editorLink, POST_STATE_LABELS, POST_STATES, type PostState } from "~/modules/seo/seo-checks";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "seo");

export async function loader({ request }: Route.LoaderArgs) {
  return loadSeoTab(request);
}

export const ErrorBoundary = AdminTabError;

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const STATE_VARIANT: Record<PostState, "default" | "secondary" | "outline" | "success"> = {
  published: "success",
  scheduled: "default",
  draft: "secondary",
  archived: "outline",
};

const STATE_FILTER_LABELS: Record<PostState, string> = {
  published: "Publicerade",
  scheduled: "Schemalagda",
  draft: "Utkast",
  archived: "Arkiverade",
};

function StateBadge({ state }: { state: PostState }) {
  return <Badge variant={STATE_VARIANT[state]}>{POST_STATE_LABELS[state]}</Badge>;
}

function SiteChecks({ site }: { site: Data["site"] }) {
  return (
    <section aria-labelledby="seo-site" className="grid content-start gap-3 rounded-xl border bg-card p-4" data-testid="seo-site-checks">
      <h3 id="seo-site" className="font-semibold">
        Hela webbplatsen
      </h3>
      <ul className="grid gap-3 text-sm">
        {site.map((check) => (
          <li key={check.id} className="flex gap-2" data-check={check.id} data-status={check.status}>
            <CheckStatusIcon status={check.status} className="mt-0.5" />
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium">{check.label}</span>
              <span className="text-muted-foreground">{check.message}</span>
              {check.items.length ? (
                <ul className="flex flex-wrap gap-1">
                  {check.items.map((item) => (
                    <li key={item}>
                      <code className="rounded bg-muted px-1 text-xs break-all">{item}</code>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopPosts({ top }: { top: Data["top"] }) {
  return (
    <section aria-labelledby="seo-top" className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="seo-top" className="flex items-center gap-2 font-semibold">
        <TrendingUp className="size-4 text-primary" aria-hidden="true" />
        Mest lästa
      </h3>
      {top.length === 0 ? (
        <p className="text-sm text-muted-foreground">Inga visningar ännu.</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2 text-sm" data-testid="seo-top-posts">
          {top.map((post, index) => (
            <li key={post.id} className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2">
                <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">{index + 1}.</span>
                <a href={`/blog/${post.slug}`} className="truncate hover:underline" target="_blank" rel="noreferrer">
                  {post.title}
                </a>
              </span>
              <span className="flex shrink-0 items-center gap-2 tabular-nums">
                <span className="flex items-center gap-1 text-muted-foreground">
                  <Eye className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">Visningar: </span>
                  {post.viewCount.toLocaleString("sv-SE")}
                </span>
                {post.score !== null ? (
                  <span className={cn("font-semibold", scoreTone(post.score))}>
                    <span className="sr-only">Poäng: </span>
                    {post.score}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PostChecks({ row }: { row: Row }) {
  const { report } = row;
  const problems = report.checks.filter((check) => check.status === "error" || check.status === "warning");
  const rest = report.checks.filter((check) => check.status !== "error" && check.status !== "warning");
  return (
    <article className="grid min-w-0 gap-3 rounded-xl border bg-card p-4" data-testid="seo-post" data-post-id={row.id} aria-labelledby={`seo-post-${row.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 id={`seo-post-${row.id}`} className="font-semibold break-words">
            {row.title}
          </h3>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <StateBadge state={report.state} />
            <span>
              {report.words.toLocaleString("sv-SE")} ord · {report.readingMinutes} min
            </span>
            <span>{row.viewCount.toLocaleString("sv-SE")} visningar</span>
          </div>
        </div>
        <div className="text-right">
          <span className={cn("block text-3xl font-black tabular-nums", scoreTone(report.score))} data-testid="seo-score">
            {report.score}
            <span className="sr-only"> av 100</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {report.problems === 0 ? "Inga problem" : report.problems === 1 ? "1 problem" : `${report.problems} problem`}
          </span>
        </div>
      </header>

      <SearchSnippet snippet={report.snippet} />

      {problems.length ? (
        <ul className="grid gap-2 text-sm" aria-label={`Problem i ${row.title}`}>
          {problems.map((check) => (
            <li key={check.id} className="flex flex-wrap items-start gap-2" data-check={check.id} data-status={check.status}>
              <CheckStatusIcon status={check.status} className="mt-0.5" />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{check.label}:</span> {check.message}
              </span>
              {check.field ? (
                <Link to={editorLink(row.id, check.field)} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="seo-fix">
                  Åtgärda<span className="sr-only"> {check.label.toLowerCase()} i {row.title}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Alla kontroller ({report.checks.length})</summary>
        <ul className="mt-2 grid gap-1.5">
          {rest.map((check) => (
            <li key={check.id} className="flex items-start gap-2" data-check={check.id} data-status={check.status}>
              <CheckStatusIcon status={check.status} className="mt-0.5" />
              <span>
                <span className="font-medium">{check.label}:</span> {check.message}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}

function Summary({ data }: { data: Data }) {
  const cards = [
    { label: "Snittpoäng", value: data.averageScore === null ? "–" : String(data.averageScore) },
    { label: "Granskade inlägg", value: data.counts.all.toLocaleString("sv-SE") },
    { label: "Med problem", value: data.counts.withProblems.toLocaleString("sv-SE") },
    { label: "Schemalagda", value: data.counts.scheduled.toLocaleString("sv-SE") },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="grid gap-1 rounded-xl border bg-card p-4">
          <dt className="text-xs text-muted-foreground">{card.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminSeoTab({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin/seo";
  const filterLink = (status: PostState | null) => withSearchParams(params, { status, page: null });
  const problemsLink = withSearchParams(params, { problem: data.onlyProblems ? null : "1", page: null });
  const filtered = data.status !== null || data.onlyProblems;

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
      </div>

      <Summary data={data} />

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
          <Pager param="page" page={data.page} hasMore={data.page < data.pageCount} label="Inlägg" total={data.pageCount} />
        </section>
        {/* One shrinkable column all the way down: a long title in "Mest lästa" is cut, never widens the column. */}
        <aside className="grid min-w-0 grid-cols-1 content-start gap-6">
          <SiteChecks site={data.site} />
          <TopPosts top={data.top} />
        </aside>
      </div>
    </div>
  );
}
