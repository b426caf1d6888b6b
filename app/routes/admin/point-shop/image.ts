/** POST /admin/point-shop/image (admin only): an item's picture, through the one image service. */
import type { Route } from "./+types/image";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { handleShopImageUpload } from "~/modules/shop/shop-admin-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "point-shop");
  return new Response("Bilder laddas upp från formuläret för en belöning.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  return handleShopImageUpload(request);
}
