import { describe, expect, it } from "vitest";
import { socialSignInErrorMessage } from "./social-sign-in-errors";

describe("social sign-in error messages", () => {
  it("gives a Swedish message for error=steam and error=google only", () => {
    expect(socialSignInErrorMessage("steam")).toBe("Inloggningen med Steam kunde inte verifieras. Försök igen.");
    expect(socialSignInErrorMessage("google")).toBe("Inloggningen med Google misslyckades. Försök igen.");
    expect(socialSignInErrorMessage("toString")).toBeNull();
    expect(socialSignInErrorMessage(null)).toBeNull();
  });
});
