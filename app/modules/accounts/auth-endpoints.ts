/**
 * The rules Better Auth's endpoints answer to (docs/decisions/014-account-flows.md):
 * which of them a browser may reach over HTTP, and what input any call into an account must
 * pass, whether it arrives over HTTP or from our route actions. The account rules are the
 * shared ones (password, name and profile schemas); nothing here retypes them.
 */
import { z } from "~/lib/zod";
import { hasControlCharacters } from "~/lib/control-characters";
import { INPUT_MESSAGES } from "~/lib/validation";
import { isStrongPassword } from "./password-rule";
import { INVALID_EMAIL, profileUpdateSchema } from "./profile-schema";
import type { ProfileSeed } from "./profiles.server";
import { SIGNUP_MESSAGES } from "./signup-schema";
import { TWO_FACTOR_MESSAGES } from "./two-factor-messages";

const TWO_FACTOR_CODE_MESSAGE = TWO_FACTOR_MESSAGES.codeFormat;

/**
 * The only endpoints served over HTTP. Forms post to our route actions, which call Better
 * Auth in-process; everything else answers 404.
 */
export const AUTH_HTTP_ENDPOINTS = [
  { method: "GET", path: "/verify-email", why: "the confirmation link mailed at sign-up and for a changed address" },
  {
    method: "GET",
    path: "/reset-password/:token",
    why: "the reset link mailed for a forgotten password; it checks the token and forwards to /auth?mode=reset-password",
  },
  { method: "GET", path: "/callback/:id", why: "Google's redirect back to us after sign-in (OIDC code flow)" },
] as const;

/** `path` is Better Auth's route pattern (e.g. `/reset-password/:token`), never the raw URL. */
export function isHttpAuthEndpoint(method: string, path: string | undefined): boolean {
  return AUTH_HTTP_ENDPOINTS.some((endpoint) => endpoint.method === method.toUpperCase() && endpoint.path === path);
}

export const AUTH_ENDPOINT_MESSAGES = {
  notFound: "Sidan kunde inte hittas.",
  invalid: "Ogiltig förfrågan.",
  controlCharacters: INPUT_MESSAGES.controlCharacters,
} as const;

const text = z.string();
const optionalText = z.string().optional();
const newPassword = z.string().refine(isStrongPassword, SIGNUP_MESSAGES.weakPassword);
/** The profile's first-name rule: required, trimmed, at most 100 characters. */
const personName = profileUpdateSchema.shape.first_name;
/** The profile's address rule, required: an address that is created or changed must be valid. */
const newAddress = (message: string) =>
  profileUpdateSchema.shape.email.refine((address) => address !== null, message);

/**
 * Bodies of the endpoints that take one, by route pattern. Strict: a field we do not name is
 * refused, so no body can set an avatar, a role or anything Better Auth might store. Avatars
 * come only from Steam and Google, through their own sign-in paths.
 */
const BODY_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  "/sign-up/email": z.strictObject({
    email: newAddress(SIGNUP_MESSAGES.invalidEmail),
    password: newPassword,
    name: personName,
    callbackURL: optionalText,
    rememberMe: z.boolean().optional(),
  }),
  "/sign-in/email": z.strictObject({
    email: text,
    password: text,
    callbackURL: optionalText,
    rememberMe: z.boolean().optional(),
  }),
  "/request-password-reset": z.strictObject({ email: text, redirectTo: optionalText }),
  "/send-verification-email": z.strictObject({ email: text, callbackURL: optionalText }),
  "/reset-password": z.strictObject({ newPassword, token: optionalText }),
  "/change-password": z.strictObject({ currentPassword: text, newPassword, revokeOtherSessions: z.boolean().optional() }),
  "/verify-password": z.strictObject({ password: text }),
  "/set-password": z.strictObject({ newPassword }),
  "/change-email": z.strictObject({ newEmail: newAddress(INVALID_EMAIL), callbackURL: optionalText }),
  "/update-user": z.strictObject({ name: personName.optional() }),
  "/revoke-session": z.strictObject({ token: text }),
  "/two-factor/enable": z.strictObject({ password: optionalText, method: z.literal("totp").optional() }),
  "/two-factor/disable": z.strictObject({ password: optionalText }),
  "/two-factor/verify-totp": z.strictObject({ code: z.string().regex(/^\d{6}$/, TWO_FACTOR_CODE_MESSAGE), trustDevice: z.literal(false).optional() }),
  "/two-factor/verify-backup-code": z.strictObject({
    code: z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, TWO_FACTOR_CODE_MESSAGE),
    trustDevice: z.literal(false).optional(),
    disableSession: z.boolean().optional(),
  }),
};

