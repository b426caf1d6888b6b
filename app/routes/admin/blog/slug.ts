/** GET /admin/blog/slug?slug=&id= (the Blog tab's roles): whether a slug is free, for the editor's live check. */
import type { Route } from "./+types/slug";
import { checkSlug } from "~/modules/blog/blog-admin-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  return checkSlug(request);
}
