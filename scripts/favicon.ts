/**
 * Writes `public/favicon.ico` from `public/favicon.svg`: 16, 32 and 48 px PNGs in one ICO
 * container, for the browsers and crawlers that ask for `/favicon.ico` whatever the page says.
 * Run after changing the SVG: `npx tsx scripts/favicon.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const SIZES = [16, 32, 48];
const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

const svg = readFileSync("public/favicon.svg");
const pngs = await Promise.all(SIZES.map((size) => sharp(svg, { density: 72 * (size / 32) * 4 }).resize(size, size).png().toBuffer()));

const header = Buffer.alloc(HEADER_BYTES);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(pngs.length, 4);

let offset = HEADER_BYTES + ENTRY_BYTES * pngs.length;
const entries = pngs.map((png, index) => {
  const size = SIZES[index]!;
  const entry = Buffer.alloc(ENTRY_BYTES);
  entry.writeUInt8(size % 256, 0); // width (0 means 256)
  entry.writeUInt8(size % 256, 1); // height
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});

writeFileSync("public/favicon.ico", Buffer.concat([header, ...entries, ...pngs]));
process.stdout.write(`public/favicon.ico: ${SIZES.join(", ")} px, ${offset} bytes\n`);
