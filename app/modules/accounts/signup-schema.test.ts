import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/validation";
import { normaliseReferralCode } from "~/modules/referrals/referral-link";
import {
  SIGNUP_MESSAGES,
  signupSchema,
  signupStep1Schema,
  signupStep2Schema,
  signupStep3Schema,
  signupToastTitle,
} from "./signup-schema";

const strong = "Hemligt#2026";

function messageOf(result: { success: boolean; error?: Parameters<typeof firstError>[0] }): string | null {
  return result.success ? null : firstError(result.error!);
}

describe("sign-up step 1", () => {
  it("asks for every field with 'Vänligen fyll i alla fält.'", () => {
    expect(messageOf(signupStep1Schema.safeParse({ email: "", password: strong, confirmPassword: strong }))).toBe(
      "Vänligen fyll i alla fält.",
    );
    expect(messageOf(signupStep1Schema.safeParse({ email: "a@b.se", password: strong }))).toBe(
      "Vänligen fyll i alla fält.",
    );
    expect(messageOf(signupStep1Schema.safeParse({}))).toBe("Vänligen fyll i alla fält.");
  });

  it("rejects different passwords with 'Lösenorden matchar inte.'", () => {
    expect(
      messageOf(signupStep1Schema.safeParse({ email: "a@b.se", password: strong, confirmPassword: `${strong}x` })),
    ).toBe("Lösenorden matchar inte.");
  });

  it("rejects a weak password with the strength text", () => {
    for (const weak of ["kort#A1", "hemligt#2026", "HEMLIGT#2026", "Hemligt#abcd", "Hemligt2026"]) {
      expect(messageOf(signupStep1Schema.safeParse({ email: "a@b.se", password: weak, confirmPassword: weak }))).toBe(
        "Lösenordet måste innehålla versaler, gemener, siffror och symboler.",
      );
    }
  });

  it("rejects a malformed address and accepts a complete step", () => {
    expect(messageOf(signupStep1Schema.safeParse({ email: "inte-en-adress", password: strong, confirmPassword: strong }))).toBe(
      SIGNUP_MESSAGES.invalidEmail,
    );
    expect(signupStep1Schema.safeParse({ email: " kund@example.se ", password: strong, confirmPassword: strong }).data).toEqual({
      email: "kund@example.se",
      password: strong,
      confirmPassword: strong,
    });
  });
});

describe("sign-up step 2 and 3", () => {
  it("requires first and last name with 'Vänligen fyll i för- och efternamn.'", () => {
    expect(messageOf(signupStep2Schema.safeParse({ firstName: "Kalle", lastName: " " }))).toBe(
      "Vänligen fyll i för- och efternamn.",
    );
    expect(messageOf(signupStep2Schema.safeParse({ firstName: "", lastName: "Anka" }))).toBe(
      "Vänligen fyll i för- och efternamn.",
    );
  });

  it("keeps phone optional (empty → null) and checks its format", () => {
    expect(signupStep2Schema.safeParse({ firstName: "Kalle", lastName: "Anka", phoneNumber: "" }).data?.phoneNumber).toBeNull();
    expect(signupStep2Schema.safeParse({ firstName: "Kalle", lastName: "Anka", phoneNumber: "1234" }).success).toBe(false);
  });

  it("keeps the trade link optional and checks its format", () => {
    expect(signupStep3Schema.safeParse({ steamTradeLink: "" }).data?.steamTradeLink).toBeNull();
    expect(signupStep3Schema.safeParse({ steamTradeLink: "https://example.com" }).success).toBe(false);
  });
});

describe("full sign-up schema (server)", () => {
  const complete = { email: "kund@example.se", password: strong, firstName: "Kalle", lastName: "Anka" };

  it("requires email, password, first and last name with 'Vänligen fyll i alla obligatoriska fält.'", () => {
    for (const key of Object.keys(complete)) {
      expect(messageOf(signupSchema.safeParse({ ...complete, [key]: "" }))).toBe(
        "Vänligen fyll i alla obligatoriska fält.",
      );
    }
  });

  it("enforces the password rule on the server too", () => {
    expect(messageOf(signupSchema.safeParse({ ...complete, password: "password" }))).toBe(SIGNUP_MESSAGES.weakPassword);
  });

  it("normalises optional fields and the referral code", () => {
    const parsed = signupSchema.parse({
      ...complete,
      phoneNumber: "070-123 45 67",
      steamTradeLink: "",
      referralCode: " kalle-2026 ",
    });
    expect(parsed).toMatchObject({ phoneNumber: "0701234567", steamTradeLink: null, referralCode: "KALLE2026" });
  });

  it("ignores an invalid referral code instead of failing", () => {
    expect(signupSchema.parse({ ...complete, referralCode: "ab" }).referralCode).toBeNull();
    expect(signupSchema.parse({ ...complete }).referralCode).toBeNull();
  });
});

describe("referral code at sign-up", () => {
  it("upper-cases and strips everything but A-Z and 0-9", () => {
    expect(normaliseReferralCode("skin-hamn 1")).toBe("SKINHAMN1");
    expect(normaliseReferralCode("åäö-abcd")).toBe("ABCD");
  });
  it("drops codes outside 4-12 characters and non-strings", () => {
    expect(normaliseReferralCode("abc")).toBeNull();
    expect(normaliseReferralCode("ABCDEFGHIJKLM")).toBeNull();
    expect(normaliseReferralCode(42)).toBeNull();
  });
});

describe("toast titles (docs/rules/accounts.md#sign-up)", () => {
  it("maps each wizard message to its title", () => {
    expect(signupToastTitle("Vänligen fyll i alla fält.")).toBe("Ofullständig information");
    expect(signupToastTitle("Vänligen fyll i för- och efternamn.")).toBe("Ofullständig information");
    expect(signupToastTitle("Vänligen fyll i alla obligatoriska fält.")).toBe("Ofullständig information");
    expect(signupToastTitle("Lösenorden matchar inte.")).toBe("Lösenordsfel");
    expect(signupToastTitle(SIGNUP_MESSAGES.weakPassword)).toBe("Lösenordet uppfyller inte kraven");
    expect(signupToastTitle("något annat")).toBe("Registreringsfel");
  });
});
