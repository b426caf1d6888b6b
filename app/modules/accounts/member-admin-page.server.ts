/**
 * /admin/users/:userId's loader and action glue (admin only; docs/rules/admin.md#users): the
 * member's page, each list paged by its own search param, and the staff actions. Every write
 * goes through the member service, which audits it in the same transaction.
 */
import { ledgerReasonLabel } from "~/modules/loyalty/profile-view";
import { data } from "react-router";
import { z } from "~/lib/zod";
import { failureResponse, notFound, readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { listAuditPage } from "~/platform/audit/audit.server";
import {
  adjustBalance,
  getMemberOverview,
  isUserId,
  listStaffMembers,
  MEMBER_MESSAGES,
  resetTwoFactor,
  revokeSessions,
  roleChangeSchema,
  setContactPerson,
  setRole,
  setSignInBlock,
  type MemberResult,
} from "~/modules/accounts/member-admin.server";
import { listPointsHistory, listXpHistory } from "~/modules/loyalty/profile-loyalty.server";
import { listMemberOrders } from "~/modules/shop/shop.server";
import { listMemberTrades } from "~/modules/trades/trades.server";
import { db } from "~/platform/db/client.server";
import { issueFormToken, withFormToken } from "~/platform/form-tokens/form-tokens.server";
import { sessionsEnded } from "./staff-messages";
import { hasTwoFactor, isFreshStepUp, stepUpRefusal, stepUpState, stepUpUrl } from "./two-factor.server";
import { formatNumber, formatSigned } from "~/lib/format";

const pageOf = (params: URLSearchParams, key: string) => {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadMember(request: Request, userId: string | undefined) {
  const viewer = await requireAdminTab(request, "users");
  if (!isUserId(userId)) throw notFound(MEMBER_MESSAGES.notFound);
  const params = new URL(request.url).searchParams;
  const member = await getMemberOverview(db(), userId);
  if (!member) throw notFound(MEMBER_MESSAGES.notFound);
  const [points, xp, trades, orders, audit, staff] = await Promise.all([
    listPointsHistory(db(), userId, { page: pageOf(params, "pointsPage") }),
    listXpHistory(db(), userId, { page: pageOf(params, "xpPage") }),
    listMemberTrades(db(), userId, { page: pageOf(params, "tradesPage") }),
    listMemberOrders(db(), userId, { page: pageOf(params, "ordersPage") }),
    listAuditPage(db(), { entityType: "member", entityId: userId, page: pageOf(params, "auditPage"), pageSize: 10 }),
    listStaffMembers(db()),
  ]);
  const [memberTwoFactor, viewerStepUp] = await Promise.all([hasTwoFactor(db(), userId), stepUpState(db(), viewer.session.id)]);
  const ledger = (page: typeof points) => ({
    page: page.page,
    hasMore: page.hasMore,
    // The member's own wording (docs/rules/loyalty.md#profile), so staff and member read the same line.
    entries: page.entries.map((entry) => ({ id: entry.id, amount: entry.amount, reason: ledgerReasonLabel(entry.reason), createdAt: entry.createdAt.toISOString() })),
  });
  return {
    member: {
      ...member,
      createdAt: member.createdAt.toISOString(),
      blockedAt: iso(member.blockedAt),
      sessions: member.sessions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), expiresAt: row.expiresAt.toISOString() })),
      securityEvents: member.securityEvents.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
    points: ledger(points),
    xp: ledger(xp),
    trades: {
      page: trades.page,
      hasMore: trades.hasMore,
      rows: trades.trades.map((trade) => ({
        id: trade.id,
        type: trade.type,
        status: trade.status,
        totalOre: trade.totalOre,
        itemCount: trade.items.length,
        createdAt: trade.createdAt.toISOString(),
      })),
    },
    orders: {
      page: orders.page,
      hasMore: orders.hasMore,
      rows: orders.orders.map((order) => ({ id: order.id, itemName: order.itemName, pointsSpent: order.pointsSpent, status: order.status, createdAt: order.createdAt.toISOString() })),
    },
    audit: {
      page: audit.page,
      hasMore: audit.hasMore,
      rows: audit.entries.map((entry) => ({
        id: entry.id,
        action: entry.action,
        actorEmail: entry.actorEmail,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
      })),
    },
    staff: staff.map((person) => ({ id: person.id, name: person.name, email: person.email })),
    /** Role changes and a two-factor reset want the admin's fresh step-up (decision 046). */
    twoFactor: {
      enabled: memberTwoFactor,
      stepUpFresh: isFreshStepUp(viewerStepUp, true),
      stepUpUrl: stepUpUrl(`/admin/users/${userId}`),
    },
    /** The adjustment form's one-time token (decision 036): new with every render of the page. */
    formToken: issueFormToken(),
  };
}

