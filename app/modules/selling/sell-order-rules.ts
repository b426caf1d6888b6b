/**
 * The sell order's state machine and what its statuses say (docs/rules/selling.md#sell-orders).
 * Pure and isomorphic: the service checks transitions with it, the member's order page and the
 * staff view draw the timeline from it, and both read the same Swedish texts.
 */
import {
  MANUAL_PAYOUT_PROMISE,
  PAYOUT_LABELS,
  PAYOUT_TIMES,
  SELL_ORDER_PATH,
  SELL_ORDER_STATUS_LABELS,
  SELL_ORDERS,
  type PayoutMethod,
  type SellOrderStatus,
} from "~/modules/selling/selling-constants";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import { formatLongDateTime, formatSek } from "~/lib/format";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Who may cause each move; the service checks the actor's kind too. "bot": the offer engine sending from a bot (docs/rules/bots.md#sending). */
export type SellOrderActor = "member" | "staff" | "steam" | "job" | "bot";

/** docs/rules/selling.md#statuses: every allowed move and who makes it. */
const TRANSITIONS: Record<SellOrderStatus, Partial<Record<SellOrderStatus, readonly SellOrderActor[]>>> = {
  in_review: {
    awaiting_offer: ["staff"],
    declined: ["staff"],
    cancelled: ["member", "staff"],
  },
  // The bot sends the offer, or cancels the order when Steam says the items are gone (error 26).
  awaiting_offer: { offer_sent: ["staff", "bot"], cancelled: ["member", "staff", "bot"] },
  offer_sent: {
    protected: ["steam"],
    declined: ["steam"],
    // The job cancels a bot's offer not accepted in time (docs/rules/bots.md#expiry).
    expired: ["steam", "job"],
    cancelled: ["steam", "staff"],
    // Staff re-send once the old offer is cancelled at Steam (docs/rules/bots.md#staff-actions).
    awaiting_offer: ["staff"],
  },
  protected: { payout_scheduled: ["job"], reversed: ["steam"] },
  payout_scheduled: { paid: ["staff", "job"], payout_failed: ["staff", "job"] },
  payout_failed: { payout_scheduled: ["staff"] },
  paid: {},
  cancelled: {},
  declined: {},
  expired: {},
  reversed: {},
};

