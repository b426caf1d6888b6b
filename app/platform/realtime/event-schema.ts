/**
 * Checks a realtime event's payload (docs/rules/realtime.md): a payload crosses a process
 * boundary (NOTIFY) and the network (SSE), so it is checked on arrival rather than trusted.
 */
import { z } from "~/lib/zod";
import { CONTENT_TAGS, type REALTIME_EVENT_TYPES, type RealtimeEvent, type RealtimeEventType } from "./events";

// Bounded strings: NOTIFY payloads are at most 8000 bytes anyway.
const id = z.string().min(1).max(200);
const int = z.number().int().safe();
const eventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("points"), userId: id, rowId: id, amount: int, balance: int }),
  z.object({ type: z.literal("xp"), userId: id, rowId: id, amount: int, xp: int }),
  z.object({ type: z.literal("account"), userId: id, what: z.string().max(200) }),
  z.object({ type: z.literal("session-ended"), userId: id, sessionId: id.nullable() }),
  z.object({ type: z.literal("content"), tag: z.enum(CONTENT_TAGS) }),
]);

// The schema, the published type and the list of types must describe the same events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: Same<z.infer<typeof eventSchema>, RealtimeEvent> = true;
const typesListed: Same<(typeof REALTIME_EVENT_TYPES)[number], RealtimeEventType> = true;
void schemaMatchesType;
void typesListed;

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
