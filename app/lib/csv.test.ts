import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvRow, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvCell("AK-47 | Redline")).toBe("AK-47 | Redline");
    expect(csvCell(24950)).toBe("24950");
    expect(csvCell(-50)).toBe("-50");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks as RFC 4180 says", () => {
    expect(csvCell('Säljer "billigt", snabbt')).toBe('"Säljer ""billigt"", snabbt"');
    expect(csvCell("rad ett\nrad två")).toBe('"rad ett\nrad två"');
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+46701234567", "'+46701234567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1", '"\'\r=1"'],
  ])("neutralises the formula-like text %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes dates as ISO 8601", () => {
    expect(csvCell(new Date("2025-06-01T10:00:00Z"))).toBe("2025-06-01T10:00:00.000Z");
  });
});

describe("toCsv", () => {
  it("starts with a byte-order mark and ends every row with CRLF", () => {
    const csv = toCsv(
      ["Namn", "Belopp"],
      [
        ["Åsa", 100],
        ["Örjan", 2],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}Namn,Belopp\r\nÅsa,100\r\nÖrjan,2\r\n`);
    expect(csvRow(["a", "b"])).toBe("a,b\r\n");
  });
});
