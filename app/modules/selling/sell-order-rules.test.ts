import { describe, expect, it } from "vitest";
import { PAYOUT_TIMES, SELL_ORDER_STATUSES } from "~/modules/selling/selling-constants";
import { formatSek } from "~/lib/format";
import {
  canTransition,
  isOpen,
  isRollback,
  memberCanCancel,
  needsReview,
  offerOutcome,
  offerStateText,
  payoutLine,
  payoutTime,
  securityCodeFrom,
  statusText,
  timeline,
  unlockHour,
  type SellOrderFacts,
} from "./sell-order-rules";

const facts = (overrides: Partial<SellOrderFacts> = {}): SellOrderFacts => ({
  status: "awaiting_offer",
  totalOre: 41_200,
  payoutMethod: "swish",
  protectionEndsAt: null,
  payoutDueAt: null,
  paidAt: null,
  payoutReference: null,
  reviewed: false,
  ...overrides,
});

describe("the sell order state machine (docs/rules/selling.md#statuses)", () => {
  it("lets the member cancel only before the offer is sent", () => {
    expect(memberCanCancel("in_review")).toBe(true);
    expect(memberCanCancel("awaiting_offer")).toBe(true);
    for (const status of ["offer_sent", "protected", "payout_scheduled", "paid", "cancelled"] as const) {
      expect(memberCanCancel(status)).toBe(false);
    }
  });

  it("lets only Steam's answers move an offer to protected or reversed, and only the job schedule a payout", () => {
    expect(canTransition("offer_sent", "protected", "steam")).toBe(true);
    expect(canTransition("offer_sent", "protected", "staff")).toBe(false);
    expect(canTransition("protected", "reversed", "steam")).toBe(true);
    expect(canTransition("protected", "payout_scheduled", "job")).toBe(true);
    expect(canTransition("protected", "paid", "staff")).toBe(false);
    expect(canTransition("payout_scheduled", "paid", "staff")).toBe(true);
    expect(canTransition("payout_failed", "payout_scheduled", "staff")).toBe(true);
  });

  it("lets the bot send the offer or cancel for gone items, never accept or pay (docs/rules/bots.md#sending)", () => {
    expect(canTransition("awaiting_offer", "offer_sent", "bot")).toBe(true);
    expect(canTransition("awaiting_offer", "cancelled", "bot")).toBe(true);
    expect(canTransition("offer_sent", "protected", "bot")).toBe(false);
    expect(canTransition("in_review", "awaiting_offer", "bot")).toBe(false);
    expect(canTransition("offer_sent", "awaiting_offer", "staff")).toBe(true);
    expect(canTransition("offer_sent", "awaiting_offer", "bot")).toBe(false);
    expect(canTransition("offer_sent", "expired", "job")).toBe(true);
  });

  it("has no way out of an end state", () => {
    for (const end of ["paid", "cancelled", "declined", "expired", "reversed"] as const) {
      for (const to of SELL_ORDER_STATUSES) {
        for (const actor of ["member", "staff", "steam", "job", "bot"] as const) expect(canTransition(end, to, actor)).toBe(false);
      }
      expect(isOpen(end)).toBe(false);
    }
    expect(isOpen("payout_failed")).toBe(true);
  });

  it("reviews orders over 1 000 kr only", () => {
    expect(needsReview(100_000)).toBe(false);
    expect(needsReview(100_001)).toBe(true);
  });

  it("makes the order payable at the hour Trade Protection ends: the trade's time + 7 days rounded up, no extra day", () => {
    expect(unlockHour({ tradeTime: new Date("2026-11-02T10:15:00Z") }).toISOString()).toBe("2026-11-09T11:00:00.000Z");
    expect(unlockHour({ tradeTime: new Date("2026-11-02T10:00:00Z") }).toISOString()).toBe("2026-11-09T10:00:00.000Z");
  });

  it("prefers the latest expiry Steam reports for the received items", () => {
    const tradeTime = new Date("2026-11-02T10:15:00Z");
    const reportedEnds = [new Date("2026-11-09T07:00:00Z"), new Date("2026-11-09T08:30:00Z")];
    expect(unlockHour({ tradeTime, reportedEnds }).toISOString()).toBe("2026-11-09T09:00:00.000Z");
    expect(unlockHour({ tradeTime, reportedEnds: [new Date("nonsense")] }).toISOString()).toBe("2026-11-09T11:00:00.000Z");
  });

  it("makes a 6-character code from the unambiguous alphabet", () => {
    const code = securityCodeFrom(new Uint8Array([0, 1, 31, 32, 255, 8]));
    expect(code).toBe("AB9A9J");
    expect(code).toMatch(/^[^01IO]{6}$/);
    expect(() => securityCodeFrom(new Uint8Array(3))).toThrow();
  });
});

