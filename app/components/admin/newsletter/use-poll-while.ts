import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Reloads the page's data every `intervalMs` while `active` (a campaign is being sent), only
 * while the tab is visible and no reload is under way.
 */
export function usePollWhile(active: boolean, intervalMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}
