/**
 * The one analytics module (browser side). The analytics tool (GA4) is loaded only after the
 * visitor consented to analytics, with IP anonymisation (docs/rules/privacy.md#analytics); events
 * are sent only with that consent and once the tool has loaded, otherwise they are dropped. Event
 * names: `login`, `sign_up`, `hero_click` (with a `label`) and `page_view`.
 */
import { STORAGE_KEYS } from "~/lib/storage-keys";
import { removeAnalyticsCookies } from "./analytics-cookies";

type Gtag = (...args: unknown[]) => void;

interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [disableFlag: `ga-disable-${string}`]: boolean | undefined;
}

export interface AnalyticsSettings {
  /** GA4 measurement id; null means analytics is not configured and never loads. */
  measurementId: string | null;
  /** Where gtag.js is served from (Google's, or a local fake in tests). */
  scriptOrigin: string;
}

/** What this page has done with the tool so far. */
const state = {
  measurementId: null as string | null,
  script: null as HTMLScriptElement | null,
  loaded: false,
  /** Consent given and not withdrawn since the tool was configured. */
  active: false,
};

function analyticsWindow(): AnalyticsWindow | undefined {
  return typeof window === "undefined" ? undefined : (window as unknown as AnalyticsWindow);
}

function hasAnalyticsConsent(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.analyticsConsentFlag) === "true";
  } catch {
    return false;
  }
}

/**
 * Defines `dataLayer` and `gtag` from our bundle (the CSP allows no inline script). gtag.js
 * reads `arguments` objects from the data layer, hence the classic function form.
 */
function ensureGtag(win: AnalyticsWindow): Gtag {
  const dataLayer = (win.dataLayer ??= []);
  if (typeof win.gtag !== "function") {
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js expects the arguments object
      dataLayer.push(arguments);
    };
  }
  return win.gtag;
}

/** True once the tool has loaded and consent is in force: only then is anything sent. */
function isAnalyticsReady(): boolean {
  return state.active && state.loaded && hasAnalyticsConsent();
}

/**
 * Loads and configures the tool, once per page, if analytics is configured and the visitor
 * consented. Returns whether analytics is now on. Safe to call repeatedly.
 */
export function startAnalytics({ measurementId, scriptOrigin }: AnalyticsSettings): boolean {
  const win = analyticsWindow();
  if (!win || !measurementId || !hasAnalyticsConsent()) return false;
  if (state.active && state.measurementId === measurementId) return true;

  state.measurementId = measurementId;
  state.active = true;
  win[`ga-disable-${measurementId}`] = false;
  const gtag = ensureGtag(win);
  gtag("js", new Date());
  // IP anonymisation on.
  gtag("config", measurementId, { anonymize_ip: true });

  if (!state.script) {
    const script = document.createElement("script");
    script.async = true;
    script.src = `${scriptOrigin.replace(/\/+$/, "")}/gtag/js?id=${encodeURIComponent(measurementId)}`;
    script.dataset.analytics = "gtag";
    script.addEventListener("load", () => {
      state.loaded = true;
    });
    document.head.appendChild(script);
    state.script = script;
  }
  return true;
}

/**
 * Turns analytics off for this page: gtag's own opt-out flag stops it sending, our helpers
 * send nothing more, and the analytics cookies are removed. Used on withdrawal and whenever
 * there is no analytics consent.
 */
export function stopAnalytics(): void {
  const win = analyticsWindow();
  if (!win) return;
  if (state.measurementId) win[`ga-disable-${state.measurementId}`] = true;
  state.active = false;
  removeAnalyticsCookies(document);
}

/** Sends an event if allowed; returns whether it was sent. */
export function trackEvent(name: string, params: Record<string, unknown> = {}): boolean {
  const win = analyticsWindow();
  if (!win || !isAnalyticsReady()) return false;
  ensureGtag(win)("event", name, params);
  return true;
}

/** A page view after client-side navigation (the first page is counted by `config`). */
export function trackPageView(): boolean {
  return trackEvent("page_view", {
    page_location: window.location.href,
    page_path: `${window.location.pathname}${window.location.search}`,
    page_title: document.title,
  });
}

/**
 * One delegated listener for clicks on elements carrying `data-analytics-label` (the home
 * hero's buttons): sends `hero_click` with the label. Returns the unsubscribe function.
 */
export function listenForLabelledClicks(root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const labelled = target.closest<HTMLElement>("[data-analytics-label]");
    const label = labelled?.dataset.analyticsLabel;
    if (label) trackEvent("hero_click", { label });
  };
  root.addEventListener("click", onClick, { capture: true });
  return () => root.removeEventListener("click", onClick, { capture: true });
}
