/** A post's status as staff see it (docs/rules/blog.md#status): a published post with a future time is "Schemalagd" with its time. */
import { formatDate, formatTime } from "~/lib/format";
import { Badge } from "~/components/ui/badge";

const LABELS: Record<string, { text: string; variant: "outline" | "success" | "secondary" }> = {
  draft: { text: "Utkast", variant: "outline" },
  published: { text: "Publicerad", variant: "success" },
  archived: { text: "Arkiverad", variant: "secondary" },
};

export function PostStatusBadge({ status, scheduled, publishedAt }: { status: string; scheduled: boolean; publishedAt: string | null }) {
  if (scheduled && publishedAt) {
    return (
      <span className="grid justify-items-start gap-0.5" data-testid="post-status">
        <Badge variant="outline">Schemalagd</Badge>
        <time dateTime={publishedAt} className="text-xs text-muted-foreground">
          {formatDate(publishedAt)} {formatTime(publishedAt)}
        </time>
      </span>
    );
  }
  const label = LABELS[status] ?? { text: status, variant: "outline" as const };
  return (
    <Badge variant={label.variant} data-testid="post-status">
      {label.text}
    </Badge>
  );
}
