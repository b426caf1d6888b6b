/**
 * The byte sizes of the feed's pictures (docs/rules/blog.md#feeds-and-sitemap), for the
 * `<enclosure length>`: an uploaded picture's stored variant, or a file shipped with the site
 * (build/client in production, public/ in development). A picture found in neither has no size.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { imageVariantSizes } from "~/platform/images/images.server";

/** Shipped files do not change while a release runs: each is looked up once. */
const shippedSizes = new Map<string, number | null>();

async function shippedSize(root: string, urlPath: string): Promise<number | null> {
  const known = shippedSizes.get(urlPath);
  if (known !== undefined) return known;
  let size: number | null = null;
  try {
    const file = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
    // Only files under the static root, whatever the stored path says.
    if (file.startsWith(root + path.sep)) {
      const info = await stat(file);
      if (info.isFile()) size = info.size;
    }
  } catch {
    size = null;
  }
  shippedSizes.set(urlPath, size);
  return size;
}

export async function pictureSizes(db: Db, paths: readonly string[]): Promise<Map<string, number>> {
  const own = [...new Set(paths.filter((p) => p.startsWith("/images/")))];
  const sizes = await imageVariantSizes(db, own);
  const root = path.resolve(config().isDevelopment ? "public" : "build/client");
  for (const urlPath of own) {
    if (sizes.has(urlPath)) continue;
    const size = await shippedSize(root, urlPath);
    if (size !== null) sizes.set(urlPath, size);
  }
  return sizes;
}
