import { describe, expect, it } from "vitest";
import { displayNameFrom, isNewUserProfile } from "./profile-rules";

describe("profile rules", () => {
  it("counts a missing profile, or one without first name or display name, as new (docs/rules/accounts.md#profiles)", () => {
    expect(isNewUserProfile(null)).toBe(true);
    expect(isNewUserProfile({ first_name: "Anna", display_name: null })).toBe(true);
    expect(isNewUserProfile({ first_name: "  ", display_name: "Anna" })).toBe(true);
    expect(isNewUserProfile({ first_name: "Anna", display_name: "Anna" })).toBe(false);
  });

  it("falls back from metadata name to full name to first name (docs/rules/accounts.md#profiles)", () => {
    expect(displayNameFrom({ name: "Nick", fullName: "Nils K", firstName: "Nils" })).toBe("Nick");
    expect(displayNameFrom({ name: " ", fullName: "Nils K", firstName: "Nils" })).toBe("Nils K");
    expect(displayNameFrom({ firstName: "Nils" })).toBe("Nils");
    expect(displayNameFrom({})).toBeNull();
  });
});
