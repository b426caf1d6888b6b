/**
 * The realtime events the server publishes (docs/rules/realtime.md). Isomorphic: the server
 * publishes them, the browser's event stream receives them. A member event carries the
 * member's id and only reaches that member's tabs; a public event reaches every tab.
 * Checking a payload needs zod and lives in ./event-schema, which the browser loads only when
 * its event stream opens (docs/decisions/023-request-work-and-front-end-weight.md).
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

/** What public content changed: a tag the anonymous HTML cache drops its pages by. */
export type ContentTag = Extract<RealtimeEvent, { type: "content" }>["tag"];

export type MemberEvent = Extract<RealtimeEvent, { userId: string }>;
export type RealtimeEventType = RealtimeEvent["type"];

export function isMemberEvent(event: RealtimeEvent): event is MemberEvent {
  return "userId" in event;
}

export const CONTENT_TAGS = ["blog", "shop", "config"] as const;

/** Every event type, in the order the stream's listeners are added. */
export const REALTIME_EVENT_TYPES = ["points", "xp", "account", "session-ended", "content"] as const satisfies readonly RealtimeEventType[];
