/** POST /admin/blog/bild (admin and blog): a post's featured image, re-encoded to 1200 × 630 WebP by the one image service. */
import type { Route } from "./+types/image";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { handleImageUpload } from "~/modules/blog/blog-admin-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "blog");
  return new Response("Bilder laddas upp från redigeraren.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  return handleImageUpload(request);
}
