import { describe, expect, it } from "vitest";
import {
  REFERRAL_COOKIE_DELETION,
  referralCookieAssignment,
  referralVisitPayload,
  withoutReferralParam,
  withReferralCode,
} from "./referral-link";

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

describe("the cookie the browser writes", () => {
  it("stores only a valid code, for 30 days, Lax, Secure on https", () => {
    expect(referralCookieAssignment("VAN123", false)).toBe("referral_code=VAN123; Path=/; Max-Age=2592000; SameSite=Lax");
    expect(referralCookieAssignment("VAN123", true)).toBe("referral_code=VAN123; Path=/; Max-Age=2592000; SameSite=Lax; Secure");
    expect(referralCookieAssignment("van123", false)).toBeNull();
    expect(referralCookieAssignment("VAN123; Path=/admin", false)).toBeNull();
    expect(REFERRAL_COOKIE_DELETION).toBe("referral_code=; Path=/; Max-Age=0; SameSite=Lax");
  });
});
