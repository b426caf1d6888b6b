/**
 * Sign-in, reset and resend inputs (docs/rules/accounts.md), shared by the /auth forms and their
 * actions.
 */
import { z } from "zod";
import { isStrongPassword } from "./password-rule";
import { TEXT_LIMITS } from "~/constants";
import { accountFields, isEmail, SIGNUP_MESSAGES } from "./signup-schema";

export const AUTH_MESSAGES = {
  signInMissing: "Vänligen fyll i alla fält",
  resetEmailMissing: "Vänligen ange din e-postadress",
  newPasswordMissing: "Vänligen fyll i alla fält",
  newPasswordMismatch: "Lösenorden matchar inte",
  resendEmailMissing: "E-postadress saknas. Vänligen registrera dig igen.",
  invalidEmail: SIGNUP_MESSAGES.invalidEmail,
  weakPassword: SIGNUP_MESSAGES.weakPassword,
  // docs/rules/accounts.md#sign-in
  signInSuccess: "Inloggning lyckades!",
  emailNotConfirmed: "E-post ej bekräftad",
  emailNotConfirmedHelp: "Bekräfta din e-postadress via länken vi skickade innan du loggar in.",
  wrongCredentials: "Felaktiga uppgifter",
  signInFailed: "Fel vid inloggning. Kontrollera dina uppgifter.",
  // docs/rules/admin.md#users
  signInBlockedTitle: "Kontot är spärrat",
  // docs/rules/accounts.md#password-reset
  resetSent: "E-post skickad!",
  resetFailed: "Fel vid återställning av lösenord. Försök igen.",
  linkExpired: "Länken har gått ut",
  noValidSession: "Ingen giltig session",
  passwordUpdated: "Lösenord uppdaterat!",
  passwordUpdateFailed: "Fel vid uppdatering av lösenord. Försök igen.",
  // docs/rules/accounts.md#email-confirmation
  resendSent: "E-post skickad!",
  resendFailedTitle: "Fel",
  resendFailed: "Kunde inte skicka bekräftelsemail.",
  confirmed: "Konto bekräftat!",
  // docs/rules/accounts.md#sign-out
  signedOutTitle: "Utloggad",
  signedOut: "Du har loggats ut framgångsrikt.",
  signOutFailedTitle: "Fel",
  signOutFailed: "Kunde inte logga ut. Försök igen.",
} as const;

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

/** A new password after a reset: the sign-up strength rule (docs/rules/accounts.md#passwords). */
export const newPasswordSchema = z
  .object({ password: secret, confirmPassword: secret, token })
  .superRefine((value, ctx) => {
    if (!value.password || !value.confirmPassword) {
      if (!value.password) ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.newPasswordMissing });
      if (!value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.newPasswordMissing });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: AUTH_MESSAGES.newPasswordMismatch });
      return;
    }
    if (!isStrongPassword(value.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: AUTH_MESSAGES.weakPassword });
    }
  });

export const resendConfirmationSchema = z.object({ email: text }).superRefine((value, ctx) => {
  if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.resendEmailMissing });
  else if (!isEmail(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: AUTH_MESSAGES.invalidEmail });
});
