/**
 * Sign-in, reset and resend inputs (docs/rules/accounts.md), shared by the /auth forms and their
 * actions.
 */
import { z } from "~/lib/zod";
import { isStrongPassword } from "./password-rule";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { AUTH_MESSAGES } from "./auth-messages";
import { accountFields, isEmail } from "./signup-schema";

export { AUTH_MESSAGES };


const { email: text, password: secret, token } = accountFields;

export const signInSchema = z
  .object({ email: text, password: secret, redirectTo: z.string().max(TEXT_LIMITS.redirectTo).optional().catch(undefined) })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) {
      if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.signInMissing });
      if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.signInMissing });
      return;
    }
    if (!isEmail(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
  });

export const resetRequestSchema = z.object({ email: text }).superRefine((value, ctx) => {
  if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.resetEmailMissing });
  else if (!isEmail(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
});

/** A new password typed twice: both given, equal, and by the sign-up strength rule. */
function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (!value.password || !value.confirmPassword) {
    if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.newPasswordMissing });
    if (!value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.newPasswordMissing });
    return;
  }
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.newPasswordMismatch });
    return;
  }
  if (!isStrongPassword(value.password)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.weakPassword });
  }
}

/** A new password after a reset: the sign-up strength rule (docs/rules/accounts.md#passwords). */
export const newPasswordSchema = z.object({ password: secret, confirmPassword: secret, token }).superRefine(checkNewPassword);

/** /profile: a new password, confirmed by the current one (docs/rules/accounts.md#changing-the-password). */
export const changePasswordSchema = z
  .object({ currentPassword: secret, password: secret, confirmPassword: secret })
  .superRefine((value, ctx) => {
    if (!value.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: AUTH_MESSAGES.currentPasswordMissing });
    checkNewPassword(value, ctx);
  });

/** /profile: a first password for an account made with Steam or Google. */
export const setPasswordSchema = z.object({ password: secret, confirmPassword: secret }).superRefine(checkNewPassword);

export const resendConfirmationSchema = z.object({ email: text }).superRefine((value, ctx) => {
  if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.resendEmailMissing });
  else if (!isEmail(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
});
