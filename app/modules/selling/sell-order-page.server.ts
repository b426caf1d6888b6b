/**
 * "Mina affärer" (docs/rules/selling.md#member-pages): the member's sell orders, one order with
 * its timeline, accepting a quote (posted by the quote page) and cancelling before the offer is
 * sent. Everything acts on the session's own member; another member's order is a 404.
 */
import { redirect } from "react-router";
import { orderBotIdentity } from "~/modules/bots/bot-identity.server";
import { TRADE_SHIELD } from "~/modules/bots/bot-constants";
import { confirmSteamAccountSafe, offersHeld, reportOtherOffer } from "~/modules/bots/trade-shield.server";
import { PROFILE_FIELDS } from "~/modules/selling/seller-requirements";
import { failureResponse, notFound, parseRequest } from "~/lib/http.server";
import { requireUser } from "~/modules/accounts/session.server";
import { automaticPayoutMethods } from "~/modules/selling/payout-gateway.server";
import { memberCanCancel, nextStep, payoutLine, payoutTime, promisesPayout, statusText, timeline } from "~/modules/selling/sell-order-rules";
import { acceptQuoteSchema, memberOrderActionSchema } from "~/modules/selling/sell-order-schema";
import {
  acceptQuote,
  cancelByMember,
  getMemberOrder,
  listMemberOrders,
  type SellOrder,
  type SellOrderDetail,
} from "~/modules/selling/sell-orders.server";
import { isVerified } from "~/modules/identity/bankid.server";
import { isSentToBank } from "~/modules/payouts/payout-batches.server";
import { getPayoutDetailsSummary } from "~/modules/selling/payout-details.server";
import { db } from "~/platform/db/client.server";
import { documentNumberLabel } from "~/modules/bookkeeping/purchase-document-rules";
import { listOrderDocuments, readOrderDocument } from "~/modules/bookkeeping/purchase-documents.server";
import { documentResponse } from "~/modules/selling/sell-orders-admin-page.server";
import {
  SKATTEVERKET_OTHER_ASSETS_URL,
  statementCsv,
  statementPdf,
  statementYears,
  TAX_NOTE,
  yearlyStatement,
} from "~/modules/bookkeeping/yearly-statement.server";

const NOT_FOUND = "Ordern finns inte.";

/** What the pages show of an order: its facts, the status text and the timeline. */
export function orderView(order: SellOrder | SellOrderDetail) {
  const passed = "events" in order ? order.events.map((event) => event.toStatus) : [order.status];
  return {
    id: order.id,
    status: order.status,
    statusText: statusText(order),
    nextStep: nextStep(order.status),
    /** What went wrong with an automatic payout, in the member's words (decision 051). */
    payoutFailure: "payoutFailureForMember" in order ? order.payoutFailureForMember : null,
    securityCode: order.securityCode,
    totalOre: order.totalOre,
    baseTotalOre: order.baseTotalOre,
    levelBonusPercent: order.levelBonusPercent,
    levelBonusOre: order.levelBonusOre,
    bulkBonusPercent: order.bulkBonusPercent,
    bulkBonusOre: order.bulkBonusOre,
    points: order.points,
    xp: order.xp,
    payoutMethod: order.payoutMethod,
    /** The one payout time (decision 047); null before the trade and when nothing is promised. */
    payoutAt: payoutTime(order)?.toISOString() ?? null,
    /** Method, time and when staff pay; null when nothing is promised. */
    payoutLine: payoutLine(order, automaticPayoutMethods()),
    promisesPayout: promisesPayout(order.status),
    createdAt: order.createdAt.toISOString(),
    canCancel: memberCanCancel(order.status),
    timeline: timeline(order, passed),
  };
}

export async function loadMemberOrders(request: Request) {
  const { user } = await requireUser(request);
  const page = Number(new URL(request.url).searchParams.get("sida") ?? 1);
  const list = await listMemberOrders(db(), user.id, Number.isFinite(page) ? page : 1);
  return {
    /** decision 047: the yearly statements, one per year with paid sales. */
    statements: await statementYears(db(), user.id),
    taxNote: TAX_NOTE,
    taxUrl: SKATTEVERKET_OTHER_ASSETS_URL,
    orders: list.orders.map((order) => ({ ...orderView(order), itemCount: order.itemCount, itemNames: order.itemNames })),
    page: list.page,
    pages: Math.max(1, Math.ceil(list.total / list.pageSize)),
    hasMore: list.page * list.pageSize < list.total,
  };
}

/** docs/rules/selling.md#accepting-a-quote: the quote page posts quoteId + intent=accept here. */
export async function handleAcceptQuote(request: Request) {
  const { user } = await requireUser(request);
  const parsed = await parseRequest(request, acceptQuoteSchema);
  if (!parsed.ok) return parsed.response;
  const result = await acceptQuote(db(), { userId: user.id, quoteId: parsed.data.quoteId });
  if (!result.ok) return failureResponse(result);
  return redirect(`/mina-affarer/${result.value.id}`);
}

