/**
 * Reads `?ref=CODE` on any page (docs/rules/loyalty.md#influencer-links): the code is
 * upper-cased and kept for sign-up, the visit is reported (the server looks the influencer up
 * and records one click per visitor per code per day), then the parameter leaves the address
 * bar. A code nobody holds is never an error for the visitor: the answer is ignored.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSessionUser } from "~/lib/site-config";
import { normaliseReferralCode } from "~/modules/referrals/referral-link";
import {
  forgetReferralCode,
  REFERRAL_PARAM,
  referralVisitPayload,
  rememberReferralCode,
  withoutReferralParam,
} from "~/modules/referrals/referral-link";

const REFERRAL_VISIT_PATH = "/api/referral-visit";

export function ReferralLinkCapture() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = Boolean(useSessionUser());

  useEffect(() => {
    // A member is past sign-up: a stored code has nothing left to do.
    if (signedIn) forgetReferralCode();
  }, [signedIn]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(REFERRAL_PARAM)) return;
    const raw = (params.get(REFERRAL_PARAM) ?? "").trim().toUpperCase();
    const code = normaliseReferralCode(raw);
    if (code && !signedIn) rememberReferralCode(code);
    if (raw) {
      void fetch(REFERRAL_VISIT_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(referralVisitPayload(raw, location.search, document.referrer)),
      }).catch(() => {
        // Reporting a visit never disturbs it.
      });
    }
    void navigate(
      { pathname: location.pathname, search: withoutReferralParam(location.search), hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [location, navigate, signedIn]);

  return null;
}
