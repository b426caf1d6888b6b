import { useRef } from "react";
import { useNavigate } from "react-router";
import { showOutcomeToast } from "~/lib/use-action-form";
import { useSessionUser } from "~/lib/site-config";
import { useRealtimeEvent } from "./realtime-provider";

const PREFIX = "price-alert:";

/**
 * The live note when one of the member's price alerts reaches its target
 * (docs/rules/selling.md#price-alerts), on whatever page is open; the mail says the same.
 */
export function PriceAlertNotice() {
  const userId = useSessionUser()?.id ?? null;
  const navigate = useNavigate();
  const shown = useRef(new Set<string>());
  useRealtimeEvent("account", (event) => {
    if (event.userId !== userId || !event.what.startsWith(PREFIX) || shown.current.has(event.what)) return;
    shown.current.add(event.what);
    showOutcomeToast({
      tone: "success",
      title: "Din prisbevakning har nått sitt mål",
      description: "Vi har mejlat dig. Hämta en offert medan priset gäller.",
      action: { label: "Visa", onClick: () => void navigate("/prisbevakningar") },
    });
  });
  return null;
}
