/**
 * The staff's sell-order views under Transactions (admin only; docs/rules/selling.md#staff-pages):
 * the order list with a status filter, one order with its timeline, event log and actions, and the
 * payout queue. Every write goes through the sell-order service, which checks the transition
 * and writes the audit row in the same transaction.
 */
import { PAYOUT_LABELS, PAYOUT_REVEAL, SELL_ORDER_STATUSES, type SellOrderStatus } from "~/modules/selling/selling-constants";
import { orderBotIdentity } from "~/modules/bots/bot-identity.server";
import { failureResponse, notFound, parseRequest } from "~/lib/http.server";
import { parseKeyset } from "~/lib/keyset";
import { requireAdminTab } from "~/modules/admin/admin-access.server";
import { payoutQueueActionSchema, staffOrderActionSchema } from "~/modules/selling/sell-order-schema";
import { stepUpRefusal } from "~/modules/accounts/two-factor.server";
import { revealPayoutRecipient } from "./payout-recipient.server";
import {
  correctOrderDocument,
  getOrderForStaff,
  listOrdersForStaff,
  listPayoutQueue,
  markPaid,
  retryPayout,
  reviewOrder,
  setMaxOpenOrders,
  setTradeOffer,
  type SellOrderResult,
} from "~/modules/selling/sell-orders.server";
import { tradeOfferMessage } from "~/modules/selling/steam-trade-offers.server";
import { offerStateText } from "~/modules/selling/sell-order-rules";
import { config } from "~/platform/config.server";
import { stockholmDay } from "~/lib/stockholm-time";
import { db } from "~/platform/db/client.server";
import { documentNumberLabel } from "~/modules/bookkeeping/purchase-document-rules";
import { listOrderDocuments, readOrderDocument } from "~/modules/bookkeeping/purchase-documents.server";
import { sieExportSchema } from "~/modules/bookkeeping/bookkeeping-schema";
import { encodeSie, sieExportText } from "~/modules/bookkeeping/bookkeeping-export.server";
import { orderView } from "./sell-order-page.server";
import { offerEngineFromConfig } from "~/modules/bots/offer-sender.server";
import { cancelOfferByStaff, resendOffer, switchToManual } from "~/modules/bots/offer-staff-actions.server";
import { optionalPayoutKeyring, payoutKeyring } from "./payout-encryption.server";
import { automaticPayoutMethods } from "./payout-gateway.server";
import { handleBatchAction, payoutBatchesView } from "~/modules/payouts/payout-batches-page.server";

const NOT_FOUND = "Ordern finns inte.";

function answer<T>(result: SellOrderResult<T>, success: string) {
  if (!result.ok) return failureResponse(result);
  return { ok: true as const, title: "Klart", message: success };
}

export async function loadStaffOrders(request: Request) {
  await requireAdminTab(request, "transactions");
  const params = new URL(request.url).searchParams;
  const status = SELL_ORDER_STATUSES.find((candidate) => candidate === params.get("status")) ?? null;
  // Paged by keyset cursor; an old `?page=` link shows the first page.
  const list = await listOrdersForStaff(db(), { status, position: parseKeyset(params, "timestamp") });
  const today = stockholmDay(new Date());
  return {
    status,
    /** The bookkeeping export's default period: this year so far. */
    exportPeriod: { from: `${today.slice(0, 4)}-01-01`, to: today },
    links: list.links,
    rows: list.orders.map((order) => ({
      ...orderView(order),
      memberName: order.memberName ?? "",
      itemCount: order.itemCount,
      itemNames: order.itemNames,
      tradeOfferId: order.tradeOfferId,
      /** The trade shield's flag (docs/rules/bots.md#trade-shield), marked in the list. */
      hijackFlagged: order.hijackFlaggedAt !== null,
    })),
  };
}

