import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BLOG } from "~/modules/blog/blog-constants";
import { BLOG_IMAGE_DIR, makeVariant, originalNames } from "./blog-image-variants";

describe("the blog pictures' narrower copies (docs/rules/blog.md#images)", () => {
  it("exist for every picture in every width, at the picture's proportions", async () => {
    const names = originalNames();
    expect(names).toContain("default");
    for (const name of names) {
      for (const width of BLOG.imageVariantWidths) {
        const file = path.join(BLOG_IMAGE_DIR, `${name}-${width}.webp`);
        expect(existsSync(file), `${file}: run npx tsx scripts/blog-image-variants.ts`).toBe(true);
        const meta = await sharp(readFileSync(file)).metadata();
        expect([meta.format, meta.width, meta.height], file).toEqual(["webp", width, Math.round((width * BLOG.imageHeight) / BLOG.imageWidth)]);
      }
    }
  });

  it("makes a copy far smaller than the original", async () => {
    const original = readFileSync(path.join(BLOG_IMAGE_DIR, "default.webp"));
    const copy = await makeVariant(original, 320);
    expect(copy.length).toBeLessThan(original.length / 2);
  });
});