describe("Steam's answers (docs/rules/selling.md#following-the-offer)", () => {
  it("maps offer states to outcomes and keeps waiting on active ones", () => {
    expect(offerOutcome(3)).toBe("accepted");
    expect(offerOutcome(7)).toBe("declined");
    expect(offerOutcome(4)).toBe("declined");
    expect(offerOutcome(5)).toBe("expired");
    expect(offerOutcome(6)).toBe("cancelled");
    expect(offerOutcome(2)).toBeNull();
    expect(offerOutcome(9)).toBeNull();
  });

  it("names every offer state in Swedish for staff, and an unknown one with its number", () => {
    const named = Array.from({ length: 11 }, (_, index) => offerStateText(index + 1));
    expect(new Set(named).size).toBe(11);
    expect(named.every((text) => !text.startsWith("Okänd"))).toBe(true);
    expect(offerStateText(7)).toBe("Nekat av medlemmen");
    expect(offerStateText(null)).toBe("–");
    expect(offerStateText(42)).toBe("Okänd status (42)");
  });

  it("treats the rollback trade statuses as reversals and complete trades as not", () => {
    expect(isRollback(12)).toBe(true);
    expect(isRollback(6)).toBe(true);
    expect(isRollback(3)).toBe(false);
    expect(isRollback(2)).toBe(false);
  });
});

describe("what the member reads", () => {
  it("says the paid amount, method and reference", () => {
    expect(statusText(facts({ status: "paid", payoutReference: "SW-1" }))).toBe(`Utbetald ${formatSek(41_200)} via Swish, referens SW-1`);
    expect(statusText(facts({ status: "offer_sent" }))).toBe("Erbjudande skickat — acceptera i Steam och kontrollera koden");
    expect(statusText(facts({ status: "protected", protectionEndsAt: "2026-11-09T10:00:00Z", payoutDueAt: "2026-11-09T10:00:00Z" }))).toBe(
      "Trade Protection till 9 november 2026 kl. 11:00",
    );
  });

  it("names one payout time in the timeline, the status and the amount box, and no stated minutes for a manual method", () => {
    const order = facts({ status: "protected", protectionEndsAt: "2026-11-09T10:00:00Z", payoutDueAt: "2026-11-09T10:00:00Z" });
    const when = "9 november 2026 kl. 11:00";
    const steps = timeline(order, ["awaiting_offer", "offer_sent", "protected"]);
    expect(steps.find((step) => step.status === "protected")!.label).toContain(when);
    expect(steps.find((step) => step.status === "payout_scheduled")!.label).toBe(`Utbetalning från ${when}`);
    expect(payoutLine(order)).toBe(`Swish från ${when} (senast nästa bankdag)`);
    expect(payoutLine(order)).not.toContain("minuter");
    // Decision 051: Swish's own time only where Swish payouts are sent automatically.
    expect(payoutLine(order, ["swish"])).toBe(`Swish från ${when} (${PAYOUT_TIMES.swish})`);
    expect(payoutLine({ ...order, payoutMethod: "bank" }, ["swish"])).toBe(`Banköverföring från ${when} (senast nästa bankdag)`);
    expect(statusText({ ...order, status: "payout_scheduled" })).toBe(`Utbetalning från ${when}`);
  });

  it("promises no money and no payout time once reversed, cancelled, declined or expired", () => {
    for (const status of ["reversed", "cancelled", "declined", "expired"] as const) {
      const order = facts({ status, protectionEndsAt: "2026-11-09T10:00:00Z", payoutDueAt: "2026-11-09T10:00:00Z" });
      expect(payoutTime(order)).toBeNull();
      expect(payoutLine(order)).toBeNull();
      const labels = timeline(order, ["awaiting_offer", "offer_sent", "protected", status]).map((step) => step.label).join(" ");
      expect(labels).not.toMatch(/Utbetalning|november|kr/);
    }
  });

  it("draws the timeline with the review step only for reviewed orders, and an end state after the steps passed", () => {
    const plain = timeline(facts({ status: "offer_sent" }), ["awaiting_offer", "offer_sent"]);
    expect(plain.map((step) => [step.status, step.state])).toEqual([
      ["awaiting_offer", "done"],
      ["offer_sent", "current"],
      ["protected", "upcoming"],
      ["payout_scheduled", "upcoming"],
      ["paid", "upcoming"],
    ]);
    const reviewed = timeline(facts({ status: "in_review", reviewed: true }), ["in_review"]);
    expect(reviewed[0]).toMatchObject({ status: "in_review", label: "Granskas", state: "current" });
    const reversed = timeline(facts({ status: "reversed" }), ["awaiting_offer", "offer_sent", "protected", "reversed"]);
    expect(reversed.map((step) => step.status)).toEqual(["awaiting_offer", "offer_sent", "protected", "reversed"]);
    expect(reversed.at(-1)).toMatchObject({ label: "Återförd", state: "ended" });
  });
});
