import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { encodeSie } from "./bookkeeping-export.server";
import { buildSie, sieAmount, sieText, type SieInput } from "./sie";
import { sieVerifications } from "./sie-fixtures";

const input: SieInput = {
  program: { name: "Skinhamnen", version: "1" },
  company: { name: "Skinhamnen AB", orgNumber: "559999-9999" },
  generated: "2026-11-27",
  financialYear: { start: "2026-01-01", end: "2026-12-31" },
  accounts: { purchases: "4000", payout: { swish: "1930", bank: "1930", crypto: "1940" } },
  purchases: [
    { number: 1, date: "2026-11-02", sellerName: "Åsa Öberg", totalOre: 41_235, payoutMethod: "swish", reference: "SW-1" },
    { number: 2, date: "2026-11-03", sellerName: 'Jörgen "Jögge" Ärlig', totalOre: 5, payoutMethod: "crypto", reference: "0xabc" },
  ],
};

describe("the SIE 4 export (decision 047)", () => {
  it("writes the header records and one balanced verification per purchase", () => {
    const text = buildSie(input);
    const lines = text.split("\r\n");
    expect(lines.slice(0, 8)).toEqual([
      "#FLAGGA 0",
      "#FORMAT PC8",
      "#SIETYP 4",
      '#PROGRAM "Skinhamnen" "1"',
      "#GEN 20261127",
      '#FNAMN "Skinhamnen AB"',
      "#ORGNR 559999-9999",
      "#RAR 0 20260101 20261231",
    ]);
    expect(lines).toContain('#KONTO 4000 "Inköp av varor"');
    expect(lines).toContain('#KONTO 1940 "Övriga bankkonton"');
    const verifications = sieVerifications(text);
    expect(verifications).toHaveLength(2);
    for (const verification of verifications) {
      expect(verification.trans.reduce((sum, [, ore]) => sum + ore, 0)).toBe(0);
    }
    expect(verifications[0]!.trans).toEqual([
      ["4000", 41_235],
      ["1930", -41_235],
    ]);
    expect(verifications[1]!.trans).toEqual([
      ["4000", 5],
      ["1940", -5],
    ]);
    expect(verifications[0]!.head).toBe('#VER A 1 20261102 "Avräkningsnota AVR-000001 Åsa Öberg, ref SW-1"');
    expect(verifications[1]!.head).toContain('Jörgen \\"Jögge\\" Ärlig');
  });

  it("formats amounts in kronor with two decimals and escapes text fields", () => {
    expect(sieAmount(41_235)).toBe("412.35");
    expect(sieAmount(-5)).toBe("-0.05");
    expect(sieText('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c d"');
  });

  it("keeps å, ä and ö through code page 437", () => {
    const text = buildSie(input);
    const bytes = encodeSie(text);
    // Code page 437: å = 0x86, ä = 0x84, ö = 0x94, Å = 0x8F, Ä = 0x8E, Ö = 0x99.
    expect(bytes.includes(Buffer.from([0x8f, 0x73, 0x61]))).toBe(true); // "Åsa"
    expect([...bytes].some((byte) => byte === 0x94)).toBe(true);
    expect(iconv.decode(bytes, "cp437")).toBe(text);
    expect(iconv.decode(bytes, "cp437")).toContain("Åsa Öberg");
    expect(iconv.decode(bytes, "cp437")).toContain("Ärlig");
  });
});
