/** A referral's status as members and staff see it (docs/rules/loyalty.md#referrals). */
import { statusTable } from "~/components/ui/status-badge";
import { REFERRAL_STATUS_LABELS, type ReferralStatus } from "~/modules/referrals/referrals-constants";

export const REFERRAL_STATUS = statusTable<ReferralStatus>(REFERRAL_STATUS_LABELS, {
  paid: "info",
  capped: "muted",
  pending_review: "neutral",
  rejected: "danger",
});
