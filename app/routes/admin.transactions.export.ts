/**
 * GET /admin/transactions/export.csv (admin only): the Transactions tab's filtered rows as
 * CSV, streamed batch by batch from the same query the table pages through, with the same
 * filters (the page's search params), so memory stays flat however many rows there are.
 */
import type { Route } from "./+types/admin.transactions.export";
import { stockholmDay } from "~/lib/stockholm-time";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { parseTradeListQuery } from "~/modules/trades/trade-schema";
import { exportTradesCsv } from "~/modules/trades/trades.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminTab(request, "transactions");
  const query = parseTradeListQuery(new URL(request.url).searchParams);
  const chunks = exportTradesCsv(db(), query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The headers are sent already: the download ends short rather than with a 500.
        logger.error({ err: error }, "trade export failed");
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
      "Content-Disposition": `attachment; filename="transaktioner-${stockholmDay(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
