/**
 * /admin/transactions/prislista's loader and action glue (docs/rules/selling.md#price-list):
 * admin only, like the rest of the Transactions tab. The list with search and page in the URL;
 * a CSV preview, its import and a manual edit, each through the price-list service, which audits.
 */
import { data } from "react-router";
import { PRICE_LIST } from "~/modules/selling/selling-constants";
import { readInput, validate, type ActionFailure } from "~/lib/http.server";
import { textField } from "~/lib/validation";
import { z } from "~/lib/zod";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { PRICE_LIST_MESSAGES } from "~/modules/selling/price-list-rules";
import { importPriceCsv, listPrices, previewPriceImport, setPrice } from "~/modules/selling/price-list.server";
import { db } from "~/platform/db/client.server";

const querySchema = z.object({
  q: z.string().trim().max(PRICE_LIST.nameMaxLength).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  namn: z.string().max(PRICE_LIST.nameMaxLength).optional().catch(undefined),
});

export async function loadPriceList(request: Request) {
  await requireAdminTab(request, "transactions");
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listPrices(db(), { search: query.q, page: query.page });
  return { q: query.q ?? "", editName: query.namn ?? "", ...list, pageSize: PRICE_LIST.pageSize };
}

const csvSchema = z.object({
  csv: textField(PRICE_LIST.csvMaxBytes, { multiline: true, trim: false, tooLong: PRICE_LIST_MESSAGES.csvTooLarge }),
});

export type PriceListAnswer =
  | { ok: true; intent: "preview"; csv: string; validCount: number; newCount: number; changedCount: number; errors: { line: number; marketHashName: string; message: string }[]; errorCount: number; sample: { marketHashName: string; priceOre: number }[] }
  | { ok: true; intent: "import"; message: string; errors: { line: number; marketHashName: string; message: string }[] }
  | { ok: true; intent: "edit"; message: string }
  | (ActionFailure & { intent?: string });

export async function handlePriceListAction(request: Request) {
  const staff = await requireAdminTab(request, "transactions");
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent === "edit") {
    const result = await setPrice(db(), { actorUserId: staff.user.id, input: input.data });
    if (!result.ok) return data<PriceListAnswer>({ ok: false, intent, message: result.message, fieldErrors: result.fieldErrors }, { status: 400 });
    return data<PriceListAnswer>({ ok: true, intent, message: `Priset för ${result.row.marketHashName} är sparat.` });
  }
  if (intent !== "preview" && intent !== "import") return data<PriceListAnswer>({ ok: false, message: "Ogiltig förfrågan." }, { status: 400 });
  const parsed = validate(input.data, csvSchema, { intent });
  if (!parsed.ok) return parsed.response;
  if (intent === "preview") {
    const preview = await previewPriceImport(db(), parsed.data.csv);
    if (!preview.ok) return data<PriceListAnswer>({ ok: false, intent, message: preview.message }, { status: 400 });
    return data<PriceListAnswer>({
      ok: true,
      intent,
      csv: parsed.data.csv,
      validCount: preview.rows.length,
      newCount: preview.newCount,
      changedCount: preview.changedCount,
      errors: preview.errors.slice(0, PRICE_LIST.previewErrors),
      errorCount: preview.errors.length,
      sample: preview.rows.slice(0, 10).map((row) => ({ marketHashName: row.marketHashName, priceOre: row.priceOre })),
    });
  }
  const result = await importPriceCsv(db(), { actorUserId: staff.user.id, text: parsed.data.csv });
  if (!result.ok) return data<PriceListAnswer>({ ok: false, intent, message: result.message }, { status: 400 });
  return data<PriceListAnswer>({
    ok: true,
    intent,
    message: `${result.imported} priser importerade${result.errors.length ? `, ${result.errors.length} rader med fel hoppades över` : ""}.`,
    errors: result.errors.slice(0, PRICE_LIST.previewErrors),
  });
}
