/**
 * /admin/dashboard's loader and action glue (admin only; docs/rules/admin.md#dashboard): the
 * figures and lists from the dashboard service, the period and the contact list's filter from
 * the URL, and moving a contact message forward (validated, audited in the service).
 */
import { data } from "react-router";
import { failureResponse, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import {
  contactStatusSchema,
  listContactMessages,
  parseContactQuery,
  setContactStatus,
} from "~/modules/contact/contact-admin.server";
import { DASHBOARD_PERIODS, loadDashboard, type DashboardPeriod } from "~/modules/insights/dashboard.server";
import { db } from "~/platform/db/client.server";

function parsePeriod(value: string | null): DashboardPeriod {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? (days as DashboardPeriod) : 7;
}

export async function loadDashboardPage(request: Request) {
  await requireAdminTab(request, "dashboard");
  const params = new URL(request.url).searchParams;
  const contactQuery = parseContactQuery(params);
  const [dashboard, contact] = await Promise.all([loadDashboard(db()), listContactMessages(db(), contactQuery)]);
  return { ...dashboard, period: parsePeriod(params.get("period")), contactQuery, contact };
}

const TITLE = "Statusen kunde inte ändras";

export async function handleDashboardAction(request: Request) {
  const staff = await requireAdminTab(request, "dashboard");
  const input = await readInput(request, { title: TITLE });
  if (!input.ok) return input.response;
  if (input.data.intent !== "contact-status") {
    return data<ActionFailure>({ ok: false, title: TITLE, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
  const parsed = validate(input.data, contactStatusSchema, { intent: "contact-status", title: TITLE });
  if (!parsed.ok) return parsed.response;
  const { messageId, status } = parsed.data;
  const result = await setContactStatus(db(), { actorUserId: staff.user.id, messageId, status });
  if (!result.ok) return failureResponse(result, { intent: "contact-status", title: TITLE });
  return data({
    ok: true as const,
    intent: "contact-status",
    title: status === "read" ? "Markerat som läst" : "Markerat som besvarat",
    message: "Ändringen är sparad i granskningsloggen.",
  });
}