export async function loadMemberOrder(request: Request, orderId: string | undefined) {
  const { user } = await requireUser(request);
  const order = orderId ? await getMemberOrder(db(), user.id, orderId) : null;
  if (!order) throw notFound(NOT_FOUND);
  const unpaid = promisesPayout(order.status) && order.status !== "paid";
  const held = await offersHeld(db(), user.id);
  const details = unpaid ? await getPayoutDetailsSummary(db(), user.id) : null;
  return {
    order: orderView(order),
    // The trade shield (docs/rules/bots.md#the-bots-identity-for-sellers): the bot the offer comes from.
    bot: await orderBotIdentity(db(), order.id, order.securityCode),
    // docs/rules/bots.md#errors: a send the member must fix (trade link, trade hold).
    offerProblem: order.offerProblemMember ? order.offerProblem : null,
    shield: {
      /** No offer goes to the member until they confirm their account is safe (docs/rules/bots.md#trade-shield). */
      warning: held,
      canReport: (order.status === "awaiting_offer" || order.status === "offer_sent") && !held,
      apiKeyUrl: TRADE_SHIELD.apiKeyUrl,
      devicesUrl: TRADE_SHIELD.devicesUrl,
    },
    tradeLinkHref: PROFILE_FIELDS.tradeLink,
    // Decision 044: an order from before the BankID rule is paid once its seller has verified,
    // and to Swish details with the verified personnummer.
    awaitingVerification: unpaid && !(await isVerified(db(), user.id)),
    awaitingNewDetails: unpaid && Boolean(details?.renewalRequired),
    // docs/rules/selling.md#payouts: new details do not hold the order back, only its payout.
    detailsUsableAt: unpaid && details && !details.usable && !details.renewalRequired ? details.usableAt : null,
    // decision 050: the payout is in a bank file the company has sent to its bank.
    sentToBank: order.status === "payout_scheduled" && (await isSentToBank(db(), order.id)),
    documents: (await listOrderDocuments(db(), order.id, user.id)).map((document) => ({
      number: document.number,
      label: documentNumberLabel(document.number),
      correctsLabel: document.correctsNumber ? documentNumberLabel(document.correctsNumber) : null,
    })),
    items: order.items.map((item) => ({
      position: item.position,
      name: item.name,
      wear: item.wear,
      variant: item.variant,
      imageUrl: item.imageUrl,
      priceOre: item.priceOre,
    })),
  };
}

export async function handleMemberOrderAction(request: Request, orderId: string | undefined) {
  const { user } = await requireUser(request);
  const parsed = await parseRequest(request, memberOrderActionSchema);
  if (!parsed.ok) return parsed.response;
  switch (parsed.data.intent) {
    case "report-other-offer": {
      // docs/rules/bots.md#trade-shield: flagging twice changes nothing more.
      const result = await reportOtherOffer(db(), { userId: user.id, orderId: orderId ?? "" });
      if (!result.ok) return failureResponse(result);
      return { ok: true as const, message: TRADE_SHIELD.reported };
    }
    case "account-safe": {
      if (!(await getMemberOrder(db(), user.id, orderId ?? ""))) throw notFound(NOT_FOUND);
      const { released } = await confirmSteamAccountSafe(db(), { userId: user.id });
      return { ok: true as const, message: released ? TRADE_SHIELD.released : TRADE_SHIELD.alreadyReleased };
    }
    case "cancel": {
      const result = await cancelByMember(db(), { userId: user.id, orderId: orderId ?? "" });
      if (!result.ok) return failureResponse(result);
      return { ok: true as const, message: "Ordern är avbruten." };
    }
  }
}

/** decision 047: the member's own purchase document, as stored; another member's is a 404. */
export async function downloadMemberOrderDocument(request: Request, orderId: string | undefined, number: string | undefined) {
  const { user } = await requireUser(request);
  return documentResponse(await readOrderDocument(db(), { orderId: orderId ?? "", number: Number(number), userId: user.id }));
}

/** decision 047: the member's yearly statement for one year, as PDF or CSV. */
export async function downloadYearlyStatement(request: Request, yearParam: string | undefined, format: string | undefined) {
  const { user } = await requireUser(request);
  const year = Number(yearParam);
  if (!/^\d{4}$/.test(yearParam ?? "") || year < 2000 || year > 2100 || (format !== "pdf" && format !== "csv")) throw notFound("Årsbeskedet finns inte.");
  const statement = await yearlyStatement(db(), user.id, year);
  const headers = { "cache-control": "private, no-store", "x-content-type-options": "nosniff" };
  if (format === "csv") {
    return new Response(statementCsv(statement), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="arsbesked-${year}.csv"` },
    });
  }
  const pdf = await statementPdf(statement, { name: user.name });
  return new Response(new Uint8Array(pdf), {
    headers: { ...headers, "content-type": "application/pdf", "content-disposition": `attachment; filename="arsbesked-${year}.pdf"` },
  });
}
