import { describe, expect, it } from "vitest";
import { referralCodeFromCookie } from "./referral-cookie.server";

const withCookie = (cookie: string | null) =>
  new Request("http://localhost/auth/steam", cookie === null ? {} : { headers: { cookie } });

describe("referralCodeFromCookie", () => {
  it("reads a valid code among other cookies", () => {
    expect(referralCodeFromCookie(withCookie("referral_code=VAN123"))).toBe("VAN123");
    expect(referralCodeFromCookie(withCookie("theme=dark; referral_code=NORDIC ; skinhamnen.session_token=x"))).toBe("NORDIC");
    expect(referralCodeFromCookie(withCookie("referral_code=ABCD"))).toBe("ABCD");
    expect(referralCodeFromCookie(withCookie("referral_code=ABCDEF123456"))).toBe("ABCDEF123456");
  });

  it("upper-cases a lower-case code", () => {
    expect(referralCodeFromCookie(withCookie("referral_code=van123"))).toBe("VAN123");
  });

  // A raw NUL cannot reach a header (Fetch and Node refuse it); its escaped form is junk like any other.
  it("ignores junk, NUL bytes, wrong lengths and a missing cookie", () => {
    for (const cookie of [
      null,
      "",
      "theme=dark",
      "referral_code=",
      "referral_code=VAN-123",
      "referral_code=VAN%20123",
      "referral_code=%00VAN123",
      "referral_code=\"VAN123\"",
      "referral_code=ÅÄÖ123",
      "referral_code=ABC",
      "referral_code=ABCDEF1234567",
      `referral_code=${"A".repeat(10_000)}`,
      "xreferral_code=VAN123",
    ]) {
      expect([cookie, referralCodeFromCookie(withCookie(cookie))]).toEqual([cookie, null]);
    }
  });
});