export async function loadStaffOrder(request: Request, orderId: string | undefined) {
  await requireAdminTab(request, "transactions");
  const order = orderId ? await getOrderForStaff(db(), orderId) : null;
  if (!order) throw notFound(NOT_FOUND);
  return {
    order: {
      ...orderView(order),
      userId: order.userId,
      memberName: order.memberName,
      email: order.email,
      tradeOfferId: order.tradeOfferId,
      offerMessage: tradeOfferMessage(config().SITE_NAME, order.securityCode, order.offerAttempt),
      steamTradeId: order.steamTradeId,
      offerAcceptedAt: order.offerAcceptedAt?.toISOString() ?? null,
      protectionEndsAt: order.protectionEndsAt?.toISOString() ?? null,
      payoutReference: order.payoutReference,
      payoutMasked: order.payoutMasked,
      payoutFailure: order.payoutFailure,
      tradeId: order.tradeId,
      maxOpenOrders: order.maxOpenOrders,
      blockedUntil: order.blockedUntil?.toISOString() ?? null,
      // docs/rules/bots.md: the bot's side of the order (data; the offer panel draws it).
      fromBot: order.botId !== null,
      offerAttempt: order.offerAttempt,
      offerState: offerStateText(order.offerState),
      offerProblem: order.offerProblem,
      manualOfferReason: order.manualOfferReason,
      hijackFlaggedAt: order.hijackFlaggedAt?.toISOString() ?? null,
      hijackReason: order.hijackReason,
    },
    bot: await orderBotIdentity(db(), order.id, order.securityCode),
    documents: (await listOrderDocuments(db(), order.id)).map((document) => ({
      number: document.number,
      label: documentNumberLabel(document.number),
      correctsLabel: document.correctsNumber ? documentNumberLabel(document.correctsNumber) : null,
      issuedAt: document.issuedAt.toISOString(),
    })),
    items: order.items.map((item) => ({ position: item.position, name: item.name, wear: item.wear, variant: item.variant, priceOre: item.priceOre })),
    events: order.events.map((event) => ({
      id: event.id,
      fromStatus: event.fromStatus as SellOrderStatus | null,
      toStatus: event.toStatus,
      actorName: event.actorName,
      note: event.note,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

export async function handleStaffOrderAction(request: Request, orderId: string | undefined) {
  const staff = await requireAdminTab(request, "transactions");
  const parsed = await parseRequest(request, staffOrderActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const actorUserId = staff.user.id;
  const id = orderId ?? "";
  switch (input.intent) {
    case "approve":
      return answer(await reviewOrder(db(), { actorUserId, orderId: id, approve: true, note: input.note }), "Ordern är godkänd.");
    case "decline":
      return answer(await reviewOrder(db(), { actorUserId, orderId: id, approve: false, note: input.note }), "Ordern är nekad.");
    case "cancel":
      // docs/rules/bots.md#staff-actions: a bot's offer is cancelled at Steam with the order.
      return answer(await cancelOfferByStaff(db(), offerEngineFromConfig(db()), { actorUserId, orderId: id, note: input.note }), "Ordern är avbruten.");
    case "set-offer":
      return answer(await setTradeOffer(db(), { actorUserId, orderId: id, tradeOfferId: input.tradeOfferId }), "Trade-erbjudandet är sparat.");
    case "correct-document": {
      const corrected = await correctOrderDocument(db(), {
        actorUserId,
        orderId: id,
        sellerName: input.sellerName,
        reference: input.reference,
        note: input.correctionNote,
        keyring: optionalPayoutKeyring(),
      });
      if (!corrected.ok) return failureResponse(corrected);
      return { ok: true as const, title: "Klart", message: `Rättelsen är utfärdad som ${documentNumberLabel(corrected.value.number)}.` };
    }
    case "retry-payout":
      return answer(await retryPayout(db(), { actorUserId, orderId: id }), "Utbetalningen ligger i kön igen.");
    case "resend-offer":
      return answer(await resendOffer(offerEngineFromConfig(db()), { actorUserId, orderId: id }), "Det gamla erbjudandet är avbrutet; ett nytt skickas.");
    case "cancel-offer":
      return answer(await cancelOfferByStaff(db(), offerEngineFromConfig(db()), { actorUserId, orderId: id, note: input.note }), "Erbjudandet och ordern är avbrutna.");
    case "manual-offer":
      return answer(await switchToManual(db(), { actorUserId, orderId: id, reason: input.reason }), "Ordern skickas för hand.");
    case "allow-orders": {
      const order = await getOrderForStaff(db(), id);
      if (!order) return notFound(NOT_FOUND);
      return answer(
        await setMaxOpenOrders(db(), { actorUserId, userId: order.userId, maxOpenOrders: input.maxOpenOrders }),
        `Medlemmen får ha ${input.maxOpenOrders} öppna ordrar.`,
      );
    }
  }
}

export async function loadPayoutQueue(request: Request) {
  await requireAdminTab(request, "transactions");
  const entries = await listPayoutQueue(db());
  return {
    /** Decision 051: methods the job runner pays, named in the page's introduction. */
    automaticMethods: automaticPayoutMethods().map((method) => PAYOUT_LABELS[method]),
    // decision 050: the bank files and whether one can be made.
    ...(await payoutBatchesView()),
    entries: entries.map((entry) => ({
      ...entry,
      payoutDueAt: entry.payoutDueAt.toISOString(),
      details: entry.details ? { ...entry.details, usableAt: entry.details.usableAt.toISOString() } : null,
    })),
  };
}

export async function handlePayoutAction(request: Request) {
  const staff = await requireAdminTab(request, "transactions");
  const parsed = await parseRequest(request, payoutQueueActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  if (input.intent === "create-batch" || input.intent === "mark-batch-paid" || input.intent === "return-batch-order") {
    return handleBatchAction(staff.user.id, input);
  }
  if (input.intent === "reveal-recipient") {
    // Decision 047: the full recipient only after a fresh step-up, audited, a few an hour.
    const refused = await stepUpRefusal(request, staff);
    if (refused) return refused;
    const revealed = await revealPayoutRecipient(db(), payoutKeyring(), { actorUserId: staff.user.id, orderId: input.orderId });
    if (!revealed.ok) return failureResponse(revealed);
    return {
      ok: true as const,
      intent: "reveal-recipient" as const,
      title: "Mottagaren visas",
      message: `Uppgifterna visas i ${PAYOUT_REVEAL.visibleMs / 60_000} minuter.`,
      recipient: revealed.value,
    };
  }
  return answer(
    await markPaid(db(), {
      actorUserId: staff.user.id,
      orderId: input.orderId,
      reference: input.reference,
      keyring: optionalPayoutKeyring(),
    }),
    "Ordern är markerad som utbetald.",
  );
}

/** A paid order's purchase document for staff, as stored (decision 047). */
export async function downloadStaffOrderDocument(request: Request, orderId: string | undefined, number: string | undefined) {
  await requireAdminTab(request, "transactions");
  return documentResponse(await readOrderDocument(db(), { orderId: orderId ?? "", number: Number(number) }));
}

/** The stored PDF as a download, byte for byte; anything else is a 404. */
export function documentResponse(document: { filename: string; pdf: Buffer } | null): Response {
  if (!document) throw notFound("Avräkningsnotan finns inte.");
  return new Response(new Uint8Array(document.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${document.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * decision 047: the bookkeeping export — the period's purchases and payouts as an SIE 4 file in
 * code page 437. A bad period is a Swedish 400 in plain text (the download has no page to show it on).
 */
export async function downloadSieExport(request: Request) {
  await requireAdminTab(request, "transactions");
  const params = new URL(request.url).searchParams;
  const parsed = sieExportSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "" });
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]?.message ?? "Ogiltig period.", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const bytes = encodeSie(await sieExportText(db(), parsed.data));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "text/plain; charset=IBM437",
      "content-disposition": `attachment; filename="bokforing-${parsed.data.from}-${parsed.data.to}.se"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
