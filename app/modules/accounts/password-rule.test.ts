import { describe, expect, it } from "vitest";
import { isStrongPassword, passwordChecklist } from "./password-rule";

const met = (password: string) =>
  Object.fromEntries(passwordChecklist(password).map((check) => [check.id, check.met]));

describe("password rule", () => {
  it("lists the five requirements in order with Swedish labels", () => {
    expect(passwordChecklist("").map((c) => c.label)).toEqual([
      "Minst 8 tecken",
      "En liten bokstav (a–z)",
      "En stor bokstav (A–Z)",
      "En siffra (0–9)",
      "En symbol (t.ex. ! ? # %)",
    ]);
    expect(passwordChecklist("").every((c) => !c.met)).toBe(true);
  });

  it("ticks each requirement independently", () => {
    expect(met("abc")).toEqual({ length: false, lowercase: true, uppercase: false, digit: false, symbol: false });
    expect(met("ABCDEFGH")).toEqual({ length: true, lowercase: false, uppercase: true, digit: false, symbol: false });
    expect(met("1234567#")).toEqual({ length: true, lowercase: false, uppercase: false, digit: true, symbol: true });
    expect(met("Åsa sju")).toMatchObject({ uppercase: true, lowercase: true, symbol: false });
  });

  it("accepts only passwords meeting all five", () => {
    expect(isStrongPassword("Hemligt#2026")).toBe(true);
    expect(isStrongPassword("Hem#20a")).toBe(false);
    expect(isStrongPassword("Hemligt 2026")).toBe(false);
  });
});
