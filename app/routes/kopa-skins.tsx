import { redirect } from "react-router";

/** The reviews page used to link here (spec §2); the buy page lives at /kop-skins. */
export function loader() {
  throw redirect("/kop-skins", 301);
}
