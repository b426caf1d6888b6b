import { describe, expect, it } from "vitest";
import { CSV_BOM, csvChunks } from "./csv";
import { csvResponse } from "./csv.server";

async function* batches<T>(...groups: T[][]) {
  for (const group of groups) yield group;
}

describe("csvChunks and csvResponse", () => {
  it("streams the byte-order mark and header, then one chunk per batch, neutralising formulas", async () => {
    const chunks: string[] = [];
    for await (const chunk of csvChunks(["Namn", "Poäng"], batches([{ n: "Åsa", p: 5 }], [], [{ n: "=1+1", p: -2 }]), (row) => [row.n, row.p])) {
      chunks.push(chunk);
    }
    expect(chunks).toEqual([`${CSV_BOM}Namn,Poäng\r\n`, "Åsa,5\r\n", "'=1+1,-2\r\n"]);
  });

  it("answers a UTF-8 CSV download whose bytes start with the BOM", async () => {
    const response = csvResponse(csvChunks(["Ö"], batches([["ä"]]), (row) => row), "export-2025-01-01.csv");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="export-2025-01-01.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(`${CSV_BOM}Ö\r\nä\r\n`);
  });

  it("refuses a filename that could break the header", () => {
    expect(() => csvResponse(csvChunks([], batches(), () => []), 'x".csv\r\nSet-Cookie: a=b')).toThrow();
  });

  it("ends the download short when the query fails part-way", async () => {
    async function* failing() {
      yield [["ett"]];
      throw new Error("database gone");
    }
    const response = csvResponse(csvChunks(["A"], failing(), (row) => row), "x.csv");
    await expect(response.text()).rejects.toThrow();
  });
});
