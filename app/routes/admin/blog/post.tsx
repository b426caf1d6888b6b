/**
 * /admin/blog/ny and /admin/blog/:postId (docs/rules/blog.md#editing): the post editor. admin
 * and blog edit everything; seo sees the post and edits only its SEO fields (the action refuses
 * anything else). Saves, restores and deletes are JSON posts to /admin/blog/:postId/spara,
 * sent by the editor's fetcher.
 */
import { useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/post";
import { PostEditor } from "~/components/admin/blog/post-editor";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { loadPostEditor } from "~/modules/blog/blog-admin-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "blog");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadPostEditor(request, params.postId);
}

export const ErrorBoundary = AdminTabError;

/** A deleted post is left for the list (the editor navigates), not loaded again into a 404. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "deleted" in actionResult && actionResult.deleted) return false;
  return defaultShouldRevalidate;
}

export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const state = location.state as { createdFrom?: string; reload?: string } | null;
  // A post just created keeps its editor (and what is being typed); a restored version reloads it.
  const key = `${state?.createdFrom ?? loaderData.post?.id ?? "ny"}:${state?.reload ?? ""}`;
  return <PostEditor key={key} post={loaderData.post} canEditAll={loaderData.canEditAll} now={loaderData.now} />;
}
