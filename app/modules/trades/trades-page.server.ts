/**
 * /admin/transactions' loader and action glue (admin only): read the list's filters from the
 * URL, call the trade service, map its outcomes to the page. Every write goes through the
 * trade service, which checks the transition, moves points only through the ledger and
 * writes the audit row in the same transaction.
 */
import { data } from "react-router";
import { TRADE_TYPE_LABELS } from "~/modules/trades/trades-constants";
import { failureResponse, readInput, typedValues, validate, type ActionFailure } from "~/lib/http.server";
import { formatNumber, formatSek } from "~/lib/format";
import { INPUT_MESSAGES } from "~/lib/validation";
import { z } from "~/lib/zod";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { editDraft, LINE_EDIT_MESSAGES, lineEdit } from "~/modules/trades/trade-draft";
import { parseTradeListQuery, tradeActionSchema } from "~/modules/trades/trade-schema";
import {
  cancelTrade,
  completeTrade,
  getTrade,
  listTrades,
  recordTrade,
  reverseTrade,
  searchMembers,
  TRADE_ERRORS,
  type TradeListRow,
  type TradeResult,
  type TradeDetail,
} from "~/modules/trades/trades.server";
import { db } from "~/platform/db/client.server";
import { issueFormToken, withFormToken } from "~/platform/form-tokens/form-tokens.server";

/** One row as the page shows it: what the table, the cards and the dialogs need. */
export interface TransactionRow {
  id: string;
  createdAt: string;
  type: TradeListRow["type"];
  status: TradeListRow["status"];
  memberId: string;
  memberName: string | null;
  memberEmail: string | null;
  memberSteamId: string | null;
  itemSummary: string;
  itemCount: number;
  baseTotalOre: number;
  bonusOre: number;
  feeOre: number;
  totalOre: number;
  method: string | null;
  pointsCredited: number;
  xpCredited: number;
  clawbackPointsShortfall: number;
  note: string | null;
}

function toRow(row: TradeListRow): TransactionRow {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    memberId: row.userId,
    memberName: row.memberName,
    memberEmail: row.memberEmail,
    memberSteamId: row.memberSteamId,
    itemSummary: row.itemSummary,
    itemCount: row.itemCount,
    baseTotalOre: row.baseTotalOre,
    bonusOre: row.levelBonusOre + row.bulkBonusOre + row.perkBonusOre,
    feeOre: row.purchaseFeeOre,
    totalOre: row.totalOre,
    method: row.payoutMethod ?? row.paymentMethod,
    pointsCredited: row.pointsCredited,
    xpCredited: row.xpCredited,
    clawbackPointsShortfall: row.clawbackPointsShortfall,
    note: row.note,
  };
}

export async function loadTransactions(request: Request) {
  await requireAdminTab(request, "transactions");
  const query = parseTradeListQuery(new URL(request.url).searchParams);
  const list = await listTrades(db(), query);
  return {
    query,
    rows: list.rows.map(toRow),
    totals: list.totals,
    links: list.links,
    /** The record form's one-time token (decision 036): new with every render of the page. */
    formToken: issueFormToken(),
  };
}

export type TransactionIntent = "record" | "complete" | "cancel" | "reverse";

export interface TransactionSuccess {
  ok: true;
  intent: TransactionIntent;
  title: string;
  message: string;
  tradeId: string;
}

const FAILURE_TITLES: Record<TransactionIntent, string> = {
  record: "Affären kunde inte registreras",
  complete: "Affären kunde inte genomföras",
  cancel: "Affären kunde inte annulleras",
  reverse: "Affären kunde inte återföras",
};

function outcome(
  intent: TransactionIntent,
  result: TradeResult<TradeDetail>,
  success: (trade: TradeDetail) => Omit<TransactionSuccess, "ok" | "intent" | "tradeId">,
  values?: Record<string, string>,
) {
  if (!result.ok) return failureResponse(result, { intent, title: FAILURE_TITLES[intent], values });
  return data<TransactionSuccess>({ ok: true, intent, tradeId: result.trade.id, ...success(result.trade) });
}


