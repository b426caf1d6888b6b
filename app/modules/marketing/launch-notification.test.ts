import { describe, expect, it } from "vitest";
import { firstError } from "~/lib/validation";
import {
  LAUNCH_EMAIL_INVALID,
  LAUNCH_EMAIL_REQUIRED,
  launchNotificationSchema,
} from "./launch-notification";

function messageFor(input: unknown): string | null {
  const result = launchNotificationSchema.safeParse(input);
  return result.success ? null : firstError(result.error);
}

describe("launch notification schema", () => {
  it("accepts an email address and trims it", () => {
    const result = launchNotificationSchema.safeParse({ email: "  Kalle@Example.se " });
    expect(result.success && result.data.email).toBe("Kalle@Example.se");
  });

  it(`rejects an empty field with '${LAUNCH_EMAIL_REQUIRED}'`, () => {
    expect(messageFor({ email: "" })).toBe(LAUNCH_EMAIL_REQUIRED);
    expect(messageFor({ email: "   " })).toBe(LAUNCH_EMAIL_REQUIRED);
    expect(messageFor({})).toBe(LAUNCH_EMAIL_REQUIRED);
  });

  it(`rejects something that is not an address with '${LAUNCH_EMAIL_INVALID}'`, () => {
    expect(messageFor({ email: "kalle" })).toBe(LAUNCH_EMAIL_INVALID);
    expect(messageFor({ email: "kalle@" })).toBe(LAUNCH_EMAIL_INVALID);
    expect(messageFor({ email: "ka lle@example.se" })).toBe(LAUNCH_EMAIL_INVALID);
    expect(messageFor({ email: `${"a".repeat(250)}@example.se` })).toBe(LAUNCH_EMAIL_INVALID);
  });
});
