/** A post's status as staff see it (docs/rules/blog.md#status): a published post with a future time is "Schemalagd" with its time. */
import { formatDate, formatTime } from "~/lib/format";
import { StatusBadge, statusTable } from "~/components/ui/status-badge";
import { POST_STATE_LABELS, type PostState } from "~/modules/seo/seo-checks";

/** A post's state on the Blog and SEO tabs. */
export const POST_STATUS = statusTable<PostState>(POST_STATE_LABELS, {
  draft: "neutral",
  scheduled: "info",
  published: "success",
  archived: "muted",
});

export function PostStatusBadge({ status, scheduled, publishedAt }: { status: string; scheduled: boolean; publishedAt: string | null }) {
  if (scheduled && publishedAt) {
    return (
      <span className="grid justify-items-start gap-0.5" data-testid="post-status">
        <StatusBadge {...POST_STATUS.scheduled} />
        <time dateTime={publishedAt} className="text-xs text-muted-foreground">
          {formatDate(publishedAt)} {formatTime(publishedAt)}
        </time>
      </span>
    );
  }
  const look = POST_STATUS[status as PostState] ?? { label: status, tone: "neutral" };
  return <StatusBadge {...look} data-testid="post-status" />;
}
