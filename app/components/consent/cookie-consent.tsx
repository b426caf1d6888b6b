import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { CONSENT_EVENTS } from "~/modules/consent/consent-constants";
import { useAnalytics } from "~/modules/analytics/use-analytics";
import { reportConsentChoice } from "~/modules/analytics/visitor-tracking";
import { ACCEPT_ALL, ONLY_NECESSARY, type ConsentChoice } from "~/modules/consent/consent";
import {
  consentSnapshot,
  saveConsent,
  storedConsentFromSnapshot,
  subscribeToConsent,
  syncAnalyticsFlag,
} from "~/modules/consent/consent-storage";
import { syncStoredReferralCode } from "~/modules/referrals/referral-link";
import { CookieBanner } from "./cookie-banner";
import { lazyComponent } from "~/lib/lazy-component";
import { showOutcomeToast } from "~/lib/use-action-form";

const CookieSettingsDialog = lazyComponent(() => import("./cookie-settings-dialog").then((module) => module.CookieSettingsDialog));

/** The server cannot read local storage: it renders nothing, and the browser decides after hydration. */
function serverSnapshot(): null {
  return null;
}

/**
 * The consent layer every page shares (docs/rules/privacy.md#cookie-consent), mounted once in the
 * root layout: the banner while no choice is saved, the settings dialog (also opened by the
 * `cookie-settings:open` event, e.g. from the footer), and analytics driven by the saved choice.
 */
export function CookieConsent() {
  const snapshot = useSyncExternalStore(subscribeToConsent, consentSnapshot, serverSnapshot);
  const hydrated = snapshot !== null;
  const stored = useMemo(() => (snapshot === null ? null : storedConsentFromSnapshot(snapshot)), [snapshot]);
  const choice = stored?.choice ?? null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The dialog's code loads the first time it opens, and it stays mounted from then on.
  const [settingsWanted, setSettingsWanted] = useState(false);
  // The dialog has no trigger element of its own (banner, footer and events open it), so it
  // remembers where focus was and returns it there on close, if that element still exists.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const openSettings = useCallback(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSettingsWanted(true);
    setSettingsOpen(true);
  }, []);
  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }, []);

  // Runs before the analytics effect below, so tracking always reads the saved choice.
  useEffect(() => {
    if (hydrated) syncAnalyticsFlag(choice);
  }, [hydrated, choice]);
  useAnalytics(hydrated ? (choice?.analytics ?? false) : null);
  // Functional storage (the referral code) follows the choice the same way.
  useEffect(() => {
    if (hydrated) syncStoredReferralCode(choice?.functional ?? false);
  }, [hydrated, choice?.functional]);

  useEffect(() => {
    window.addEventListener(CONSENT_EVENTS.openSettings, openSettings);
    return () => window.removeEventListener(CONSENT_EVENTS.openSettings, openSettings);
  }, [openSettings]);

  const choose = useCallback((next: ConsentChoice) => {
    saveConsent(next);
    reportConsentChoice(next);
  }, []);

  const saveFromDialog = useCallback((next: ConsentChoice) => {
    saveConsent(next);
    reportConsentChoice(next);
    setSettingsOpen(false);
    showOutcomeToast({
      tone: "success",
      title: "Dina cookie-val är sparade",
      description: "Du kan ändra dem när som helst via Cookie-inställningar längst ned på sidan.",
    });
  }, []);

  return (
    <>
      {hydrated && !stored && (
        <CookieBanner
          onAcceptAll={() => choose(ACCEPT_ALL)}
          onOnlyNecessary={() => choose(ONLY_NECESSARY)}
          onCustomise={openSettings}
        />
      )}
      {settingsWanted ? (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            current={choice}
            onSave={saveFromDialog}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
