import type { SignupStep, SignupValues } from "~/modules/accounts/signup-schema";

/** What the /auth and /email-confirmation actions answer (see app/modules/accounts/auth-page.server.ts). */
export interface AuthActionResult {
  ok: boolean;
  intent?: "signin" | "signup" | "reset" | "reset-password" | "resend";
  title?: string;
  message?: string;
  code?: string;
  email?: string;
  redirectTo?: string;
  /** The password was right; the account's second factor comes next. */
  twoFactor?: boolean;
  fieldErrors?: Partial<Record<string, string>>;
  /** A sign-up wizard post: the step to show and the values it carries (never the password). */
  step?: SignupStep;
  values?: SignupValues;
}
