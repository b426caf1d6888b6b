import { redirect } from "react-router";

/** The reviews page used to link here (docs/rules/site.md#pages); the buy page lives at /kop-skins. */
export function loader() {
  throw redirect("/kop-skins", 301);
}
