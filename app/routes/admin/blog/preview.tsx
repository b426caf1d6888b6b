/**
 * /admin/blog/:postId/forhandsgranska (docs/rules/blog.md#preview): a post, whatever its
 * status, rendered with the public post page's own view and article, for staff of the Blog
 * tab only. Never indexed (robots meta and X-Robots-Tag) and never stored in the HTML cache
 * (it is not a cacheable route, and it is only answered to a signed-in request).
 */
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ArrowLeft, Eye } from "~/components/ui/icons";
import type { Route } from "./+types/preview";
import { AdminAccessScreen } from "~/components/admin/admin-access-screen";
import { PostArticle } from "~/components/blog/post-article";
import { ErrorPage } from "~/components/layout/error-page";
import { buttonVariants } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { loadPreview } from "~/modules/blog/blog-admin-page.server";

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadPreview(request, params.postId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Förhandsgranskning: ${loaderData.post.metaTitle}` : "Förhandsgranskning",
    description: loaderData?.post.metaDescription ?? "Förhandsgranskning av ett blogginlägg.",
    path: loaderData ? `/admin/blog/${loaderData.postId}/forhandsgranska` : "/admin/blog",
    noindex: true,
  });

const STATUS_TEXT: Record<string, string> = { draft: "Utkast", published: "Publicerad", archived: "Arkiverad" };

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { post, postId, status, scheduled, fromRevision } = loaderData;
  return (
    <>
      <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="preview-banner">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6">
          <p className="flex items-center gap-2">
            <Eye className="size-4" aria-hidden="true" />
            <span>
              <strong>Förhandsgranskning</strong> – {scheduled ? "Schemalagd" : (STATUS_TEXT[status] ?? status)}
              {fromRevision ? ", med ändringar som inte är publicerade" : ""}. Bara personal ser den här sidan.
            </span>
          </p>
          <Link to={`/admin/blog/${postId}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Till redigeraren
          </Link>
        </div>
      </div>
      <PostArticle post={post} more={[]} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 401 || status === 403) return <AdminAccessScreen status={status} />;
  return <ErrorPage status={status} />;
}
