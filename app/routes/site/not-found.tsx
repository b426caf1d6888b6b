import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/layout/not-found";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/platform/logger.server";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // The missing path is logged (docs/rules/site.md#not-found).
  logger.warn({ path: pathname }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    title: "Sidan kunde inte hittas",
    description: "Sidan du söker finns inte.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFoundRoute() {
  return <NotFound />;
}
