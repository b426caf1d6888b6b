import { redirect } from "react-router";

/** An old address linked from the reviews page (docs/rules/site.md#pages); every review now lives at /omdomen. */
export function loader() {
  throw redirect("/omdomen", 301);
}
