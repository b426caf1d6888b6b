/**
 * The data export's page glue (decision 048): /profile's "Ladda ner mina uppgifter" intent and
 * the download route. Both act on the session's own member only; another member's export, a
 * pending or expired one and a malformed id all answer the same Swedish 404.
 */
import { data } from "react-router";
import { notFound, validate, type Input } from "~/lib/http.server";
import { database, db } from "~/platform/db/client.server";
import { requireUser } from "./session.server";
import { DATA_EXPORT_MESSAGES } from "./data-export-constants";
import { dataExportIdSchema, dataExportRequestSchema } from "./data-export-schema";
import { kickDataExportJob, readDataExport, requestDataExport } from "./data-export.server";

export async function handleDataExportRequest(userId: string, input: Input) {
  const intent = "data-export" as const;
  const parsed = validate(input, dataExportRequestSchema, { intent });
  if (!parsed.ok) return parsed.response;
  const result = await requestDataExport(db(), userId);
  if (!result.ok) {
    const rateLimited = result.reason === "rate-limited";
    const retryAfter = result.nextRequestAt ? Math.max(1, Math.ceil((Date.parse(result.nextRequestAt) - Date.now()) / 1000)) : null;
    return data(
      { ok: false as const, intent, message: rateLimited ? DATA_EXPORT_MESSAGES.rateLimited : DATA_EXPORT_MESSAGES.alreadyPending },
      { status: rateLimited ? 429 : 409, headers: rateLimited && retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
    );
  }
  kickDataExportJob(database());
  return { ok: true as const, intent, message: DATA_EXPORT_MESSAGES.requested };
}

/** The member's own ready archive, as an attachment nobody may cache. */
export async function downloadDataExport(request: Request, exportId: string | undefined) {
  const { user } = await requireUser(request);
  const id = dataExportIdSchema.safeParse(exportId);
  if (!id.success) throw notFound(DATA_EXPORT_MESSAGES.notFound);
  const found = await readDataExport(db(), { userId: user.id, exportId: id.data });
  if (!found) throw notFound(DATA_EXPORT_MESSAGES.notFound);
  return new Response(new Uint8Array(found.archive), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${found.filename}"`,
      "content-length": String(found.archive.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
