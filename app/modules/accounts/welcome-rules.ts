/** When the welcome-back dialog may show (docs/rules/site.md#welcome-dialog), as a pure rule. */
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { WELCOME_DIALOG } from "~/modules/accounts/accounts-constants";

export function welcomeStorageKey(userId: string): string {
  return `${STORAGE_KEYS.welcomeShownPrefix}${userId}`;
}

const PUBLIC_PATHS = new Set(PUBLIC_PAGES.map((page) => page.path));

/** The public site (its pages and blog posts): not the staff panel, the sell flow, sign-in or the member's own pages. */
function isPublicSitePath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || /^\/blog\/[^/]+$/.test(pathname);
}

export interface WelcomeContext {
  /** The page's path: the dialog shows on the public site only. */
  pathname: string;
  /** location.search and location.hash at the moment of the sign-in event. */
  search: string;
  hash: string;
  profileCreatedAt: string | null;
  alreadyShown: boolean;
  now: number;
}

export function shouldShowWelcome(context: WelcomeContext): boolean {
  if (context.alreadyShown || !isPublicSitePath(context.pathname)) return false;
  const query = new URLSearchParams(context.search);
  const fragment = new URLSearchParams(context.hash.replace(/^#/, ""));
  if (query.get("message") === "confirmed") return false;
  if (query.has("access_token") || fragment.has("access_token")) return false;
  if (context.profileCreatedAt) {
    const age = context.now - new Date(context.profileCreatedAt).getTime();
    if (Number.isFinite(age) && age < WELCOME_DIALOG.suppressForProfilesYoungerThanMs) return false;
  }
  return true;
}
