/**
 * A component loaded with its own chunk instead of the page's first load
 * (docs/decisions/023-request-work-and-front-end-weight.md). The server renders it in full (the
 * HTML is the same); the browser fetches its code after the page's own and hydrates it then.
 * For parts that are not needed to read the page: menus, dialogs, the theme switch.
 */
import { lazy, type ComponentType } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself
export function lazyComponent<T extends ComponentType<any>>(load: () => Promise<T>) {
  return lazy(async () => ({ default: await load() }));
}
