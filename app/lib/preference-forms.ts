/**
 * The plain forms of the site's preferences (docs/decisions/042-content-pages-without-framework-javascript.md):
 * the cookie choice and the theme post without scripts and come back to the page they were sent
 * from. Where scripts run, the same forms are handled in the browser and never post. Isomorphic.
 */
import { z } from "~/lib/zod";
import { THEMES } from "~/lib/theme";
import { CONSENT_FORM_CHOICES } from "~/modules/consent/consent";

/** The hidden field that names the page to come back to. */
export const RETURN_TO_FIELD = "returnTo";

const MAX_RETURN_TO = 2000;

/** A path on this site, or "/" for anything else (no other origin, no `//host`, no `/\host`). */
function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_RETURN_TO) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // eslint-disable-next-line no-control-regex -- control characters never belong in a path
  return /[\u0000-\u001f\u007f]/.test(value) ? "/" : value;
}

const returnTo = z.unknown().transform(safeReturnPath);
const ticked = z.literal("on").optional();

export const consentFormSchema = z.object({
  choice: z.enum(CONSENT_FORM_CHOICES, { error: "Ogiltigt cookie-val." }),
  analytics: ticked,
  marketing: ticked,
  functional: ticked,
  [RETURN_TO_FIELD]: returnTo,
});

export const themeFormSchema = z.object({
  theme: z.enum(THEMES, { error: "Okänt tema." }),
  [RETURN_TO_FIELD]: returnTo,
});
