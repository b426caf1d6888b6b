/**
 * /admin/referrals' loader and action glue (admin only; docs/rules/admin.md#referrals): the
 * filter from the URL, the list, counts and top referrers; approve and reject go through the
 * referral service, which pays through the ledger and writes the audit row.
 */
import { data } from "react-router";
import { failureResponse, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import {
  listReferrals,
  parseReferralListQuery,
  referralStatusCounts,
  reviewSchema,
  topReferrers,
} from "~/modules/referrals/referral-admin.server";
import { approveReferral, rejectReferral } from "~/modules/referrals/referrals.server";
import { db } from "~/platform/db/client.server";

export async function loadReferrals(request: Request) {
  await requireAdminTab(request, "referrals");
  const query = parseReferralListQuery(new URL(request.url).searchParams);
  const [list, counts, top] = await Promise.all([listReferrals(db(), query), referralStatusCounts(db()), topReferrers(db())]);
  return {
    status: query.status ?? null,
    counts,
    links: list.links,
    rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    top,
  };
}

const TITLES = { approve: "Värvningen kunde inte godkännas", reject: "Värvningen kunde inte avslås" } as const;

export async function handleReferralsAction(request: Request) {
  const staff = await requireAdminTab(request, "referrals");
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent !== "approve" && intent !== "reject") {
    return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
  const parsed = validate(input.data, reviewSchema, { intent, title: TITLES[intent] });
  if (!parsed.ok) return parsed.response;
  const review = parsed.data;
  const result =
    review.intent === "approve"
      ? await approveReferral(db(), { actorUserId: staff.user.id, friendId: review.friendId })
      : await rejectReferral(db(), { actorUserId: staff.user.id, friendId: review.friendId, reason: review.reason });
  if (!result.ok) return failureResponse(result, { intent, title: TITLES[intent] });
  return data({
    ok: true as const,
    intent,
    title: intent === "approve" ? "Värvningen är godkänd" : "Värvningen är avslagen",
    message: intent === "approve" ? "Båda belöningarna är utbetalda." : "Inga poäng betalas ut; anledningen är sparad.",
  });
}
