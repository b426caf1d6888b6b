/**
 * The narrower copies of the blog's own pictures (public/images/blog/{name}.webp, 1200×630):
 * `{name}-{width}.webp` for each of BLOG.imageVariantWidths, made with sharp and committed beside
 * them, so `srcset` lets a phone or a card fetch a fraction of the bytes (docs/rules/blog.md#images).
 *   npx tsx scripts/blog-image-variants.ts   (after adding or changing a picture there)
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BLOG } from "~/modules/blog/blog-constants";
import { IMAGE_LIMITS } from "~/platform/platform-constants";

export const BLOG_IMAGE_DIR = path.resolve("public/images/blog");

/** The originals: every `.webp` there that is not itself a variant. */
export function originalNames(): string[] {
  return readdirSync(BLOG_IMAGE_DIR)
    .filter((file) => file.endsWith(".webp") && !/-\d+\.webp$/.test(file))
    .map((file) => file.slice(0, -".webp".length))
    .sort();
}

export async function makeVariant(original: Buffer, width: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp(original).resize({ width }).webp({ quality: IMAGE_LIMITS.webpQuality }).toBuffer();
}

async function cli(): Promise<void> {
  for (const name of originalNames()) {
    const original = readFileSync(path.join(BLOG_IMAGE_DIR, `${name}.webp`));
    for (const width of BLOG.imageVariantWidths) {
      writeFileSync(path.join(BLOG_IMAGE_DIR, `${name}-${width}.webp`), await makeVariant(original, width));
    }
  }
  process.stdout.write(`${originalNames().length} pictures × ${BLOG.imageVariantWidths.length} widths written\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await cli();
