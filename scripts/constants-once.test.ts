import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A business constant is defined once (decision 032): an UPPER_SNAKE_CASE name exported as a top-level
 * `export const` from two files under app/ means one of them is a retyped copy that will drift.
 * Tests are left out: they may pin their own copies of values on purpose.
 */

const CONSTANT = /^export const ([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\b/gm;

/** The UPPER_SNAKE_CASE names a source file exports as top-level constants. */
function exportedConstants(source: string): string[] {
  return [...source.matchAll(CONSTANT)].map((match) => match[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each name exported from more than one file, with those files (relative to root), sorted. */
function constantsDefinedTwice(files: { file: string; source: string }[]): string[] {
  const where = new Map<string, string[]>();
  for (const { file, source } of files) {
    for (const name of new Set(exportedConstants(source))) where.set(name, [...(where.get(name) ?? []), file]);
  }
  return [...where]
    .filter(([, found]) => found.length > 1)
    .map(([name, found]) => `${name}: ${found.sort().join(", ")}`)
    .sort();
}

describe("constants defined once", () => {
  it("finds top-level UPPER_SNAKE_CASE exports only", () => {
    const source = [
      "export const MAX_ITEMS = 5;",
      "export const COMPANY: Company = {};",
      "export const camelCase = 1;",
      "export const Mixed_Case = 1;",
      "  export const INDENTED = 1;",
      "const PRIVATE_LIMIT = 2;",
      "export function MAKE_THING() {}",
    ].join("\n");
    expect(exportedConstants(source)).toEqual(["MAX_ITEMS", "COMPANY"]);
  });

  it("reports a name exported from two files", () => {
    expect(
      constantsDefinedTwice([
        { file: "app/modules/shop/shop-constants.ts", source: "export const SHOP_PAGE_SIZE = 12;" },
        { file: "app/constants.ts", source: "export const SHOP_PAGE_SIZE = 12;\nexport const OTHER = 1;" },
        { file: "app/lib/x.ts", source: "export const OTHER_LIMIT = 1;" },
      ]),
    ).toEqual(["SHOP_PAGE_SIZE: app/constants.ts, app/modules/shop/shop-constants.ts"]);
  });

  it("holds for app/", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const files = sourceFiles(path.join(root, "app")).map((file) => ({
      file: path.relative(root, file).split(path.sep).join("/"),
      source: readFileSync(file, "utf8"),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(constantsDefinedTwice(files)).toEqual([]);
  });
});
