import { redirect } from "react-router";

/** An old address linked from the reviews page (spec §2); every review now lives at /omdomen. */
export function loader() {
  throw redirect("/omdomen", 301);
}
