/**
 * /admin/point-shop/giveaways' loader and action (admin only; docs/rules/admin.md#giveaways):
 * the paged list, creating a giveaway and drawing its winner, each through the giveaway
 * service (one transaction with its audit row).
 */
import { data } from "react-router";
import { z } from "~/lib/zod";
import { failureResponse, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { stockholmMonth } from "~/lib/stockholm-time";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { giveawayIdSchema, giveawaySchema } from "~/modules/loyalty/giveaway-rules";
import { createGiveaway, drawGiveaway, listGiveaways } from "~/modules/loyalty/giveaways.server";
import { db } from "~/platform/db/client.server";
import { formatNumber } from "~/lib/format";

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loadGiveaways(request: Request) {
  await requireAdminTab(request, "point-shop");
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  return { giveaways: await listGiveaways(db(), { page }), currentMonth: stockholmMonth(new Date()) };
}

const TITLES = { create: "Giveawayen kunde inte skapas", draw: "Vinnaren kunde inte dras" } as const;

export async function handleGiveawayAction(request: Request) {
  const staff = await requireAdminTab(request, "point-shop");
  const actorUserId = staff.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent === "create") {
    const parsed = validate(input.data, giveawaySchema, { title: TITLES.create, intent: "create" });
    if (!parsed.ok) return parsed.response;
    const giveaway = await createGiveaway(db(), { actorUserId, values: parsed.data });
    return data({ ok: true as const, intent: "create", title: "Giveawayen är skapad", message: `${giveaway.title} (${giveaway.month}) kan nu dras.` });
  }
  if (intent === "draw") {
    const parsed = validate(input.data, giveawayIdSchema, { title: TITLES.draw, intent: "draw" });
    if (!parsed.ok) return parsed.response;
    const result = await drawGiveaway(db(), { actorUserId, giveawayId: parsed.data.giveawayId });
    if (!result.ok) return failureResponse(result, { title: TITLES.draw, intent: "draw" });
    const winner = result.giveaway.winner;
    return data({
      ok: true as const,
      intent: "draw",
      title: "Vinnaren är dragen",
      message: `${winner?.name ?? winner?.email ?? "Vinnaren"} vann ${result.giveaway.prize} bland ${formatNumber(result.giveaway.candidateCount ?? 0)} ${result.giveaway.candidateCount === 1 ? "medlem" : "medlemmar"} och får ett mejl.`,
    });
  }
  return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
}
