import { ACTIVE_STATUS, StatusBadge } from "~/components/ui/status-badge";

export function InfluencerStatusBadge({ status }: { status: "active" | "inactive" }) {
  return <StatusBadge {...ACTIVE_STATUS[status]} data-testid="influencer-status" />;
}
