import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useAnalytics } from "~/modules/analytics/use-analytics";
import { reportConsentChoice } from "~/modules/analytics/visitor-tracking";
import type { ConsentChoice } from "~/modules/consent/consent";
import { COOKIE_SETTINGS_ID } from "~/modules/consent/consent-constants";
import {
  consentSnapshot,
  saveConsent,
  storedConsentFromSnapshot,
  subscribeToConsent,
  syncAnalyticsFlag,
} from "~/modules/consent/consent-storage";
import { syncStoredReferralCode } from "~/modules/referrals/referral-link";
import { useHydrated } from "~/lib/use-hydrated";
import { NOTICES } from "~/lib/notice";
import { usePreferences } from "~/lib/site-config";
import { showOutcomeToast } from "~/lib/use-action-form";
import { CookieBanner } from "./cookie-banner";
import { CookieSettingsDialog } from "./cookie-settings-dialog";

/**
 * The consent layer every page shares (docs/rules/privacy.md#cookie-consent), mounted once in the
 * root layout: the banner while no choice is saved, the settings (opened by any "Cookie-
 * inställningar" button), and analytics driven by the saved choice. The choice lives in the
 * `cookie-consent` cookie, so the server renders the banner only for a visitor who has not
 * decided, and the forms post without scripts (docs/decisions/042); where React runs they save
 * in the browser and analytics starts without a reload.
 */
export function CookieConsent() {
  const { consent } = usePreferences();
  const snapshot = useSyncExternalStore(subscribeToConsent, consentSnapshot, () => consent);
  const hydrated = useHydrated();
  const stored = useMemo(() => storedConsentFromSnapshot(snapshot), [snapshot]);
  const choice = stored?.choice ?? null;

  // Runs before the analytics effect below, so tracking always reads the saved choice.
  useEffect(() => {
    if (hydrated) syncAnalyticsFlag(choice);
  }, [hydrated, choice]);
  useAnalytics(hydrated ? (choice?.analytics ?? false) : null);
  // Functional storage (the referral code) follows the choice the same way.
  useEffect(() => {
    if (hydrated) syncStoredReferralCode(choice?.functional ?? false);
  }, [hydrated, choice?.functional]);

  const choose = useCallback((next: ConsentChoice) => {
    saveConsent(next);
    reportConsentChoice(next);
    const settings = document.getElementById(COOKIE_SETTINGS_ID);
    if (settings?.matches(":popover-open")) settings.hidePopover();
    showOutcomeToast({ tone: "success", ...NOTICES["consent-saved"] });
  }, []);

  return (
    <>
      {!stored && <CookieBanner onChoose={choose} />}
      <CookieSettingsDialog current={choice} onSave={choose} />
    </>
  );
}
