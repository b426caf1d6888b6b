import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/layout/not-found";
import { logger } from "~/platform/logger.server";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // spec §2: the missing path is logged.
  logger.warn({ path: pathname }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Sidan kunde inte hittas – Skinhamnen" },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
