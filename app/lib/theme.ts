import { cookieValue, preferenceCookie } from "~/lib/cookies";
import { STORAGE_KEYS } from "~/lib/storage-keys";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** A year: the choice lasts until the visitor changes it. */
const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The theme a Cookie header carries; "system" when none or an unknown one. */
export function themeFromCookieHeader(header: string | null | undefined): Theme {
  const value = cookieValue(header, STORAGE_KEYS.theme);
  return isTheme(value) ? value : "system";
}

/** The `theme` cookie: the server renders `class="dark"` from it, so no script is needed for a fixed choice. */
export function themeCookie(theme: Theme, secure: boolean): string {
  return preferenceCookie(STORAGE_KEYS.theme, theme, THEME_COOKIE_MAX_AGE, secure);
}

/**
 * Runs inline in <head> before first paint, so "system" follows the operating system without a
 * flash; a fixed choice is already in the server's markup. Kept tiny and dependency-free; it is
 * serialised into the HTML with the CSP nonce (or its hash, from the HTML cache).
 */
export const themeBootScript = `(function(){try{var m=/(?:^|; )${STORAGE_KEYS.theme}=(\\w+)/.exec(document.cookie);var t=m&&m[1];var d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}catch(_){}})();`;

export function readStoredTheme(): Theme {
  return themeFromCookieHeader(document.cookie);
}

export function applyTheme(theme: Theme): void {
  const dark =
    theme === "dark" ||
    (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

export function storeTheme(theme: Theme): void {
  document.cookie = themeCookie(theme, window.location.protocol === "https:");
  applyTheme(theme);
}
