import { describe, expect, it } from "vitest";
import { SIGN_IN_BLOCKED_MESSAGE, signInErrorParam, socialSignInErrorMessage } from "./social-sign-in-errors";

describe("social sign-in error messages", () => {
  it("gives a Swedish message for error=steam and error=google only", () => {
    expect(socialSignInErrorMessage("steam")).toBe("Inloggningen med Steam kunde inte verifieras. Försök igen.");
    expect(socialSignInErrorMessage("google")).toBe("Inloggningen med Google misslyckades. Försök igen.");
    expect(socialSignInErrorMessage("toString")).toBeNull();
    expect(socialSignInErrorMessage(null)).toBeNull();
  });

  it("shows the blocked message for Steam's error=blocked and for Google's appended SIGN_IN_BLOCKED", () => {
    expect(socialSignInErrorMessage(signInErrorParam(new URLSearchParams("mode=signin&error=blocked")))).toBe(SIGN_IN_BLOCKED_MESSAGE);
    const google = new URLSearchParams("mode=signin&error=google&error=SIGN_IN_BLOCKED&error_description=x");
    expect(socialSignInErrorMessage(signInErrorParam(google))).toBe(SIGN_IN_BLOCKED_MESSAGE);
    expect(socialSignInErrorMessage(signInErrorParam(new URLSearchParams("error=google&error=other")))).toBe(
      "Inloggningen med Google misslyckades. Försök igen.",
    );
  });
});
