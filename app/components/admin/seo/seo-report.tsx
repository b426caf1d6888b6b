/**
 * The SEO tab's report pieces (/admin/seo): one post's checks with its score, search-result
 * preview and a link to the editor field that fixes each problem; the site-wide checks; the
 * most read posts; and the summary figures.
 */
import { Link } from "react-router";
import { CheckStatusIcon, scoreTone } from "~/components/admin/seo/check-status";
import { SearchSnippet } from "~/components/admin/seo/search-snippet";
import { POST_STATUS } from "~/components/admin/blog/post-status-badge";
import { StatusBadge } from "~/components/ui/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { Eye, TrendingUp } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { editorLink } from "~/modules/seo/seo-checks";
import type { SeoDashboard, SeoPostRow } from "~/modules/seo/seo-dashboard.server";
import { formatNumber } from "~/lib/format";

type Data = Pick<SeoDashboard, "averageScore" | "counts">;
type Row = SeoPostRow;

export function SiteChecks({ site }: { site: SeoDashboard["site"] }) {
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

export function TopPosts({ top }: { top: SeoDashboard["top"] }) {
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
                  {formatNumber(post.viewCount)}
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

export function PostChecks({ row }: { row: Row }) {
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
            <StatusBadge {...POST_STATUS[report.state]} />
            <span>
              {formatNumber(report.words)} ord · {report.readingMinutes} min
            </span>
            <span>{formatNumber(row.viewCount)} visningar</span>
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

export function SeoSummary({ data }: { data: Data }) {
  const cards = [
    { label: "Snittpoäng", value: data.averageScore === null ? "–" : String(data.averageScore) },
    { label: "Granskade inlägg", value: formatNumber(data.counts.all) },
    { label: "Med problem", value: formatNumber(data.counts.withProblems) },
    { label: "Schemalagda", value: formatNumber(data.counts.scheduled) },
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
