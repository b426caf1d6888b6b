/**
 * Reads `?ref=CODE` on any page (docs/rules/loyalty.md#influencer-links): the code is
 * upper-cased and kept for sign-up, the visit is reported (the server looks the influencer up
 * and records one click per visitor per code per day), then the parameter leaves the address
 * bar. A code nobody holds is never an error for the visitor: the answer is ignored.
 */
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSessionUser } from "~/lib/site-config";
import { captureReferralLink, forgetReferralCode } from "~/modules/referrals/referral-link";

export function ReferralLinkCapture() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = Boolean(useSessionUser());

  useEffect(() => {
    // A member is past sign-up: a stored code has nothing left to do.
    if (signedIn) forgetReferralCode();
  }, [signedIn]);

  useEffect(() => {
    const search = captureReferralLink(location.search, document.referrer, signedIn);
    if (search === null) return;
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [location, navigate, signedIn]);

  return null;
}
