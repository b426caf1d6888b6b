/**
 * /admin/influencers' loaders and actions (admin only; docs/rules/admin.md#influencers): the
 * period, page and month from the URL, the influencer service for every figure and write (each
 * write audited in its transaction), its failures mapped to Swedish 4xx answers.
 */
import { data } from "react-router";
import { failureResponse, notFound, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { stockholmMonth, stockholmMonthRange } from "~/lib/stockholm-time";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { influencerIdSchema, influencerSchema, influencerStatusSchema, INFLUENCER_MESSAGES } from "~/modules/influencers/influencer-schema";
import {
  createInfluencer,
  listInfluencers,
  loadInfluencerDetail,
  setInfluencerStatus,
  updateInfluencer,
} from "~/modules/influencers/influencers.server";
import { parseInsightPeriod } from "~/modules/insights/insight-period";
import { db } from "~/platform/db/client.server";

const INFLUENCER_TITLES = {
  create: "Influencern kunde inte skapas",
  update: "Ändringen kunde inte sparas",
  status: "Statusen kunde inte ändras",
} as const;

function pageNumber(value: string | null): number | undefined {
  return value === null ? undefined : Number(value);
}

/** `?manad=yyyy-mm`, the current Stockholm month when missing or malformed. */
export function parseMonth(value: string | null, now = new Date()): string {
  return value && stockholmMonthRange(value) ? value : stockholmMonth(now);
}

export async function loadInfluencersPage(request: Request) {
  await requireAdminTab(request, "influencers");
  const params = new URL(request.url).searchParams;
  const period = parseInsightPeriod(params.get("period"));
  const list = await listInfluencers(db(), { period, page: pageNumber(params.get("sida")) });
  return { period, list };
}

function unknownIntent() {
  return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
}

/** The list's action: create. A success answers with the new influencer's id (the route redirects to it). */
export async function handleInfluencersAction(request: Request) {
  const staff = await requireAdminTab(request, "influencers");
  const input = await readInput(request, { title: INFLUENCER_TITLES.create, intent: "create" });
  if (!input.ok) return input.response;
  if (input.data.intent !== "create") return unknownIntent();
  const parsed = validate(input.data, influencerSchema, { title: INFLUENCER_TITLES.create, intent: "create" });
  if (!parsed.ok) return parsed.response;
  const result = await createInfluencer(db(), { actorUserId: staff.user.id, values: parsed.data });
  if (!result.ok) return failureResponse(result, { title: INFLUENCER_TITLES.create, intent: "create" });
  return { ok: true as const, intent: "create", influencerId: result.influencer.id };
}

function detailId(value: string | undefined): string | null {
  const parsed = influencerIdSchema.safeParse({ influencerId: value });
  return parsed.success ? parsed.data.influencerId : null;
}

export async function loadInfluencerDetailPage(request: Request, influencerId: string | undefined) {
  await requireAdminTab(request, "influencers");
  const id = detailId(influencerId);
  if (!id) throw notFound(INFLUENCER_MESSAGES.notFound);
  const params = new URL(request.url).searchParams;
  const period = parseInsightPeriod(params.get("period"));
  const month = parseMonth(params.get("manad"));
  const detail = await loadInfluencerDetail(db(), id, { period, month, commissionPage: pageNumber(params.get("sida")) });
  if (!detail) throw notFound(INFLUENCER_MESSAGES.notFound);
  return { period, month, ...detail };
}

/** The detail page's actions: `update` (the form) and `set-status` (deactivate after a confirmation, or activate). */
export async function handleInfluencerDetailAction(request: Request, influencerId: string | undefined) {
  const staff = await requireAdminTab(request, "influencers");
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const id = detailId(influencerId);
  if (!id) return notFound(INFLUENCER_MESSAGES.notFound);
  const actorUserId = staff.user.id;
  if (input.data.intent === "update") {
    const parsed = validate(input.data, influencerSchema, { title: INFLUENCER_TITLES.update, intent: "update" });
    if (!parsed.ok) return parsed.response;
    const result = await updateInfluencer(db(), { actorUserId, influencerId: id, values: parsed.data });
    if (!result.ok) return failureResponse(result, { title: INFLUENCER_TITLES.update, intent: "update" });
    return { ok: true as const, intent: "update", title: "Sparat", message: "Ändringen är sparad i granskningsloggen." };
  }
  if (input.data.intent === "set-status") {
    const parsed = validate({ ...input.data, influencerId: id }, influencerStatusSchema, { title: INFLUENCER_TITLES.status, intent: "set-status" });
    if (!parsed.ok) return parsed.response;
    const result = await setInfluencerStatus(db(), { actorUserId, influencerId: id, status: parsed.data.status });
    if (!result.ok) return failureResponse(result, { title: INFLUENCER_TITLES.status, intent: "set-status" });
    return {
      ok: true as const,
      intent: "set-status",
      title: result.influencer.status === "inactive" ? "Influencern är inaktiverad" : "Influencern är aktiv",
      message:
        result.influencer.status === "inactive"
          ? "Koden kan inte längre användas. Tidigare klick och värvningar finns kvar."
          : "Koden kan användas igen.",
    };
  }
  return unknownIntent();
}
