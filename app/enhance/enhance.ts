/**
 * The one script a content page runs (docs/decisions/042-content-pages-without-framework-javascript.md):
 * no framework, loaded only on pages sent without React Router's scripts, so every event below is
 * sent either by React (hydrated pages) or by this module, never both. It adds what must run in
 * a browser to markup that already works without it:
 * - consent-gated analytics: our visitor statistics and GA only with the saved analytics choice;
 * - the cookie banner's and settings' forms, and the theme menu's, saved without a reload;
 * - the blog view counter, referral-link capture (`?ref=`), the featured images' fallback and
 *   the home hero's count-up;
 * - sign-out's pending state.
 */
import { listenForLabelledClicks, startAnalytics, stopAnalytics } from "~/modules/analytics/analytics";
import { clearVisitorTracking, reportConsentChoice, startVisitorTracking } from "~/modules/analytics/visitor-tracking";
import { recordBlogView, BLOG_VIEW_ATTRIBUTE } from "~/modules/blog/blog-view";
import {
  CONSENT_FORM_CHOICES,
  choiceFromConsentForm,
  consentFromCookieHeader,
  type ConsentChoice,
  type ConsentFormChoice,
} from "~/modules/consent/consent";
import { COOKIE_CATEGORIES } from "~/modules/consent/consent-constants";
import { saveConsent, syncAnalyticsFlag } from "~/modules/consent/consent-storage";
import { captureReferralLink, forgetReferralCode, syncStoredReferralCode } from "~/modules/referrals/referral-link";
import { COUNTER_TOTAL_MS, FINAL_COUNTER_VALUES, countersAt, formatCustomers, formatRating } from "~/modules/marketing/hero-counters";
import { NOTICES, type NoticeKey } from "~/lib/notice";
import { applyTheme, isTheme, readStoredTheme, storeTheme } from "~/lib/theme";
import { ENHANCE_ELEMENT_IDS, FORM_ACTIONS } from "./enhance-ids";

const settings = document.getElementById(ENHANCE_ELEMENT_IDS.script)?.dataset ?? {};
let stopTracking: (() => void) | null = null;

/** Analytics and functional storage follow the saved choice, as the React layer's do. */
function applyConsent(choice: ConsentChoice | null): void {
  syncAnalyticsFlag(choice);
  syncStoredReferralCode(choice?.functional ?? false);
  if (choice?.analytics) {
    if (settings.gaId) startAnalytics({ measurementId: settings.gaId, scriptOrigin: settings.gaOrigin ?? "" });
    stopTracking ??= startVisitorTracking();
  } else {
    stopAnalytics();
    clearVisitorTracking();
    stopTracking?.();
    stopTracking = null;
  }
}

function closePopovers(): void {
  for (const panel of document.querySelectorAll<HTMLElement>("[popover]")) {
    if (panel.matches(":popover-open")) panel.hidePopover();
  }
}

/** The notice the server would have shown after the plain post, from the page's own template. */
function showNotice(key: NoticeKey): void {
  const region = document.getElementById(ENHANCE_ELEMENT_IDS.notice);
  const template = document.getElementById(ENHANCE_ELEMENT_IDS.noticeTemplate);
  if (!region || !(template instanceof HTMLTemplateElement)) return;
  const box = template.content.cloneNode(true) as DocumentFragment;
  const [title, description] = box.querySelectorAll("p");
  if (title) title.textContent = NOTICES[key].title;
  if (description) description.textContent = NOTICES[key].description;
  region.replaceChildren(box);
}

function isFormChoice(value: unknown): value is ConsentFormChoice {
  return typeof value === "string" && (CONSENT_FORM_CHOICES as readonly string[]).includes(value);
}

