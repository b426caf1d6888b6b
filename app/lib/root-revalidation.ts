/**
 * When the root loader runs again (docs/rules/site.md#root-data). What the root shows (the
 * site's settings and who is signed in) changes only through the account's own pages: signing
 * in, up or out, and the profile (name, e-mail). Any other form or fetcher action (newsletter,
 * point shop, staff tabs…) leaves it as it was, so it is not fetched again. A refused action
 * (401/403) may mean the session ended, so the root reads it again.
 */
const ROOT_CHANGING_ACTIONS = ["/auth", "/profile", "/admin/sign-out"];

export interface RootRevalidationArgs {
  formMethod?: string;
  formAction?: string;
  actionStatus?: number;
  defaultShouldRevalidate: boolean;
}

export function rootShouldRevalidate({ formMethod, formAction, actionStatus, defaultShouldRevalidate }: RootRevalidationArgs): boolean {
  if (!formMethod || formMethod.toUpperCase() === "GET" || !formAction) return defaultShouldRevalidate;
  if (actionStatus === 401 || actionStatus === 403) return true;
  const path = new URL(formAction, "http://localhost").pathname.replace(/\.data$/, "");
  return defaultShouldRevalidate && ROOT_CHANGING_ACTIONS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
