import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_LIMITS } from "~/platform/platform-constants";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { IMAGE_MESSAGES } from "./images";
import { readImageVariant, sniffImageType, storeImage } from "./images.server";

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

describe("storing an image", () => {
  it("re-encodes a PNG to WebP in each width asked for, never enlarging", async () => {
    const png = await picture(800, 400).png().toBuffer();
    const result = await storeImage(db(), { data: png, widths: [320, 640, 1280], uploadedBy: null });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ width: 800, height: 400, widths: [320, 640, 1280] });
    for (const [asked, expected] of [
      [320, 320],
      [640, 640],
      [1280, 800],
    ] as const) {
      const variant = await readImageVariant(db(), result.image.id, asked);
      expect(variant).not.toBeNull();
      expect(sniffImageType(variant!.data)).toBe("image/webp");
      const meta = await sharp(variant!.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(expected);
      expect(variant!.etag).toMatch(/^".+"$/);
    }
    expect(await readImageVariant(db(), result.image.id, 960)).toBeNull();
  });

  it("takes a JPEG too", async () => {
    const jpeg = await picture(500, 500).jpeg().toBuffer();
    const result = await storeImage(db(), { data: jpeg, widths: [160], uploadedBy: null });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const variant = await readImageVariant(db(), result.image.id, 160);
    expect((await sharp(variant!.data).metadata()).format).toBe("webp");
  });

  it("refuses a text file whatever it is called, in Swedish", async () => {
    const text = Buffer.from("Det här är ingen bild, bara text som heter bild.png\n");
    expect(await storeImage(db(), { data: text, widths: [320], uploadedBy: null })).toEqual({
      ok: false,
      status: 415,
      message: IMAGE_MESSAGES.notImage,
    });
  });

  it("refuses a file with a PNG header that is not a picture", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("skräp")]);
    expect(await storeImage(db(), { data: fake, widths: [320], uploadedBy: null })).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = Buffer.alloc(IMAGE_LIMITS.maxBytes + 1, 0xff);
    expect(await storeImage(db(), { data: big, widths: [320], uploadedBy: null })).toEqual({
      ok: false,
      status: 413,
      message: IMAGE_MESSAGES.tooLarge,
    });
  });

  it("refuses too many pixels before decoding them", async () => {
    // A small file (one colour compresses well) that would decode to 64 megapixels.
    const bomb = await picture(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_LIMITS.maxBytes);
    expect(await storeImage(db(), { data: bomb, widths: [320], uploadedBy: null })).toEqual({
      ok: false,
      status: 413,
      message: IMAGE_MESSAGES.tooManyPixels,
    });
  });

  it("answers null for an unknown id, a malformed id or a width not served", async () => {
    expect(await readImageVariant(db(), crypto.randomUUID(), 320)).toBeNull();
    expect(await readImageVariant(db(), "'; DROP TABLE images; --", 320)).toBeNull();
    expect(await readImageVariant(db(), crypto.randomUUID(), 321)).toBeNull();
  });
});
