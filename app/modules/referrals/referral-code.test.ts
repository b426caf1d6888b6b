import { describe, expect, it } from "vitest";
import {
  createReferralCodeSchema,
  enterReferralCodeSchema,
  normalizeReferralInput,
  REFERRAL_MESSAGES,
  REFERRAL_OUTCOME_MESSAGES,
  referralCodeError,
} from "./referral-code";

describe("the referral code input", () => {
  it("is forced to upper case, stripped to A-Z and 0-9 and cut at 12 characters", () => {
    expect(normalizeReferralInput("skin-2024 å!")).toBe("SKIN2024");
    expect(normalizeReferralInput("abcdefghijklmnop")).toBe("ABCDEFGHIJKL");
  });

  it("says 'Ange en referral kod' when creating and 'Ange en referenskod' when entering an empty code", () => {
    expect(referralCodeError("", "create")).toBe("Ange en referral kod");
    expect(referralCodeError("", "enter")).toBe("Ange en referenskod");
  });

  it("rejects a code shorter than 4 characters with 'Koden måste vara mellan 4-12 tecken'", () => {
    expect(referralCodeError("ABC", "enter")).toBe("Koden måste vara mellan 4-12 tecken");
    expect(referralCodeError("ABCDEFGHIJKLM", "create")).toBe("Koden måste vara mellan 4-12 tecken");
  });

  it("rejects other characters with 'Endast bokstäver A-Z och siffror 0-9 tillåts'", () => {
    expect(referralCodeError("ÅSA123", "enter")).toBe("Endast bokstäver A-Z och siffror 0-9 tillåts");
    expect(referralCodeError("AB-12", "create")).toBe("Endast bokstäver A-Z och siffror 0-9 tillåts");
  });

  it("accepts a valid code ('Koden ser bra ut!' is shown for it)", () => {
    expect(referralCodeError("SKIN2024", "enter")).toBeNull();
    expect(REFERRAL_MESSAGES.looksGood).toBe("Koden ser bra ut!");
  });

  it("upper-cases on the server and refuses a non-text value with the empty text", () => {
    expect(enterReferralCodeSchema.parse({ code: " skin2024 " })).toEqual({ code: "SKIN2024" });
    expect(createReferralCodeSchema.safeParse({ code: 42 }).error?.issues[0]?.message).toBe("Ange en referral kod");
  });

  it("has the spec's success text only for the case where both rewards were paid", () => {
    expect(REFERRAL_OUTCOME_MESSAGES.paid).toBe(
      "Referenskod tillagd! Du har fått 500 poäng och din referent har också fått 500 poäng!",
    );
    for (const outcome of ["influencer", "capped", "pending_review"] as const) {
      expect(REFERRAL_OUTCOME_MESSAGES[outcome]).not.toContain("din referent har också fått");
    }
  });
});
