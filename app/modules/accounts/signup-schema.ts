/**
 * The sign-up wizard's rules (docs/rules/accounts.md#sign-up), one module for the browser wizard
 * and the server action: a schema per step, the full schema the server checks, and the toast title
 * that goes with each message.
 */
import { z } from "~/lib/zod";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { fieldErrors, firstError, lenientTextField, type FieldErrors } from "~/lib/validation";
import { phoneNumberSchema, steamTradeLinkSchema } from "./contact-details";
import { isStrongPassword } from "./password-rule";
import { SIGNUP_MESSAGES } from "./auth-messages";
import { normaliseReferralCode } from "~/modules/referrals/referral-link";

export { SIGNUP_MESSAGES };

/** The toast title for each wizard message. */
export const SIGNUP_TOAST_TITLES = {
  incomplete: "Ofullständig information",
  mismatch: "Lösenordsfel",
  weak: "Lösenordet uppfyller inte kraven",
  failed: "Registreringsfel",
} as const;

export function signupToastTitle(message: string): string {
  switch (message) {
    case SIGNUP_MESSAGES.passwordMismatch:
      return SIGNUP_TOAST_TITLES.mismatch;
    case SIGNUP_MESSAGES.weakPassword:
      return SIGNUP_TOAST_TITLES.weak;
    case SIGNUP_MESSAGES.step1Missing:
    case SIGNUP_MESSAGES.namesMissing:
    case SIGNUP_MESSAGES.requiredMissing:
      return SIGNUP_TOAST_TITLES.incomplete;
    default:
      return SIGNUP_TOAST_TITLES.failed;
  }
}

export const SIGNUP_FAILED_MESSAGE = "Kunde inte skapa konto. Försök igen.";

/** Text fields: anything that is not a string counts as empty. */
export const accountFields = {
  email: lenientTextField(TEXT_LIMITS.email),
  password: lenientTextField(TEXT_LIMITS.password, { trim: false }),
  name: lenientTextField(TEXT_LIMITS.name),
  token: lenientTextField(TEXT_LIMITS.token),
};
export const isEmail = (value: string) => z.email().safeParse(value).success;
const { email: emailField, password: secret, name: nameField } = accountFields;

export const signupStep1Schema = z
  .object({ email: emailField, password: secret, confirmPassword: secret })
  .superRefine((value, ctx) => {
    const missing = (["email", "password", "confirmPassword"] as const).filter((key) => !value[key]);
    if (missing.length) {
      for (const key of missing) ctx.addIssue({ code: "custom", path: [key], message: SIGNUP_MESSAGES.step1Missing });
      return;
    }
    if (!isEmail(value.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: SIGNUP_MESSAGES.invalidEmail });
      return;
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: SIGNUP_MESSAGES.passwordMismatch });
      return;
    }
    if (!isStrongPassword(value.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: SIGNUP_MESSAGES.weakPassword });
    }
  });

export const signupStep2Schema = z
  .object({ firstName: nameField, lastName: nameField, phoneNumber: phoneNumberSchema })
  .superRefine((value, ctx) => {
    if (!value.firstName) ctx.addIssue({ code: "custom", path: ["firstName"], message: SIGNUP_MESSAGES.namesMissing });
    if (!value.lastName) ctx.addIssue({ code: "custom", path: ["lastName"], message: SIGNUP_MESSAGES.namesMissing });
  });

export const signupStep3Schema = z.object({ steamTradeLink: steamTradeLinkSchema });

/** What the server action accepts: every step again, plus the referral code captured at sign-up. */
export const signupSchema = z
  .object({
    email: emailField,
    password: secret,
    firstName: nameField,
    lastName: nameField,
    phoneNumber: phoneNumberSchema,
    steamTradeLink: steamTradeLinkSchema,
    referralCode: z.preprocess(normaliseReferralCode, z.string().nullable()),
    /** The newsletter box: only an explicit tick subscribes. */
    newsletter: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
  })
  .superRefine((value, ctx) => {
    const missing = (["email", "password", "firstName", "lastName"] as const).filter((key) => !value[key]);
    if (missing.length) {
      for (const key of missing) ctx.addIssue({ code: "custom", path: [key], message: SIGNUP_MESSAGES.requiredMissing });
      return;
    }
    if (!isEmail(value.email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: SIGNUP_MESSAGES.invalidEmail });
      return;
    }
    if (!isStrongPassword(value.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: SIGNUP_MESSAGES.weakPassword });
    }
  });

export type SignupInput = z.output<typeof signupSchema>;
export type SignupStep = 1 | 2 | 3;

const SIGNUP_STEP_SCHEMAS = {
  1: signupStep1Schema,
  2: signupStep2Schema,
  3: signupStep3Schema,
} as const;

/**
 * What a wizard step carries forward in the page when it posts without JavaScript: every value
 * but the password, which the server never writes back into the page (decision 033).
 */
const SIGNUP_CARRIED_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "phoneNumber",
  "steamTradeLink",
  "referralCode",
  "newsletter",
] as const;
export type SignupValues = Partial<Record<(typeof SIGNUP_CARRIED_FIELDS)[number], string>>;

/** The carried values of a posted form, as the strings the visitor typed. */
export function carriedSignupValues(input: Record<string, unknown>): SignupValues {
  const values: SignupValues = {};
  for (const key of SIGNUP_CARRIED_FIELDS) {
    const value = input[key];
    if (typeof value === "string" && value !== "") values[key] = value;
  }
  return values;
}

/** The step a wizard post names (`step`), or null for a sign-up posted in one go. */
export function postedSignupStep(value: unknown): SignupStep | null {
  return value === "1" || value === "2" || value === "3" ? (Number(value) as SignupStep) : null;
}

const FIELD_STEPS: Record<string, SignupStep> = { email: 1, firstName: 2, lastName: 2, phoneNumber: 2, steamTradeLink: 3 };

/**
 * The step to show with a refused field: the step that holds it (`passwordStep` for the two
 * passwords, which are typed again on the last step after posts without JavaScript), else
 * `otherwise`.
 */
export function signupStepOfField(field: string | undefined, passwordStep: SignupStep, otherwise: SignupStep): SignupStep {
  if (field === "password" || field === "confirmPassword") return passwordStep;
  return (field && FIELD_STEPS[field]) || otherwise;
}

/**
 * The first refusal of a wizard post, checked in the browser and again on the server: a step
 * posted on its own (1 or 2) with its step's schema; the last step as steps 1 and 3 (the
 * passwords may have been typed again there) and then the full schema; a sign-up posted in one go
 * (no step) with the full schema only.
 */
export function signupRefusal(
  values: Record<string, unknown>,
  step: SignupStep | null,
): { message: string; fieldErrors: FieldErrors } | null {
  const checks: z.ZodType[] =
    step === 1 || step === 2
      ? [SIGNUP_STEP_SCHEMAS[step]]
      : step === 3
        ? [signupStep1Schema, signupStep3Schema, signupSchema]
        : [signupSchema];
  for (const schema of checks) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return { message: firstError(parsed.error), fieldErrors: fieldErrors(parsed.error) };
  }
  return null;
}