export type MemberIntent = "adjust" | "role" | "revoke-sessions" | "block" | "unblock" | "contact" | "reset-two-factor";

export interface MemberActionSuccess {
  ok: true;
  intent: MemberIntent;
  title: string;
  message: string;
}

const FAILURE_TITLES: Record<MemberIntent, string> = {
  adjust: "Saldot kunde inte justeras",
  role: "Rollen kunde inte ändras",
  "revoke-sessions": "Sessionerna kunde inte avslutas",
  block: "Inloggningen kunde inte spärras",
  unblock: "Spärren kunde inte hävas",
  contact: "Kontaktpersonen kunde inte sparas",
  "reset-two-factor": "Tvåstegsverifieringen kunde inte återställas",
};

const contactSchema = z.object({
  contactPersonId: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.string({ error: MEMBER_MESSAGES.notStaff }).max(64, MEMBER_MESSAGES.notStaff).nullable(),
  ),
});

function answer<T>(intent: MemberIntent, result: MemberResult<T>, success: (value: T) => { title: string; message: string }) {
  if (!result.ok) return failureResponse(result, { intent, title: FAILURE_TITLES[intent] });
  return data<MemberActionSuccess>({ ok: true, intent, ...success(result as T) });
}


export async function handleMemberAction(request: Request, userId: string | undefined) {
  const staff = await requireAdminTab(request, "users");
  const actorUserId = staff.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (!isUserId(userId)) return notFound(MEMBER_MESSAGES.notFound);

  switch (intent) {
    case "adjust": {
      const result = await withFormToken(
        db(),
        { values: input.data, actorUserId, action: "member.adjust_balance" },
        (tx) => adjustBalance(tx, { actorUserId, userId, values: input.data }),
        { refuse: (message) => ({ ok: false as const, code: "invalid" as const, message }) },
      );
      return answer(intent, result, (value) => ({
        title: "Saldot är justerat",
        message: `${formatSigned(value.amount)} ${value.currency === "points" ? "poäng" : "XP"}. Nytt saldo: ${formatNumber(Math.abs(value.balance))}.`,
      }));
    }
    case "role": {
      const parsed = validate(input.data, roleChangeSchema, { intent, title: FAILURE_TITLES.role });
      if (!parsed.ok) return parsed.response;
      // Granting a role makes staff: both ask for the admin's fresh step-up (decision 046).
      const refused = await stepUpRefusal(request, staff);
      if (refused) return refused;
      const result = await setRole(db(), { actorUserId, userId, role: parsed.data.role, grant: parsed.data.grant });
      return answer(intent, result, () => ({
        title: parsed.data.grant ? "Rollen är tilldelad" : "Rollen är borttagen",
        message: parsed.data.grant ? `Medlemmen har nu rollen ${parsed.data.role}.` : `Medlemmen har inte längre rollen ${parsed.data.role}.`,
      }));
    }
    case "revoke-sessions": {
      const result = await revokeSessions(db(), { actorUserId, userId });
      return answer(intent, result, (value) => ({
        title: "Sessionerna är avslutade",
        message: `${sessionsEnded(value.count)}.`,
      }));
    }
    case "block":
    case "unblock": {
      const result = await setSignInBlock(db(), { actorUserId, userId, blocked: intent === "block" });
      return answer(intent, result, () =>
        intent === "block"
          ? { title: "Inloggningen är spärrad", message: "Medlemmen är utloggad överallt och kan inte logga in." }
          : { title: "Spärren är hävd", message: "Medlemmen kan logga in igen." },
      );
    }
    case "reset-two-factor": {
      const refused = await stepUpRefusal(request, staff);
      if (refused) return refused;
      const result = await resetTwoFactor(db(), { actorUserId, userId });
      return answer(intent, result, (value) => ({
        title: "Tvåstegsverifieringen är återställd",
        message: `Medlemmen ställer in den igen vid nästa inloggning. ${sessionsEnded(value.sessionsEnded)}.`,
      }));
    }
    case "contact": {
      const parsed = validate(input.data, contactSchema, { intent, title: FAILURE_TITLES.contact });
      if (!parsed.ok) return parsed.response;
      const result = await setContactPerson(db(), { actorUserId, userId, contactPersonId: parsed.data.contactPersonId });
      return answer(intent, result, (value) => ({
        title: "Kontaktpersonen är sparad",
        message: value.contactPerson ? `${value.contactPerson.name} är medlemmens kontaktperson.` : "Medlemmen har ingen kontaktperson längre.",
      }));
    }
    default:
      return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
}