/**
 * Without JavaScript the record form's member search cannot list matches: the text typed in it
 * (`member`: a pasted member id or a member's e-mail address) then names the member. A picked
 * member (`memberId`) always wins; anything else is left to the schema's "Välj en medlem.".
 */
async function memberFromText<T extends Record<string, unknown>>(values: T): Promise<T> {
  if (typeof values.memberId === "string" && values.memberId !== "") return values;
  const text = typeof values.member === "string" ? values.member.trim() : "";
  if (!text) return values;
  if (z.uuid().safeParse(text).success) return { ...values, memberId: text };
  const match = (await searchMembers(db(), text)).find((member) => member.email?.toLowerCase() === text.toLowerCase());
  return match ? { ...values, memberId: match.userId } : values;
}

export async function handleTransactionsAction(request: Request) {
  const staff = await requireAdminTab(request, "transactions");
  const actorUserId = staff.user.id;
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;

  if (intent === "record") {
    // Without JavaScript a line item is added or removed by a post that records nothing.
    const edit = lineEdit(input.data);
    if (edit) {
      const message = "add" in edit ? LINE_EDIT_MESSAGES.added : LINE_EDIT_MESSAGES.removed;
      return { ok: false as const, intent, draft: true as const, message, values: editDraft(typedValues(input.data), edit) };
    }
    // The trade service validates with the shared schema (tradeInputSchema) itself; the form's
    // one-time token records it once however often it is posted (decision 036).
    const values = await memberFromText(input.data);
    const result = await withFormToken(
      db(),
      { values, actorUserId, action: "trade.record" },
      (tx) => recordTrade(tx, { actorUserId, input: values }),
      {
        refuse: (message) => ({ ok: false as const, code: "invalid" as const, message }),
        remember: (answer) => ({ tradeId: answer.ok ? answer.trade.id : "" }),
        replay: async ({ tradeId }, tx) => {
          const trade = await getTrade(tx, tradeId);
          return trade ? { ok: true as const, trade } : { ok: false as const, code: "not_found" as const, message: TRADE_ERRORS.notFound };
        },
      },
    );
    return outcome(
      intent,
      result,
      (trade) => ({
        title: "Affären är registrerad",
        message: `${TRADE_TYPE_LABELS[trade.type]} på ${formatSek(trade.totalOre)} väntar på att genomföras.`,
      }),
      typedValues(input.data),
    );
  }
  if (intent === "complete" || intent === "cancel" || intent === "reverse") {
    const parsed = validate(input.data, tradeActionSchema, { intent, title: FAILURE_TITLES[intent] });
    if (!parsed.ok) return parsed.response;
    const { tradeId, reason } = parsed.data;
    if (intent === "complete") {
      const result = await completeTrade(db(), { actorUserId, tradeId });
      return outcome(intent, result, (trade) => ({
        title: "Affären är genomförd",
        message: `Medlemmen fick ${formatNumber(trade.pointsCredited)} poäng och ${formatNumber(trade.xpCredited)} XP.`,
      }));
    }
    if (intent === "cancel") {
      const result = await cancelTrade(db(), { actorUserId, tradeId, reason });
      return outcome(intent, result, (trade) => ({
        title: "Affären är annullerad",
        message:
          trade.clawbackPointsShortfall > 0
            ? `Poängen är återtagna. Medlemmen hade redan använt ${formatNumber(trade.clawbackPointsShortfall)} av dem; underskottet är noterat på affären.`
            : trade.pointsCredited > 0 || trade.xpCredited > 0
              ? "Poäng och XP från affären är återtagna."
              : "Ingenting hade krediterats, så inga poäng flyttades.",
      }));
    }
    const result = await reverseTrade(db(), { actorUserId, tradeId, reason });
    return outcome(intent, result, () => ({
      title: "Affären är återförd",
      message: "Säljaren rullade tillbaka föremålen under Trade Protection. Inga poäng krediterades.",
    }));
  }
  return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
}
