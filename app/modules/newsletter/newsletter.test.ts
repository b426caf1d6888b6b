import { describe, expect, it } from "vitest";
import { newsletterSchema, parseNewsletterStatus } from "./newsletter";

const invalid = "Vänligen ange en giltig e-postadress.";

describe("newsletter input (docs/rules/site.md#footer-newsletter)", () => {
  it("accepts an address with '@' and trims it", () => {
    expect(newsletterSchema.parse({ email: "  anna@example.se ", source: "blog" })).toEqual({
      email: "anna@example.se",
      source: "blog",
    });
  });

  it.each([[""], ["   "], ["anna.example.se"], ["anna@"], ["a@b@c"], ["an na@example.se"]])(
    "rejects %j with 'Vänligen ange en giltig e-postadress.'",
    (email) => {
      const result = newsletterSchema.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(invalid);
    },
  );

  it("rejects a missing field with the same message", () => {
    expect(newsletterSchema.safeParse({}).error?.issues[0]?.message).toBe(invalid);
  });

  it("files an unknown source under the footer", () => {
    expect(newsletterSchema.parse({ email: "a@b.se", source: "evil" }).source).toBe("footer");
  });

  it("reads only known statuses from the URL", () => {
    expect(parseNewsletterStatus("ok")).toBe("ok");
    expect(parseNewsletterStatus("constructor")).toBeNull();
    expect(parseNewsletterStatus(null)).toBeNull();
  });
});
