/**
 * The compression layer under back-pressure: a long response written the way React Router
 * writes every page and CSV export (`writeReadableStreamToWritable`, which waits for `drain`
 * with `res.once`), compressed with br and gzip, over a real socket. The control case shows
 * the leak this guards against is real: `compression` alone leaves a listener behind at every
 * wait and Node warns.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses } from "./compression";

const CHUNKS = 40;
// Larger than a zlib stream's 16 KB high-water mark: every write has to wait for `drain`.
const CHUNK_BYTES = 64 * 1024;

// Half random, so brotli has real work and the stream really fills up.
const CONTENT = Array.from({ length: CHUNKS }, () => Buffer.concat([randomBytes(CHUNK_BYTES / 2), Buffer.alloc(CHUNK_BYTES / 2, 97)]));

function body(): ReadableStream<Uint8Array> {
  const chunks = CONTENT;
  let index = 0;
  return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (index < chunks.length) controller.enqueue(new Uint8Array(chunks[index++]!));
      else controller.close();
    },
  });
}

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(middleware: RequestHandler[]): Promise<string> {
  const app = express();
  app.use(...middleware);
  app.get("/", (_req, res, next) => {
    res.type("text/plain");
    writeReadableStreamToWritable(body(), res).catch(next);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Fetches the page `times` at once with the encoding, collecting Node's process warnings meanwhile. */
async function fetchAll(url: string, encoding: "br" | "gzip", times: number): Promise<{ bodies: Buffer[]; warnings: string[] }> {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const bodies = await Promise.all(
      Array.from(
        { length: times },
        () =>
          new Promise<Buffer>((resolve, reject) => {
            http
              .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
                expect(response.headers["content-encoding"]).toBe(encoding);
                const parts: Buffer[] = [];
                response.on("data", (part: Buffer) => parts.push(part));
                response.on("end", () => {
                  const raw = Buffer.concat(parts);
                  resolve(encoding === "br" ? brotliDecompressSync(raw) : gunzipSync(raw));
                });
              })
              .on("error", reject);
          }),
      ),
    );
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    return { bodies, warnings };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("compressed responses under back-pressure", () => {
  it.each(["br", "gzip"] as const)("leave no drain listener behind with %s (no MaxListenersExceededWarning)", async (encoding) => {
    const url = await serve(compressResponses());
    const { bodies, warnings } = await fetchAll(url, encoding, 3);
    expect(warnings.filter((w) => w.includes("MaxListenersExceededWarning"))).toEqual([]);
    const expected = Buffer.concat(CONTENT);
    for (const received of bodies) expect(received.equals(expected)).toBe(true);
  });

  it("control: compression alone leaks a drain listener per wait, and Node warns", async () => {
    const url = await serve([compression()]);
    const { warnings } = await fetchAll(url, "br", 1);
    expect(warnings.some((w) => w.includes("MaxListenersExceededWarning") && w.includes("drain"))).toBe(true);
  });
});
