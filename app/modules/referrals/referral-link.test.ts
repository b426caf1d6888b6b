import { describe, expect, it } from "vitest";
import { referralVisitPayload, withoutReferralParam, withReferralCode } from "./referral-link";

describe("?ref= links", () => {
  it("removes only the ref parameter from the address", () => {
    expect(withoutReferralParam("?ref=NORDIC")).toBe("");
    expect(withoutReferralParam("?utm_source=yt&ref=NORDIC&x=1")).toBe("?utm_source=yt&x=1");
  });

  it("reports the real utm_* values and the referrer, and leaves defaults to the server", () => {
    expect(referralVisitPayload("NORDIC", "?ref=NORDIC&utm_source=youtube", "https://youtube.com/")).toEqual({
      code: "NORDIC",
      referrer: "https://youtube.com/",
      utm_source: "youtube",
    });
    expect(referralVisitPayload("NORDIC", "?ref=NORDIC", "")).toEqual({ code: "NORDIC" });
  });

  it("carries the pending code on the Steam and Google sign-in links", () => {
    expect(withReferralCode("/auth/steam", "NORDIC")).toBe("/auth/steam?ref=NORDIC");
    expect(withReferralCode("/auth/google", null)).toBe("/auth/google");
  });
});
