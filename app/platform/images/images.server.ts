/**
 * The one image service (docs/decisions/019-image-service.md): an upload is recognised by its
 * content (never its name or declared type), bounded in bytes and in pixels before it is
 * decoded, re-encoded to WebP in the widths asked for, and stored with its original in
 * PostgreSQL, so every instance serves the same bytes. Variants are served by `serveImage`
 * with an ETag and a year of immutable caching: an image id's bytes never change.
 */
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import type { Metadata } from "sharp";

/** sharp (and libvips) load with the first upload, not with the server (decision 023). */
async function loadSharp() {
  return (await import("sharp")).default;
}
import { and, eq, inArray } from "drizzle-orm";
import { IMAGE_LIMITS, type ImageWidth } from "~/platform/platform-constants";
import type { Db } from "~/platform/db/client.server";
import { IMAGE_MESSAGES } from "./images";
import { image_variants, images } from "~/platform/db/schema";

type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The format by its first bytes (magic numbers); null for anything else. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, index) => data[at + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

interface StoredImage {
  id: string;
  width: number;
  height: number;
  widths: ImageWidth[];
}

export type StoreImageResult =
  | { ok: true; image: StoredImage }
  | { ok: false; status: 400 | 413 | 415; message: string };

const refuse = (status: 400 | 413 | 415, message: string): StoreImageResult => ({ ok: false, status, message });

/**
 * Checks, re-encodes and stores an uploaded picture. The variants are made before the
 * transaction opens, so a slow encode never holds a connection.
 */
export async function storeImage(
  db: Db,
  input: {
    data: Uint8Array;
    widths: readonly ImageWidth[];
    uploadedBy: string | null;
    /**
     * Crop every variant to this aspect ratio (centred on the most interesting part) and make
     * it exactly as wide as asked, enlarging a smaller picture: the blog's 1200 × 630.
     */
    crop?: { width: number; height: number };
  },
): Promise<StoreImageResult> {
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  if (data.length === 0) return refuse(400, IMAGE_MESSAGES.missing);
  if (data.length > IMAGE_LIMITS.maxBytes) return refuse(413, IMAGE_MESSAGES.tooLarge);
  const type = sniffImageType(data);
  if (!type) return refuse(415, IMAGE_MESSAGES.notImage);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Reads the header only: the pixel count is known before anything is decoded.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(400, IMAGE_MESSAGES.unreadable);
  }
  if (!meta.width || !meta.height) return refuse(400, IMAGE_MESSAGES.unreadable);
  if (meta.width * meta.height > IMAGE_LIMITS.maxPixels) return refuse(413, IMAGE_MESSAGES.tooManyPixels);
  const widths = [...new Set(input.widths)].sort((a, b) => a - b);
  let variants: { width: ImageWidth; height: number; data: Buffer }[];
  try {
    variants = await Promise.all(
      widths.map(async (width) => {
        const { data: webp, info } = await sharp(data, { limitInputPixels: IMAGE_LIMITS.maxPixels })
          // Camera pictures stand the right way up; metadata (EXIF, GPS) is not copied.
          .rotate()
          .resize(
            input.crop
              ? { width, height: Math.round((width * input.crop.height) / input.crop.width), fit: "cover", position: "attention" }
              : { width, withoutEnlargement: true },
          )
          .webp({ quality: IMAGE_LIMITS.webpQuality })
          .toBuffer({ resolveWithObject: true });
        return { width, height: info.height, data: webp };
      }),
    );
  } catch {
    return refuse(400, IMAGE_MESSAGES.unreadable);
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({
        content_type: type,
        width: meta.width!,
        height: meta.height!,
        byte_size: data.length,
        original: data,
        uploaded_by: input.uploadedBy,
      })
      .returning({ id: images.id });
    if (variants.length > 0) {
      await tx.insert(image_variants).values(
        variants.map((variant) => ({
          image_id: row!.id,
          width: variant.width,
          height: variant.height,
          data: variant.data,
          byte_size: variant.data.length,
          etag: `"${createHash("sha256").update(variant.data).digest("base64url").slice(0, 27)}"`,
        })),
      );
    }
    return row!.id;
  });
  return { ok: true, image: { id, width: meta.width, height: meta.height, widths } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function readImageVariant(db: Db, imageId: string, width: number) {
  if (!UUID.test(imageId) || !(IMAGE_LIMITS.widths as readonly number[]).includes(width)) return null;
  const [row] = await db
    .select({ data: image_variants.data, etag: image_variants.etag })
    .from(image_variants)
    .where(and(eq(image_variants.image_id, imageId.toLowerCase()), eq(image_variants.width, width)))
    .limit(1);
  return row ?? null;
}

const PATH = /^\/images\/([^/]+)\/(\d{1,4})\.webp$/;

/**
 * The sizes in bytes of stored variants, by their public paths (`/images/<id>/<width>.webp`), in
 * one query; a path that is no stored variant is absent from the answer.
 */
export async function imageVariantSizes(db: Db, paths: readonly string[]): Promise<Map<string, number>> {
  const wanted = new Map<string, string>();
  for (const path of paths) {
    const match = PATH.exec(path);
    if (match && UUID.test(match[1]!)) wanted.set(`${match[1]!.toLowerCase()}/${Number(match[2])}`, path);
  }
  const sizes = new Map<string, number>();
  if (wanted.size === 0) return sizes;
  const ids = [...new Set([...wanted.keys()].map((key) => key.split("/")[0]!))];
  const rows = await db
    .select({ id: image_variants.image_id, width: image_variants.width, bytes: image_variants.byte_size })
    .from(image_variants)
    .where(inArray(image_variants.image_id, ids));
  for (const row of rows) {
    const path = wanted.get(`${row.id}/${row.width}`);
    if (path) sizes.set(path, row.bytes);
  }
  return sizes;
}
const NOT_FOUND = "Bilden finns inte.";

/** GET /images/:id/:width.webp — public, cached for a year, revalidated by ETag. */
export function serveImage(db: () => Db): RequestHandler {
  return async (req, res, next) => {
    const match = PATH.exec(req.path);
    if (!match) return next();
    try {
      const variant = await readImageVariant(db(), match[1]!, Number(match[2]));
      if (!variant) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(NOT_FOUND);
        return;
      }
      res.set({
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: variant.etag,
        "Content-Type": "image/webp",
      });
      const asked = (req.get("if-none-match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
      if (asked.includes(variant.etag) || asked.includes("*")) {
        res.status(304).end();
        return;
      }
      res.send(variant.data);
    } catch (error) {
      next(error);
    }
  };
}
