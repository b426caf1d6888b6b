/**
 * Pages that need no client-side React (docs/decisions/042-content-pages-without-framework-javascript.md).
 * A route says so with `export const handle = STATIC_PAGE;`: when every route matched below the
 * root does, the document is sent without React Router's scripts, its module preloads and scroll
 * restoration, in one piece; the small enhancement module (app/enhance/enhance.ts) runs instead.
 * Isomorphic.
 */
import { useMatches } from "react-router";

export interface HydrationHandle {
  /** false: the page's markup works without the framework's JavaScript. */
  hydrate?: boolean;
}

export const STATIC_PAGE: HydrationHandle = Object.freeze({ hydrate: false });

/** True when routes matched below the root all opt out of hydration (and there is at least one). */
export function isStaticPage(handles: ReadonlyArray<{ id: string; handle: unknown }>): boolean {
  const pages = handles.filter((match) => match.id !== "root");
  return pages.length > 0 && pages.every((match) => (match.handle as HydrationHandle | undefined)?.hydrate === false);
}

/** Whether the page being rendered is sent without the framework's scripts. */
export function useStaticPage(): boolean {
  return isStaticPage(useMatches());
}
