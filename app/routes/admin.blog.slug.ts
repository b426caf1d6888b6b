/** GET /admin/blog/slug?slug=&id= (the Blog tab's roles): whether a slug is free, for the editor's live check. */
import type { Route } from "./+types/admin.blog.slug";
import { checkSlug } from "./admin.blog.server";

export async function loader({ request }: Route.LoaderArgs) {
  return checkSlug(request);
}
