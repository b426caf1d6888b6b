/**
 * The realtime events the server publishes (docs/rules/realtime.md). Isomorphic: the server
 * publishes them, the browser's event stream receives them. A member event carries the
 * member's id and only reaches that member's tabs; a public event reaches every tab.
 */
export const REALTIME_CHANNEL = "skinhamnen_events";

export type RealtimeEvent =
  /** A points ledger row was written (positive: earned; negative: spent). */
  | { type: "points"; userId: string; rowId: string; amount: number; balance: number }
  /** The member's XP changed. */
  | { type: "xp"; userId: string; rowId: string; amount: number; xp: number }
  /** Something else the member's pages show changed (a trade, an order, a perk). */
  | { type: "account"; userId: string; what: string }
  /** A session ended (sign-out, revocation): its open streams close. */
  | { type: "session-ended"; userId: string; sessionId: string | null }
  /** Public content changed: open lists of it refresh. */
  | { type: "content"; tag: "blog" | "shop" | "config" };

export type MemberEvent = Extract<RealtimeEvent, { userId: string }>;

export function isMemberEvent(event: RealtimeEvent): event is MemberEvent {
  return "userId" in event;
}