/** What a sign-up brings for the profile, checked with the profile form's own rules. */
const profileFields = profileUpdateSchema.omit({ email: true });

export interface AuthInput {
  /** True when the call arrived over HTTP (its query is a URL's), false for in-process calls. */
  overHttp?: boolean;
  body?: unknown;
  query?: unknown;
  /** Path parameters as the router matched them, still percent-encoded. */
  params?: unknown;
  profileSeed?: ProfileSeed;
}

export interface AuthInputError {
  message: string;
  fieldErrors: Partial<Record<string, string>>;
}

const MAX_DEPTH = 8;

/** The path of the first string holding a control character, or undefined. */
function controlCharacterAt(value: unknown, at: string, depth = 0): string | undefined {
  if (typeof value === "string") return hasControlCharacters(value) ? at : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = hasControlCharacters(key) ? at : controlCharacterAt(inner, at || key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function decodedParams(params: unknown): Record<string, string> | null {
  if (!params || typeof params !== "object") return {};
  const decoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "string") return null;
    try {
      decoded[key] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return decoded;
}

function fail(message: string, field = "_form"): AuthInputError {
  return { message, fieldErrors: { [field]: message } };
}

function fromZod(error: z.ZodError): AuthInputError {
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? "_form")] ??= issue.message;
  return { message: error.issues[0]?.message ?? AUTH_ENDPOINT_MESSAGES.invalid, fieldErrors };
}

/** Library defaults (English, e.g. "expected string") become our one Swedish text. */
const swedishDefaults = () => AUTH_ENDPOINT_MESSAGES.invalid;

/**
 * Checks one call of the endpoint at `path` (Better Auth's route pattern). Returns the Swedish
 * refusal, or null when the input may go ahead.
 */
export function authInputError(path: string | undefined, input: AuthInput): AuthInputError | null {
  const params = decodedParams(input.params);
  if (!params) return fail(AUTH_ENDPOINT_MESSAGES.invalid);
  for (const [part, value] of [["params", params], ["query", input.query], ["body", input.body], ["profile", input.profileSeed]] as const) {
    const field = controlCharacterAt(value, "");
    if (field !== undefined) return fail(AUTH_ENDPOINT_MESSAGES.controlCharacters, field || part);
  }
  // A link's parameters arrive once each, as text (in-process callers may pass flags).
  if (input.overHttp && input.query && typeof input.query === "object") {
    for (const [key, value] of Object.entries(input.query)) {
      if (typeof value !== "string") return fail(AUTH_ENDPOINT_MESSAGES.invalid, key);
    }
  }
  const schema = path ? BODY_SCHEMAS[path] : undefined;
  if (schema) {
    const parsed = schema.safeParse(input.body, { error: swedishDefaults });
    if (!parsed.success) return fromZod(parsed.error);
  }
  if (input.profileSeed) {
    const seed = input.profileSeed;
    const parsed = profileFields.safeParse(
      {
        first_name: seed.firstName,
        last_name: seed.lastName,
        phone_number: seed.phoneNumber,
        steam_trade_link: seed.steamTradeLink,
      },
      { error: swedishDefaults },
    );
    if (!parsed.success) return fromZod(parsed.error);
  }
  return null;
}
