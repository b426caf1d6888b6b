/** A campaign's progress: a bar and sent / failed / unknown / remaining (docs/rules/newsletter.md#what-staff-see). */
import { StatusBadge, statusTable } from "~/components/ui/status-badge";
import { Progress } from "~/components/ui/progress";
import {
  CAMPAIGN_STATUS_LABELS,
  progressPercent,
  type CampaignProgress as Progressed,
  type CampaignStatus,
} from "~/modules/newsletter/campaign-rules";
import { formatNumber } from "~/lib/format";


const CAMPAIGN_STATUS = statusTable<CampaignStatus>(CAMPAIGN_STATUS_LABELS, { draft: "neutral", sending: "info", sent: "success" });

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge {...CAMPAIGN_STATUS[status]} data-testid="campaign-status" />;
}

export function CampaignProgress({ progress, label, compact }: { progress: Progressed; label: string; compact?: boolean }) {
  const percent = progressPercent(progress);
  const parts = [
    ["Skickade", progress.sent, "sent"],
    ["Misslyckade", progress.failed, "failed"],
    ["Okänt utfall", progress.unknown, "unknown"],
    ["Kvar", progress.remaining, "remaining"],
  ] as const;
  return (
    <div className="grid min-w-40 gap-1.5" data-testid="campaign-progress">
      <Progress value={percent} aria-label={label} aria-valuetext={`${percent} % klart`} />
      <dl className={compact ? "flex flex-wrap gap-x-3 text-xs text-muted-foreground" : "grid grid-cols-2 gap-2 text-sm sm:grid-cols-4"}>
        {parts.map(([name, value, key]) => (
          <div key={key} className={compact ? "flex gap-1" : "rounded-lg border p-3"}>
            <dt className={compact ? "" : "text-xs text-muted-foreground"}>{name}</dt>
            <dd className={compact ? "font-medium text-foreground" : "text-lg font-semibold"} data-testid={`progress-${key}`}>
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