function submitterValue(event: SubmitEvent): string | undefined {
  return event.submitter instanceof HTMLButtonElement ? event.submitter.value : undefined;
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const action = form.getAttribute("action");
  if (action === FORM_ACTIONS.consent) {
    const button = submitterValue(event);
    if (!isFormChoice(button)) return;
    event.preventDefault();
    const fields = new FormData(form);
    const choice = choiceFromConsentForm(button, (category) => fields.get(category) === "on");
    saveConsent(choice);
    reportConsentChoice(choice);
    applyConsent(choice);
    document.getElementById(ENHANCE_ELEMENT_IDS.banner)?.remove();
    for (const input of document.querySelectorAll<HTMLInputElement>("input[data-category]")) {
      const category = COOKIE_CATEGORIES.find((name) => name === input.dataset.category);
      if (category) input.checked = choice[category];
    }
    closePopovers();
    showNotice("consent-saved");
  } else if (action === FORM_ACTIONS.theme) {
    const theme = submitterValue(event);
    if (!isTheme(theme)) return;
    event.preventDefault();
    storeTheme(theme);
    for (const button of form.querySelectorAll("button[name=theme]")) {
      button.setAttribute("aria-pressed", String(button.getAttribute("value") === theme));
    }
    closePopovers();
  } else if (action === FORM_ACTIONS.signOut) {
    // The post goes ahead; the button says it is under way.
    const button = event.submitter;
    if (button instanceof HTMLButtonElement) {
      button.setAttribute("aria-busy", "true");
      queueMicrotask(() => (button.disabled = true));
    }
  }
});

// "System" follows the operating system while the page is open.
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  if (readStoredTheme() === "system") applyTheme("system");
});

applyConsent(consentFromCookieHeader(document.cookie));
listenForLabelledClicks(document);

/**
 * The home hero's counters (docs/rules/site.md#hero-counters), as HeroCounters does where React
 * runs: the server's final values, restarted from the beginning and counted up, or left still
 * under reduced motion.
 */
function countUp(box: HTMLElement): void {
  const customers = box.querySelector<HTMLElement>('[data-counter="customers"]');
  const rating = box.querySelector<HTMLElement>('[data-counter="rating"]');
  if (!customers || !rating) return;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let startedAt: number | null = null;
  const tick = (now: number) => {
    if (reduced) {
      box.dataset.counterState = "reduced";
      return;
    }
    startedAt ??= now;
    const elapsed = now - startedAt;
    const values = elapsed >= COUNTER_TOTAL_MS ? FINAL_COUNTER_VALUES : countersAt(elapsed);
    customers.textContent = formatCustomers(values.customers);
    rating.textContent = formatRating(values.rating);
    box.dataset.counterState = elapsed >= COUNTER_TOTAL_MS ? "done" : "animating";
    if (elapsed < COUNTER_TOTAL_MS) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
const counters = document.querySelector<HTMLElement>("[data-counter-state]");
if (counters) countUp(counters);

/** A featured image that failed shows its category image instead, as BlogImage does where React runs (docs/rules/blog.md#images). */
function showFallbackImage(image: HTMLImageElement): void {
  const fallback = image.dataset.fallbackSrc;
  if (!fallback) return;
  delete image.dataset.fallbackSrc;
  image.removeAttribute("srcset");
  image.src = fallback;
  image.dataset.fallback = "true";
}
document.addEventListener(
  "error",
  (event) => {
    if (event.target instanceof HTMLImageElement) showFallbackImage(event.target);
  },
  true,
);
// One that failed before this module ran fired its error event too early.
for (const image of document.querySelectorAll<HTMLImageElement>("img[data-fallback-src]")) {
  if (image.complete && image.naturalWidth === 0 && image.src) showFallbackImage(image);
}

const slug = document.querySelector(`[${BLOG_VIEW_ATTRIBUTE}]`)?.getAttribute(BLOG_VIEW_ATTRIBUTE);
if (slug) recordBlogView(slug);

const signedIn = settings.member === "true";
if (signedIn) forgetReferralCode();
const search = captureReferralLink(window.location.search, document.referrer, signedIn);
if (search !== null) {
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}${window.location.hash}`);
}
