/**
 * The selling limits (docs/rules/selling.md#limits) as one pure rule, shared by /salja (the panel
 * before any selection, the warning as the selection grows, "Få pris" disabled), the quote
 * service (refuses a quote over a limit) and accepting a quote (the same checks, under the
 * member's lock). The texts are the same wherever a limit stops the member.
 */
import { formatLongDateTime, formatSek } from "~/lib/format";
import { PAYOUT_DETAILS_RULES, SELL_ORDERS } from "~/modules/selling/selling-constants";
import type { SellerChecklist } from "./seller-requirements";

export const SELL_LIMIT_TEXTS = {
  openOrder: "Du har redan en pågående order. Vänta tills den är klar eller avbryt den innan du lägger en ny.",
  blocked: (until: Date | string) =>
    `Du kan inte sälja till oss förrän ${formatLongDateTime(until)}, eftersom en tidigare affär återfördes i Steam.`,
  firstWeek: (limitOre: number, leftOre: number) =>
    `Under din första vecka som medlem kan du sälja för högst ${formatSek(limitOre)}. Du har ${formatSek(leftOre)} kvar.`,
} as const;

/** What applies to a member now; the server gathers it (sell-orders.server.ts `sellLimitFacts`). */
export interface SellLimitFacts {
  /** BankID and age: "ok", "missing" (not verified) or "under_age". Needed to accept, not to see a quote. */
  identity: "ok" | "missing" | "under_age";
  /** In the member's first SELL_ORDERS.newMemberDays: the cap, what is sold, and when the week ends (ISO). */
  firstWeek: { limitOre: number; soldOre: number; endsAt: string } | null;
  /** A reversal block in force until (ISO); null when none. */
  blockedUntil: string | null;
  openOrders: number;
  maxOpenOrders: number;
}

/** The BankID step of the seller checklist as the limits name it: met, missing (fixable) or under age (no fix). */
export function identityOf(checklist: SellerChecklist): SellLimitFacts["identity"] {
  const step = checklist.requirements.find((requirement) => requirement.id === "bankid");
  if (!step || step.state === "met") return "ok";
  return step.fix ? "missing" : "under_age";
}

/** What the member may still sell in their first week (öre); null outside it. */
function firstWeekLeftOre(facts: SellLimitFacts): number | null {
  return facts.firstWeek ? Math.max(0, facts.firstWeek.limitOre - facts.firstWeek.soldOre) : null;
}

/**
 * Why a quote (or an order) of `totalOre` may not be made now, or null. `totalOre` 0 asks whether
 * anything at all may be sold (the panel before a selection). The order is the accept's: block,
 * open orders, first-week cap.
 */
export function sellLimitRefusal(facts: SellLimitFacts, totalOre: number): string | null {
  if (facts.blockedUntil) return SELL_LIMIT_TEXTS.blocked(facts.blockedUntil);
  if (facts.openOrders >= facts.maxOpenOrders) return SELL_LIMIT_TEXTS.openOrder;
  const left = firstWeekLeftOre(facts);
  if (left !== null && facts.firstWeek && (left === 0 || totalOre > left)) return SELL_LIMIT_TEXTS.firstWeek(facts.firstWeek.limitOre, left);
  return null;
}

type SellLimitState = "ok" | "blocked" | "info";

export interface SellLimitLine {
  id: "identity" | "first_week" | "reversal" | "open_orders";
  title: string;
  state: SellLimitState;
  text: string;
}

/** Sellers are adults (decision 044): the payout age. */
const AGE = PAYOUT_DETAILS_RULES.minimumAge;

/** The panel /salja shows before any selection: every limit with what it means for the member now. */
export function sellLimitLines(facts: SellLimitFacts): SellLimitLine[] {
  const lines: SellLimitLine[] = [];
  lines.push({
    id: "identity",
    title: "BankID och ålder",
    state: facts.identity === "ok" ? "ok" : facts.identity === "under_age" ? "blocked" : "info",
    text:
      facts.identity === "ok"
        ? `Du är verifierad med BankID och har fyllt ${AGE} år.`
        : facts.identity === "under_age"
          ? `Du måste ha fyllt ${AGE} år för att sälja. Du kan se priser, men inte acceptera en offert.`
          : `Du kan se priser redan nu. För att acceptera en offert behöver du verifiera dig med BankID och ha fyllt ${AGE} år.`,
  });
  const left = firstWeekLeftOre(facts);
  if (facts.firstWeek && left !== null) {
    lines.push({
      id: "first_week",
      title: "Första veckan",
      state: left === 0 ? "blocked" : "info",
      text: `${SELL_LIMIT_TEXTS.firstWeek(facts.firstWeek.limitOre, left)} Gränsen gäller till ${formatLongDateTime(facts.firstWeek.endsAt)}.`,
    });
  } else {
    lines.push({ id: "first_week", title: "Första veckan", state: "ok", text: "Din första vecka är över: ingen beloppsgräns för nya medlemmar." });
  }
  lines.push(
    facts.blockedUntil
      ? { id: "reversal", title: "Spärr efter återförd affär", state: "blocked", text: SELL_LIMIT_TEXTS.blocked(facts.blockedUntil) }
      : {
          id: "reversal",
          title: "Spärr efter återförd affär",
          state: "ok",
          text: `Ingen spärr. Återförs en affär i Steam kan du inte sälja på ${SELL_ORDERS.reversalBlockDays} dagar.`,
        },
  );
  const full = facts.openOrders >= facts.maxOpenOrders;
  lines.push({
    id: "open_orders",
    title: "Pågående ordrar",
    state: full ? "blocked" : "ok",
    text: full
      ? SELL_LIMIT_TEXTS.openOrder
      : `Du har ${facts.openOrders} av högst ${facts.maxOpenOrders} pågående ${facts.maxOpenOrders === 1 ? "order" : "ordrar"}.`,
  });
  return lines;
}
