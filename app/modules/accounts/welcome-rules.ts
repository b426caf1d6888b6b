/** When the welcome-back dialog may show (docs/rules/site.md#welcome-dialog), as a pure rule. */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { WELCOME_DIALOG } from "~/modules/accounts/accounts-constants";

export function welcomeStorageKey(userId: string): string {
  return `${STORAGE_KEYS.welcomeShownPrefix}${userId}`;
}

export interface WelcomeContext {
  /** location.search and location.hash at the moment of the sign-in event. */
  search: string;
  hash: string;
  profileCreatedAt: string | null;
  alreadyShown: boolean;
  now: number;
}

export function shouldShowWelcome(context: WelcomeContext): boolean {
  if (context.alreadyShown) return false;
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
