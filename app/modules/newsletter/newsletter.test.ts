import { describe, expect, it } from "vitest";
import { parseNewsletterStatus } from "./newsletter";
import { checkNewsletterInput, newsletterSchema } from "./newsletter-schema";

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

  it("the form's check gives the cleaned address or the schema's message", () => {
    expect(checkNewsletterInput({ email: " anna@example.se ", source: "blog" })).toEqual({ ok: true, email: "anna@example.se" });
    expect(checkNewsletterInput({ email: "ingen-snabel-a", source: "footer" })).toEqual({ ok: false, message: invalid });
  });

  it("reads only known statuses from the URL", () => {
    expect(parseNewsletterStatus("ok")).toBe("ok");
    expect(parseNewsletterStatus("constructor")).toBeNull();
    expect(parseNewsletterStatus(null)).toBeNull();
  });
});
