import { describe, expect, it } from "vitest";
import { fieldErrors, INPUT_MESSAGES } from "~/lib/validation";
import { PHONE_NUMBER_MESSAGE } from "~/modules/accounts/contact-details";
import { CONTACT_MESSAGES, contactSchema } from "./contact";

const valid = {
  name: "Anna Svensson",
  email: "anna@example.se",
  phone: "",
  subject: "Fråga om utbetalning",
  message: "Hej! När kommer min Swish-betalning?",
};

function errorsFor(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
}

describe("contact schema (docs/rules/site.md#contact)", () => {
  it("accepts a complete message, trims it and stores an empty phone as null", () => {
    const result = contactSchema.parse({ ...valid, name: "  Anna Svensson  " });
    expect(result.name).toBe("Anna Svensson");
    expect(result.phone).toBeNull();
  });

  it("keeps an optional phone number in the one stored form the profile uses too", () => {
    expect(contactSchema.parse({ ...valid, phone: " 070-123 45 67 " }).phone).toBe("0701234567");
    expect(contactSchema.parse({ ...valid, phone: "+46 70 123 45 67" }).phone).toBe("+46701234567");
    const { phone: _omitted, ...withoutPhone } = valid;
    expect(contactSchema.parse(withoutPhone).phone).toBeNull();
  });

  it("requires a name with 'Vänligen ange ditt namn.'", () => {
    expect(errorsFor({ ...valid, name: "   " }).name).toBe(CONTACT_MESSAGES.nameRequired);
    expect(errorsFor({ ...valid, name: undefined }).name).toBe("Vänligen ange ditt namn.");
  });

  it("requires an email with 'Vänligen ange din e-postadress.'", () => {
    expect(errorsFor({ ...valid, email: "" }).email).toBe("Vänligen ange din e-postadress.");
    expect(errorsFor({ ...valid, email: undefined }).email).toBe("Vänligen ange din e-postadress.");
  });

  it("rejects a malformed email with 'Vänligen ange en giltig e-postadress.'", () => {
    for (const email of ["anna", "anna@", "anna@example", "anna @example.se"]) {
      expect(errorsFor({ ...valid, email }).email).toBe("Vänligen ange en giltig e-postadress.");
    }
  });

  it("rejects a phone number that is not one with the profile's phone message", () => {
    expect(errorsFor({ ...valid, phone: "ring mig" }).phone).toBe(PHONE_NUMBER_MESSAGE);
    expect(errorsFor({ ...valid, phone: "1".repeat(31) }).phone).toBe(CONTACT_MESSAGES.phoneInvalid);
  });

  it("requires a subject with 'Vänligen ange ett ämne.'", () => {
    expect(errorsFor({ ...valid, subject: "" }).subject).toBe("Vänligen ange ett ämne.");
  });

  it("requires a message with 'Vänligen skriv ett meddelande.'", () => {
    expect(errorsFor({ ...valid, message: " \n " }).message).toBe("Vänligen skriv ett meddelande.");
  });

  it("limits lengths with Swedish messages", () => {
    expect(errorsFor({ ...valid, name: "a".repeat(101) }).name).toBe("Namnet får vara högst 100 tecken.");
    expect(errorsFor({ ...valid, subject: "a".repeat(151) }).subject).toBe("Ämnet får vara högst 150 tecken.");
    expect(errorsFor({ ...valid, message: "a".repeat(5_001) }).message).toBe(
      "Meddelandet får vara högst 5\u00a0000 tecken.",
    );
  });

  it("reports every missing field at once", () => {
    expect(errorsFor({})).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      subject: CONTACT_MESSAGES.subjectRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it("refuses control characters in any field, allowing line breaks only in the message", () => {
    expect(errorsFor({ ...valid, name: "Anna\u0000" }).name).toBe(INPUT_MESSAGES.controlCharacters);
    expect(errorsFor({ ...valid, subject: "Rad ett\nrad två" }).subject).toBe(INPUT_MESSAGES.controlCharacters);
    expect(contactSchema.parse({ ...valid, message: "Rad ett\nrad två" }).message).toBe("Rad ett\nrad två");
    expect(errorsFor({ ...valid, message: "Hej\u0007" }).message).toBe(INPUT_MESSAGES.controlCharacters);
  });

  it("refuses values that are not text", () => {
    expect(errorsFor({ ...valid, name: ["Anna"] }).name).toBe(CONTACT_MESSAGES.nameRequired);
    expect(errorsFor({ ...valid, message: { text: "hej" } }).message).toBe(CONTACT_MESSAGES.messageRequired);
  });
});
