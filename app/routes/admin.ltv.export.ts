/**
 * GET /admin/ltv/export.csv (admin only; docs/rules/admin.md#ltv-analytics): every trading
 * member's lifetime value as CSV, streamed batch by batch so memory stays flat.
 */
import type { Route } from "./+types/admin.ltv.export";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { exportLtvCsv } from "~/modules/admin/ltv.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "ltv");
  const chunks = exportLtvCsv(db());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The headers are sent already: the download ends short rather than with a 500.
        logger.error({ err: error }, "ltv export failed");
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
      "Content-Disposition": `attachment; filename="livstidsvarde-${stockholmDay(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
