/** How the Users tab words audit rows: the action's name and a one-line summary of the change. */
import { sessionsEnded } from "~/modules/accounts/staff-messages";
import { formatSigned } from "~/lib/format";

/** Names of what an audit row is about. */
export const ENTITY_LABELS: Record<string, string> = { member: "Medlem", trade: "Affär", shop_item: "Shopvara", shop_order: "Beställning", sell_order: "Säljorder", seller_limits: "Säljgränser", review_source: "Omdömeskälla" };

const ACTION_LABELS: Record<string, string> = {
  "member.adjust_points": "Poäng justerade",
  "member.adjust_xp": "XP justerad",
  "member.grant_role": "Roll tilldelad",
  "member.revoke_role": "Roll borttagen",
  "member.revoke_sessions": "Utloggad överallt",
  "member.block_sign_in": "Inloggning spärrad",
  "member.unblock_sign_in": "Spärr hävd",
  "member.set_contact_person": "Kontaktperson ändrad",
  "trade.record": "Affär registrerad",
  "trade.complete": "Affär genomförd",
  "trade.cancel": "Affär annullerad",
  "trade.reverse": "Affär återförd",
  "trade.record_paid_sale": "Säljorder utbetald (affär)",
  "sell_order.approve": "Säljorder godkänd",
  "sell_order.decline": "Säljorder nekad",
  "sell_order.cancel": "Säljorder avbruten",
  "sell_order.set_offer": "Trade-erbjudande angivet",
  "sell_order.mark_paid": "Säljorder utbetald",
  "sell_order.reveal_recipient": "Mottagare visad",
  "sell_order.payout_failed": "Utbetalning misslyckades",
  "sell_order.retry_payout": "Utbetalning försöks igen",
  "seller.set_max_open_orders": "Fler öppna säljordrar tillåtna",
  "seller.block_after_reversal": "Säljspärr efter återföring",
  "review_source.save": "Omdömeskälla sparad",
  "review_source.remove": "Omdömeskälla borttagen",
};

/** The actions the audit view offers as filters (an area such as `member` matches all of its actions). */
export const AUDIT_ACTION_FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "member", label: "Alla medlemsåtgärder" },
  ...Object.entries(ACTION_LABELS).filter(([action]) => action.startsWith("member.")).map(([value, label]) => ({ value, label })),
  { value: "trade", label: "Alla affärsåtgärder" },
  ...Object.entries(ACTION_LABELS).filter(([action]) => action.startsWith("trade.")).map(([value, label]) => ({ value, label })),
];

/** One short line for an audit row's change. */
export function auditSummary(before: unknown, after: unknown): string {
  const parts: string[] = [];
  const a = (after ?? {}) as Record<string, unknown>;
  const b = (before ?? {}) as Record<string, unknown>;
  if (typeof a.amount === "number") parts.push(formatSigned(a.amount));
  if (typeof a.reason === "string") parts.push(`"${a.reason}"`);
  if (Array.isArray(a.roles)) parts.push(`${Array.isArray(b.roles) && b.roles.length ? b.roles.join(", ") : "inga"} → ${a.roles.length ? a.roles.join(", ") : "inga"}`);
  if (typeof a.sessionsEnded === "number" && a.sessionsEnded > 0) parts.push(sessionsEnded(a.sessionsEnded));
  if ("contactPersonEmail" in a) parts.push(typeof a.contactPersonEmail === "string" ? a.contactPersonEmail : "ingen");
  return parts.join(" · ");
}


export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
