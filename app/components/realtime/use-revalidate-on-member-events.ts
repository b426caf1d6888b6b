import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useSessionUser } from "~/lib/site-config";
import { useRealtimeEvent } from "./realtime-provider";

type MemberEventType = "points" | "xp" | "account";

/** One change (a completed trade) sends several events at once; they cause one refetch. */
const SETTLE_MS = 250;

/**
 * Refetches the page's data when the signed-in member's own points, XP, trades or orders
 * change (docs/rules/realtime.md): lists and totals the page shows stay true without a reload.
 */
export function useRevalidateOnMemberEvents(types: readonly MemberEventType[], paused = false): void {
  const userId = useSessionUser()?.id ?? null;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (event: { userId: string }) => {
    if (paused || !userId || event.userId !== userId) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void revalidate.current().catch(() => {}), SETTLE_MS);
  };
  useRealtimeEvent("points", (event) => (types.includes("points") ? schedule(event) : undefined));
  useRealtimeEvent("xp", (event) => (types.includes("xp") ? schedule(event) : undefined));
  useRealtimeEvent("account", (event) => (types.includes("account") ? schedule(event) : undefined));
}
