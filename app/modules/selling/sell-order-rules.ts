/**
 * The sell order's state machine and what its statuses say (docs/rules/selling.md#sell-orders).
 * Pure and isomorphic: the service checks transitions with it, the member's order page and the
 * staff view draw the timeline from it, and both read the same Swedish texts.
 */
import {
  PAYOUT_LABELS,
  SELL_ORDER_PATH,
  SELL_ORDER_STATUS_LABELS,
  SELL_ORDERS,
  type PayoutMethod,
  type SellOrderStatus,
} from "~/modules/selling/selling-constants";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import { formatLongDateTime, formatSek } from "~/lib/format";

const DAY_MS = 24 * 60 * 60_000;

/** Who may cause each move; the service checks the actor's kind too. */
export type SellOrderActor = "member" | "staff" | "steam" | "job";

/** docs/rules/selling.md#statuses: every allowed move and who makes it. */
const TRANSITIONS: Record<SellOrderStatus, Partial<Record<SellOrderStatus, readonly SellOrderActor[]>>> = {
  in_review: {
    awaiting_offer: ["staff"],
    declined: ["staff"],
    cancelled: ["member", "staff"],
  },
  awaiting_offer: { offer_sent: ["staff"], cancelled: ["member", "staff"] },
  offer_sent: {
    protected: ["steam"],
    declined: ["steam"],
    expired: ["steam"],
    cancelled: ["steam", "staff"],
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

/** docs/rules/selling.md#trade-protection: the member accepted the offer at `acceptedAt`. */
export function protectionDates(acceptedAt: Date): {
  protectionEndsAt: Date;
  payoutDueAt: Date;
} {
  return {
    protectionEndsAt: new Date(acceptedAt.getTime() + TRADE_PROTECTION_DAYS * DAY_MS),
    payoutDueAt: new Date(acceptedAt.getTime() + (TRADE_PROTECTION_DAYS + SELL_ORDERS.payoutExtraDays) * DAY_MS),
  };
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
    case "protected":
      return order.protectionEndsAt
        ? `Trade Protection t.o.m. ${formatLongDateTime(order.protectionEndsAt)}`
        : SELL_ORDER_STATUS_LABELS.protected;
    case "payout_scheduled":
      return order.payoutDueAt ? `Utbetalning ${formatLongDateTime(order.payoutDueAt)}` : SELL_ORDER_STATUS_LABELS.payout_scheduled;
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
  if (status === "payout_scheduled" && order.payoutDueAt) return statusText({ ...order, status });
  if (status === "protected" && order.protectionEndsAt) return statusText({ ...order, status });
  return SELL_ORDER_STATUS_LABELS[status];
}
