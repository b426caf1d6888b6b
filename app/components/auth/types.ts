/** What the /auth and /email-confirmation actions answer (see app/modules/accounts/auth-page.server.ts). */
export interface AuthActionResult {
  ok: boolean;
  intent?: "signin" | "signup" | "reset" | "reset-password" | "resend";
  title?: string;
  message?: string;
  code?: string;
  email?: string;
  redirectTo?: string;
  fieldErrors?: Partial<Record<string, string>>;
}
