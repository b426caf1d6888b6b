/**
 * POST /admin/blog/:postId/spara (the Blog tab's roles; docs/rules/blog.md#editing): the
 * editor's JSON endpoint — save, autosave, restore a revision, delete an archived post. `ny`
 * as the id creates a post. seo may send only the SEO fields; anything else is 403. The editor
 * posts through a fetcher; a post that never reaches the server is answered in the browser.
 */
import { isRouteErrorResponse } from "react-router";
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

/** What the editor shows when the server cannot be reached: its changes stay on screen. */
const UNREACHABLE = { ok: false as const, message: "Kunde inte nå servern. Kontrollera anslutningen; ändringarna finns kvar här." };

/** A network failure is the editor's answer, not a route error that would replace the editor. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return UNREACHABLE;
  }
}
