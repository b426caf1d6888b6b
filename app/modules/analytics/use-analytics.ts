import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { usePublicConfig } from "~/lib/site-config";
import { listenForLabelledClicks, startAnalytics, stopAnalytics, trackPageView } from "./analytics";
import { clearVisitorTracking, startVisitorTracking, trackVisitorPageView } from "./visitor-tracking";

/**
 * Wires analytics to the page: loads the tool when `allowed` becomes true, switches it off and
 * removes its cookies when it is false, runs our own visitor statistics only while it is true
 * (docs/rules/privacy.md#visitor-tracking), counts client-side navigations, and listens for
 * clicks on `data-analytics-label` elements. `allowed` is null until the saved choice is known
 * (the server cannot read it), and then nothing happens at all.
 */
export function useAnalytics(allowed: boolean | null): void {
  const { gaMeasurementId, gaScriptOrigin } = usePublicConfig();

  useEffect(() => {
    if (allowed === null) return;
    if (allowed && gaMeasurementId) startAnalytics({ measurementId: gaMeasurementId, scriptOrigin: gaScriptOrigin });
    else stopAnalytics();
  }, [allowed, gaMeasurementId, gaScriptOrigin]);

  const location = useLocation();
  // The path the visitor statistics counted last; the load report counts the first one.
  const trackedPath = useRef<string | null>(null);
  useEffect(() => {
    if (allowed === null) return;
    if (!allowed) {
      clearVisitorTracking();
      return;
    }
    trackedPath.current = window.location.pathname;
    const stop = startVisitorTracking();
    return () => {
      trackedPath.current = null;
      stop();
    };
  }, [allowed]);

  const page = `${location.pathname}${location.search}`;
  const lastPage = useRef(page);
  useEffect(() => {
    if (trackedPath.current !== null && trackedPath.current !== location.pathname) {
      trackedPath.current = location.pathname;
      trackVisitorPageView(location.pathname);
    }
    // The first page is counted by the tool's own `config` call.
    if (lastPage.current === page) return;
    lastPage.current = page;
    trackPageView();
  }, [page, location.pathname]);

  useEffect(() => listenForLabelledClicks(document), []);
}
