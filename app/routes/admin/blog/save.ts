/**
 * POST /admin/blog/:postId/spara (the Blog tab's roles; docs/rules/blog.md#editing): the
 * editor's JSON endpoint — save, autosave, restore a revision, delete an archived post. `ny`
 * as the id creates a post. seo may send only the SEO fields; anything else is 403.
 */
import type { Route } from "./+types/save";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { handlePostAction } from "~/modules/blog/blog-admin-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "blog");
  return new Response("Inlägg sparas från redigeraren.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return handlePostAction(request, params.postId);
}
