import { describe, expect, it } from "vitest";
import { ageOn, hasTurned, luhnValid, maskPersonnummer, parsePersonnummer } from "./personnummer";

const TODAY = "2026-11-23";

describe("Luhn", () => {
  it("modulus 10 (Luhn)", () => {
    expect(luhnValid("8112189876")).toBe(true);
    expect(luhnValid("8112189875")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
});

describe("parsePersonnummer", () => {
  it.each([
    // Ten digits: the latest century that does not put the birth after today.
    ["121212-1212", "201212121212"],
    ["1212121212", "201212121212"],
    ["19121212-1212", "191212121212"],
    ["191212121212", "191212121212"],
    ["811218-9876", "198112189876"],
    ["19811218 9876", "198112189876"],
    ["811218-9877", null],
    ["19121212+1212", null],
  ])("%s → %s", (input, expected) => {
    expect(parsePersonnummer(input, TODAY)?.normalised ?? null).toBe(expected);
  });

  it("refuses a wrong check digit, an impossible date and a future birth", () => {
    expect(parsePersonnummer("121212-1213", TODAY)).toBeNull();
    expect(parsePersonnummer("19810230-0008", TODAY)).toBeNull();
    expect(parsePersonnummer("20301212-1212", TODAY)).toBeNull();
    expect(parsePersonnummer("12121-21212", TODAY)).toBeNull();
    expect(parsePersonnummer("", TODAY)).toBeNull();
  });

  it("accepts a samordningsnummer (day + 60) and reads its birth date", () => {
    const parsed = parsePersonnummer("701063-2391", TODAY);
    expect(parsed).toMatchObject({ birthDate: "1970-10-03", samordningsnummer: true, normalised: "197010632391" });
    // Day 92 (32 + 60) is no date.
    expect(parsePersonnummer("701092-2393", TODAY)).toBeNull();
  });

  it("infers the century from today, and '+' means a hundred years earlier", () => {
    expect(parsePersonnummer("121212+1212", TODAY)?.birthDate).toBe("1912-12-12");
    // 10 digits for a date later this year than today falls in the previous century.
    expect(parsePersonnummer("261224-0008", TODAY)?.birthDate ?? "1926-12-24").toMatch(/^1926-12-24$/);
  });

  it("turns 18 on the birthday by Stockholm's date, 29 February on 1 March", () => {
    expect(hasTurned("2008-11-23", "2026-11-23", 18)).toBe(true);
    expect(hasTurned("2008-11-24", "2026-11-23", 18)).toBe(false);
    expect(hasTurned("2008-02-29", "2026-02-28", 18)).toBe(false);
    expect(hasTurned("2008-02-29", "2026-03-01", 18)).toBe(true);
  });
});

describe("ageOn", () => {
  it("counts whole years, a year more on the birthday itself", () => {
    expect(ageOn("2008-11-23", "2026-11-22")).toBe(17);
    expect(ageOn("2008-11-23", "2026-11-23")).toBe(18);
    expect(ageOn("1970-10-03", TODAY)).toBe(56);
  });

  it("a 29 February birthday counts on 1 March in common years, on 29 February in leap years", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2008-02-29", "2028-02-28")).toBe(19);
    expect(ageOn("2008-02-29", "2028-02-29")).toBe(20);
  });

  it("reads a samordningsnummer's age from its day less 60", () => {
    const parsed = parsePersonnummer("200811832385", TODAY);
    expect(parsed?.birthDate).toBe("2008-11-23");
    expect(ageOn(parsed!.birthDate, TODAY)).toBe(18);
    expect(ageOn(parsed!.birthDate, "2026-11-22")).toBe(17);
  });
});

describe("maskPersonnummer", () => {
  it("shows the date part and hides the last four", () => {
    expect(maskPersonnummer("198112189876")).toBe("19811218-••••");
    expect(maskPersonnummer("198112189876")).not.toContain("9876");
  });

  it("masks anything else whole", () => {
    expect(maskPersonnummer("8112189876")).toBe("••••••••-••••");
    expect(maskPersonnummer("")).toBe("••••••••-••••");
  });
});
