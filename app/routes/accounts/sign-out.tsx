/** POST /auth/sign-out: ends the session (docs/rules/accounts.md#sign-out); the header shows the outcome. */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "~/modules/accounts/auth-page.server";

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export function loader() {
  throw redirect("/");
}
