import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/validation";
import { newPasswordSchema, resendConfirmationSchema, resetRequestSchema, signInSchema } from "./auth-schemas";

const messageOf = (result: { success: boolean; error?: Parameters<typeof firstError>[0] }) =>
  result.success ? null : firstError(result.error!);

describe("auth forms (docs/rules/accounts.md)", () => {
  it("sign-in needs both fields: 'Vänligen fyll i alla fält'", () => {
    expect(messageOf(signInSchema.safeParse({ email: "a@b.se", password: "" }))).toBe("Vänligen fyll i alla fält");
    expect(messageOf(signInSchema.safeParse({ password: "x" }))).toBe("Vänligen fyll i alla fält");
    expect(signInSchema.safeParse({ email: "a@b.se", password: "x" }).success).toBe(true);
  });

  it("reset request needs an address: 'Vänligen ange din e-postadress'", () => {
    expect(messageOf(resetRequestSchema.safeParse({ email: " " }))).toBe("Vänligen ange din e-postadress");
    expect(messageOf(resetRequestSchema.safeParse({ email: "nope" }))).toBe("Ange en giltig e-postadress.");
  });

  it("new password: both required, must match, sign-up strength", () => {
    expect(messageOf(newPasswordSchema.safeParse({ password: "", confirmPassword: "" }))).toBe("Vänligen fyll i alla fält");
    expect(messageOf(newPasswordSchema.safeParse({ password: "Hemligt#2026", confirmPassword: "Hemligt#2027" }))).toBe(
      "Lösenorden matchar inte",
    );
    expect(messageOf(newPasswordSchema.safeParse({ password: "abcdef", confirmPassword: "abcdef" }))).toBe(
      "Lösenordet måste innehålla versaler, gemener, siffror och symboler.",
    );
    expect(newPasswordSchema.safeParse({ password: "Hemligt#2026", confirmPassword: "Hemligt#2026", token: "t" }).success).toBe(true);
  });

  it("resend needs the address from the URL", () => {
    expect(messageOf(resendConfirmationSchema.safeParse({}))).toBe("E-postadress saknas. Vänligen registrera dig igen.");
  });
});
