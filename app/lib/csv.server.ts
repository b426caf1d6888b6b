/**
 * The one streamed CSV download (docs/rules/admin.md#csv-exports): text chunks from csvChunks
 * (csv.ts) are encoded and sent as they come, so memory stays flat however many rows there
 * are. Every staff list export answers through this.
 */
import { logger } from "~/platform/logger.server";

/** `name-2025-06-01.csv`-style names only: the header cannot be broken out of. */
const SAFE_FILENAME = /^[a-z0-9][a-z0-9._-]{0,100}\.csv$/;

export function csvResponse(chunks: AsyncGenerator<string>, filename: string): Response {
  if (!SAFE_FILENAME.test(filename)) throw new Error(`unsafe CSV filename ${filename}`);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The headers are sent already: the download ends short rather than with a 500.
        logger.error({ err: error, filename }, "CSV export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/**
 * An export never widens a filter it could not read: where a list shows everything for a
 * hand-edited or hostile value (its schema drops it), the export refuses with 400 and says
 * which filter, so a download is always what the filtered table showed. Null when every given
 * filter was read (`parsed` holds a value for each non-empty param in `keys`).
 */
export function refusedExportFilter(params: URLSearchParams, parsed: object, keys: readonly string[]): Response | null {
  const read = parsed as Record<string, unknown>;
  const bad = keys.find((key) => {
    const given = params.getAll(key);
    if (given.length === 0 || given.every((value) => value === "")) return false;
    return given.length > 1 || read[key] === undefined || read[key] === null;
  });
  if (!bad) return null;
  return new Response(`Ogiltigt filter (${bad.replace(/[^a-z]/gi, "").slice(0, 30)}): exporten skapades inte. Ändra filtret i tabellen och exportera igen.`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
