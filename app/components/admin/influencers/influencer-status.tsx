import { Badge } from "~/components/ui/badge";

const LABELS = { active: "Aktiv", inactive: "Inaktiv" } as const;

export function InfluencerStatusBadge({ status }: { status: "active" | "inactive" }) {
  return (
    <Badge variant={status === "active" ? "success" : "secondary"} data-testid="influencer-status">
      {LABELS[status]}
    </Badge>
  );
}
