import type { Route } from "./+types/theme";
import { asJson, parseRequest } from "~/lib/http.server";
import { themeFormSchema } from "~/lib/preference-forms";
import { secureCookies, seeOther } from "~/lib/preference-forms.server";
import { themeCookie } from "~/lib/theme";
import { postOnly } from "~/modules/analytics/tracking-endpoint.server";

/**
 * POST /api/theme {theme: light|dark|system, returnTo}: the theme menu's plain form. Sets the
 * `theme` cookie and goes back to the page (303); 400 for anything else.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseRequest(request, themeFormSchema);
  if (!parsed.ok) return asJson(parsed.response);
  return seeOther(parsed.data.returnTo, [themeCookie(parsed.data.theme, secureCookies())]);
}

export const loader = postOnly;