export function canTransition(from: SellOrderStatus, to: SellOrderStatus, actor: SellOrderActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** Statuses that still count against the one-open-order limit (docs/rules/selling.md#limits). */
export const OPEN_SELL_ORDER_STATUSES = [
  "in_review",
  "awaiting_offer",
  "offer_sent",
  "protected",
  "payout_scheduled",
  "payout_failed",
] as const satisfies readonly SellOrderStatus[];

export function isOpen(status: SellOrderStatus): boolean {
  return (OPEN_SELL_ORDER_STATUSES as readonly SellOrderStatus[]).includes(status);
}

/** A member may cancel until the trade offer is sent. */
export function memberCanCancel(status: SellOrderStatus): boolean {
  return canTransition(status, "cancelled", "member");
}

/** docs/rules/selling.md#review: orders over 1 000 kr are reviewed before anything is sent. */
export function needsReview(totalOre: number): boolean {
  return totalOre > SELL_ORDERS.reviewAboveOre;
}

/**
 * docs/rules/selling.md#trade-protection, decision 047: the hour Steam's Trade Protection ends for
 * a trade — the latest expiry Steam reports for the received items, or the trade's time + 7 days
 * where Steam reports none — rounded up to the whole hour. The order is payable from then, with
 * no extra day.
 */
export function unlockHour(input: { tradeTime: Date; reportedEnds?: readonly Date[] }): Date {
  const reported = (input.reportedEnds ?? []).filter((at) => Number.isFinite(at.getTime()));
  const end = reported.length
    ? Math.max(...reported.map((at) => at.getTime()))
    : input.tradeTime.getTime() + TRADE_PROTECTION_DAYS * DAY_MS;
  return new Date(Math.ceil(end / HOUR_MS) * HOUR_MS);
}

/** Statuses that end an order without money: nothing is promised on the page or in the mails. */
const NO_PAYOUT_STATUSES: readonly SellOrderStatus[] = ["cancelled", "declined", "expired", "reversed"];

/** Whether the order still promises (or made) a payout. */
export function promisesPayout(status: SellOrderStatus): boolean {
  return !NO_PAYOUT_STATUSES.includes(status);
}

/**
 * The order's one payout time (decision 047): the timeline, the amount box and the mails all read
 * it here. Null before the trade is accepted and for an order that ended without money.
 */
export function payoutTime(order: Pick<SellOrderFacts, "status" | "payoutDueAt" | "protectionEndsAt">): Date | null {
  if (!promisesPayout(order.status)) return null;
  const at = order.payoutDueAt ?? order.protectionEndsAt;
  return at ? new Date(at) : null;
}

/**
 * How soon the money arrives once payable: the method's stated time where a gateway pays it
 * automatically (`automatic`, from the server's configuration), otherwise when staff pay
 * (decision 047).
 */
export function payoutPromise(method: PayoutMethod, automatic: readonly PayoutMethod[] = []): string {
  return automatic.includes(method) ? PAYOUT_TIMES[method] : MANUAL_PAYOUT_PROMISE;
}

/**
 * An unpaid order while the member's payout details are in their 24-hour wait
 * (docs/rules/selling.md#payouts): the order goes on, only the payout waits.
 */
export function payoutWaitsForDetails(usableAt: string): string {
  return `Dina utbetalningsuppgifter är nya. Ordern fortsätter som vanligt, men utbetalningen görs tidigast ${formatLongDateTime(usableAt)} (24 timmars väntetid som skydd för ditt konto).`;
}

/** The payout line of the amount box: method, the one payout time and the promise; null when nothing is promised. */
export function payoutLine(order: SellOrderFacts, automatic: readonly PayoutMethod[] = []): string | null {
  if (!promisesPayout(order.status)) return null;
  const label = PAYOUT_LABELS[order.payoutMethod];
  if (order.status === "paid") return order.paidAt ? `${label}, utbetald ${formatLongDateTime(order.paidAt)}` : label;
  const at = payoutTime(order);
  const promise = payoutPromise(order.payoutMethod, automatic);
  return at ? `${label} från ${formatLongDateTime(at)} (${promise})` : `${label} när Trade Protection har löpt ut (${promise})`;
}

/** A security code from random bytes: one letter of the unambiguous alphabet per byte (the alphabet's 32 letters divide 256, so no bias). */
export function securityCodeFrom(bytes: Uint8Array): string {
  const alphabet = SELL_ORDERS.securityCodeAlphabet;
  if (bytes.length < SELL_ORDERS.securityCodeLength) throw new Error("not enough random bytes");
  return Array.from(bytes.slice(0, SELL_ORDERS.securityCodeLength), (byte) => alphabet[byte % alphabet.length]).join("");
}

// ---------------------------------------------------------------------------
// Steam's answers (docs/rules/selling.md#following-the-offer)
// ---------------------------------------------------------------------------

/** Steam's ETradeOfferState values we act on. */
export const TRADE_OFFER_STATES = {
  invalid: 1,
  active: 2,
  accepted: 3,
  countered: 4,
  expired: 5,
  canceled: 6,
  declined: 7,
  invalidItems: 8,
  createdNeedsConfirmation: 9,
  canceledBySecondFactor: 10,
  inEscrow: 11,
} as const;

/** Steam's offer state in staff's words (docs/rules/bots.md#staff-actions); a dash before an offer exists. */
export function offerStateText(state: number | null): string {
  switch (state) {
    case null:
      return "–";
    case TRADE_OFFER_STATES.active:
      return "Aktivt – väntar på medlemmen";
    case TRADE_OFFER_STATES.accepted:
      return "Accepterat";
    case TRADE_OFFER_STATES.countered:
      return "Motbud från medlemmen";
    case TRADE_OFFER_STATES.expired:
      return "Utgånget";
    case TRADE_OFFER_STATES.canceled:
      return "Avbrutet";
    case TRADE_OFFER_STATES.declined:
      return "Nekat av medlemmen";
    case TRADE_OFFER_STATES.invalidItems:
      return "Ogiltigt: föremålen finns inte längre";
    case TRADE_OFFER_STATES.createdNeedsConfirmation:
      return "Väntar på botens mobilbekräftelse";
    case TRADE_OFFER_STATES.canceledBySecondFactor:
      return "Avbrutet i mobilbekräftelsen";
    case TRADE_OFFER_STATES.inEscrow:
      return "Hålls kvar av Steam (escrow)";
    case TRADE_OFFER_STATES.invalid:
      return "Ogiltigt";
    default:
      return `Okänd status (${state})`;
  }
}

/** What an offer's state means for an order that is `offer_sent`; null: keep waiting. */
export function offerOutcome(state: number): "accepted" | "declined" | "expired" | "cancelled" | null {
  switch (state) {
    case TRADE_OFFER_STATES.accepted:
      return "accepted";
    case TRADE_OFFER_STATES.declined:
    case TRADE_OFFER_STATES.countered:
      return "declined";
    case TRADE_OFFER_STATES.expired:
      return "expired";
    case TRADE_OFFER_STATES.invalid:
    case TRADE_OFFER_STATES.canceled:
    case TRADE_OFFER_STATES.invalidItems:
    case TRADE_OFFER_STATES.canceledBySecondFactor:
      return "cancelled";
    default:
      // active, needs confirmation, in escrow: still on its way.
      return null;
  }
}

/**
 * Steam's ETradeStatus values that mean the items went back to the member: support rollbacks
 * (5, 6, 7), an escrow rollback (11) and the Trade Protection reversal (12, added with CS2's
 * Trade Protection in 2025). Anything else is not a rollback.
 */
const TRADE_ROLLBACK_STATUSES: readonly number[] = [5, 6, 7, 11, 12];

export function isRollback(tradeStatus: number): boolean {
  return TRADE_ROLLBACK_STATUSES.includes(tradeStatus);
}

// ---------------------------------------------------------------------------
// What the member reads
// ---------------------------------------------------------------------------

export interface SellOrderFacts {
  status: SellOrderStatus;
  totalOre: number;
  payoutMethod: PayoutMethod;
  protectionEndsAt: Date | string | null;
  payoutDueAt: Date | string | null;
  paidAt: Date | string | null;
  payoutReference: string | null;
  /** Whether the order went through review (its total is over the review limit). */
  reviewed: boolean;
}

/** The status with its dates, as the timeline, the list and the mails say it. */
export function statusText(order: SellOrderFacts): string {
  switch (order.status) {
    case "offer_sent":
      return "Erbjudande skickat — acceptera i Steam och kontrollera koden";
    case "protected": {
      const at = payoutTime(order);
      return at ? `Trade Protection till ${formatLongDateTime(at)}` : SELL_ORDER_STATUS_LABELS.protected;
    }
    case "payout_scheduled": {
      const at = payoutTime(order);
      return at ? `Utbetalning från ${formatLongDateTime(at)}` : SELL_ORDER_STATUS_LABELS.payout_scheduled;
    }
    case "paid":
      return `Utbetald ${formatSek(order.totalOre)} via ${PAYOUT_LABELS[order.payoutMethod]}${order.payoutReference ? `, referens ${order.payoutReference}` : ""}`;
    default:
      return SELL_ORDER_STATUS_LABELS[order.status];
  }
}

/** What the member should do now, in one sentence. */
export function nextStep(status: SellOrderStatus): string {
  switch (status) {
    case "in_review":
      return "Vi granskar ordern innan vi skickar trade-erbjudandet. Du får ett mejl när det är klart.";
    case "awaiting_offer":
      return "Vi skickar ett trade-erbjudande från vårt Steam-konto. Du kan avbryta ordern tills dess.";
    case "offer_sent":
      return "Öppna erbjudandet i Steam, kontrollera att meddelandet innehåller din säkerhetskod och acceptera det.";
    case "protected":
      return "Föremålen är mottagna. Steams Trade Protection måste löpa ut innan vi betalar ut.";
    case "payout_scheduled":
      return "Utbetalningen är planerad. Du behöver inte göra något.";
    case "paid":
      return "Klart! Poäng och XP för försäljningen har lagts till på ditt konto.";
    case "payout_failed":
      return "Utbetalningen gick inte igenom. Vi försöker igen; kontrollera gärna dina utbetalningsuppgifter i profilen.";
    case "reversed":
      return "Affären återfördes i Steam under Trade Protection. Ingen utbetalning görs.";
    default:
      return "Ordern är avslutad. Du kan lägga en ny order när du vill.";
  }
}

export type TimelineState = "done" | "current" | "upcoming" | "ended";

export interface TimelineStep {
  status: SellOrderStatus;
  label: string;
  state: TimelineState;
}

/**
 * The timeline: the usual path (review only for orders that needed it), each step done,
 * current or upcoming. An order that ended early shows the steps it passed, then its end state.
 */
export function timeline(order: SellOrderFacts, passed: readonly SellOrderStatus[]): TimelineStep[] {
  const path = SELL_ORDER_PATH.filter((status) => status !== "in_review" || order.reviewed);
  const current = order.status;
  const onPath = (path as readonly SellOrderStatus[]).includes(current);
  if (onPath) {
    const index = path.indexOf(current as (typeof path)[number]);
    return path.map((status, position) => ({
      status,
      label: position === index ? statusText(order) : position < index ? SELL_ORDER_STATUS_LABELS[status] : upcomingLabel(status, order),
      state: position < index ? "done" : position === index ? (status === "paid" ? "done" : "current") : "upcoming",
    }));
  }
  // An end state (or payout_failed): the steps it went through, then where it stopped.
  const seen = path.filter((status) => passed.includes(status));
  return [
    ...seen.map((status) => ({
      status,
      label: SELL_ORDER_STATUS_LABELS[status],
      state: "done" as const,
    })),
    {
      status: current,
      label: statusText(order),
      state: current === "payout_failed" ? "current" : "ended",
    },
  ];
}

function upcomingLabel(status: SellOrderStatus, order: SellOrderFacts): string {
  if ((status === "payout_scheduled" || status === "protected") && payoutTime(order)) return statusText({ ...order, status });
  return SELL_ORDER_STATUS_LABELS[status];
}
