/**
 * The realtime events the server publishes (docs/rules/realtime.md). Isomorphic: the server
 * publishes them, the browser's event stream receives them. A member event carries the
 * member's id and only reaches that member's tabs; a public event reaches every tab.
 */
import { z } from "zod";

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

const CONTENT_TAGS = ["blog", "shop", "config"] as const;

// A payload crosses a process boundary (NOTIFY) and the network (SSE), so it is checked on
// arrival rather than trusted. Bounded strings: NOTIFY payloads are at most 8000 bytes anyway.
const id = z.string().min(1).max(200);
const int = z.number().int().safe();
const eventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("points"), userId: id, rowId: id, amount: int, balance: int }),
  z.object({ type: z.literal("xp"), userId: id, rowId: id, amount: int, xp: int }),
  z.object({ type: z.literal("account"), userId: id, what: z.string().max(200) }),
  z.object({ type: z.literal("session-ended"), userId: id, sessionId: id.nullable() }),
  z.object({ type: z.literal("content"), tag: z.enum(CONTENT_TAGS) }),
]);

// The schema and the published type must describe the same events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<z.infer<typeof eventSchema>, RealtimeEvent> = true;
void schemaMatchesType;

export const REALTIME_EVENT_TYPES = eventSchema.options.map((option) => option.shape.type.value);

/** An event from a NOTIFY payload or an SSE `data:` line, or null when it is not a valid one. */
export function parseRealtimeEvent(payload: string): RealtimeEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  const result = eventSchema.safeParse(raw);
  return result.success ? result.data : null;
}
