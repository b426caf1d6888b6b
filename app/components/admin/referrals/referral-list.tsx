/**
 * The referrals list of the staff panel (/admin/referrals): each relation with its rewards,
 * milestone progress and, while held for review, approve and reject behind the confirmation
 * dialog; as a table row or a card, and the top referrers beside it.
 */
import { useState } from "react";
import { Form, Link, type FetcherWithComponents } from "react-router";
import { Check, Trophy, X } from "~/components/ui/icons";
import { MemberLabel } from "~/components/admin/transactions/trade-display";
import { formatDate, formatPoints, formatSek } from "~/lib/format";
import { REFERRAL_STATUS } from "~/components/referrals/referral-status";
import { StatusBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { DataTableColumn } from "~/components/ui/data-table";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { REFERRAL } from "~/modules/referrals/referrals-constants";
import { cn } from "~/lib/cn";
import type { ReferralPage, TopReferrer } from "~/modules/referrals/referral-admin.server";

/** A relation as the page gets it (dates as ISO strings). */
type Row = Omit<ReferralPage["rows"][number], "createdAt"> & { createdAt: string };
export type ReferralAnswer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };
type Fetcher = FetcherWithComponents<ReferralAnswer>;

const MILESTONE_ORE = REFERRAL.milestoneTradedSek * 100;

function Referrer({ row }: { row: Row }) {
  if (row.influencerName) {
    return (
      <span className="grid min-w-0">
        <span className="truncate font-medium">{row.influencerName}</span>
        <span className="text-xs text-muted-foreground">Influencer</span>
      </span>
    );
  }
  if (!row.referrerId) return <span className="text-muted-foreground">Borttagen</span>;
  return <MemberLabel name={row.referrerName} email={row.referrerEmail} steamId={null} />;
}

function Rewards({ row }: { row: Row }) {
  const item = (label: string, paid: boolean) => (
    <li className={cn("flex items-center gap-1 whitespace-nowrap", paid ? "" : "text-muted-foreground")}>
      {paid ? <Check className="size-3.5 text-emerald-600" aria-hidden="true" /> : <X className="size-3.5" aria-hidden="true" />}
      {label}
      <span className="sr-only">{paid ? " betald" : " inte betald"}</span>
    </li>
  );
  return (
    <ul className="grid gap-0.5 text-xs">
      {item(`Vän ${formatPoints(REFERRAL.friendReward)}`, row.friendPaid)}
      {row.influencerName ? null : item(`Värvare ${formatPoints(REFERRAL.referrerReward)}`, row.referrerPaid)}
    </ul>
  );
}

function Milestone({ row }: { row: Row }) {
  if (row.influencerName) return <span className="text-xs text-muted-foreground">–</span>;
  const percent = Math.min(100, Math.floor((row.tradedOre / MILESTONE_ORE) * 100));
  return (
    <div className="grid min-w-32 gap-1 text-xs">
      <span>
        {formatSek(row.tradedOre)} av {formatSek(MILESTONE_ORE)}
      </span>
      <Progress value={percent} aria-label={`Milstolpe ${percent} procent`} />
      {row.milestoneClawedBack ? (
        <span className="text-destructive">Återtagen</span>
      ) : row.milestonePaid ? (
        <span className="text-success-text">Bonus betald</span>
      ) : null}
    </div>
  );
}

function ReviewActions({ row, fetcher }: { row: Row; fetcher: Fetcher }) {
  const [reason, setReason] = useState("");
  const busy = fetcher.state !== "idle";
  if (row.status !== "pending_review") {
    return row.reviewReason ? <span className="text-xs text-muted-foreground">{row.reviewReason}</span> : null;
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" className="contents">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="friendId" value={row.friendId} />
        <ConfirmDialog
          testId="confirm-approve"
          trigger={
            <Button type="submit" size="sm" disabled={busy} data-testid="referral-approve">
              <Check className="size-4" aria-hidden="true" />
              Godkänn<span className="sr-only"> värvningen av {row.friendName}</span>
            </Button>
          }
          title="Godkänna värvningen?"
          description={
            <p>
              {row.friendName} och värvaren får {formatPoints(REFERRAL.friendReward)} var. Utbetalningen görs en gång och kan inte
              ångras här.
            </p>
          }
          confirmLabel="Godkänn och betala"
          onConfirm={() => fetcher.submit({ intent: "approve", friendId: row.friendId }, { method: "post" })}
        />
      </Form>
      <Form method="post" className="contents">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="friendId" value={row.friendId} />
        <ConfirmDialog
          testId="confirm-reject"
          tone="destructive"
          trigger={
            <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="referral-reject">
              <X className="size-4" aria-hidden="true" />
              Avslå<span className="sr-only"> värvningen av {row.friendName}</span>
            </Button>
          }
          title="Avslå värvningen?"
          description={<p>Inga poäng betalas ut för värvningen av {row.friendName}. Ange varför.</p>}
          confirmLabel="Avslå"
          onConfirm={() => fetcher.submit({ intent: "reject", friendId: row.friendId, reason }, { method: "post" })}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`reason-${row.friendId}`}>Anledning</Label>
            <Textarea
              id={`reason-${row.friendId}`}
              name="reason"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-testid="reject-reason"
            />
          </div>
        </ConfirmDialog>
      </Form>
    </div>
  );
}

export function referralColumns(fetcher: Fetcher): DataTableColumn<Row>[] {
  return [
    {
      id: "date",
      header: "Datum",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDate(row.original.createdAt)}</time>,
    },
    {
      id: "friend",
      header: "Värvad medlem",
      meta: { className: "max-w-48" },
      cell: ({ row }) => <MemberLabel name={row.original.friendName} email={row.original.friendEmail} steamId={null} />,
    },
    { id: "referrer", header: "Värvad av", meta: { className: "max-w-48" }, cell: ({ row }) => <Referrer row={row.original} /> },
    { id: "code", header: "Kod", cell: ({ row }) => <code className="text-xs">{row.original.code}</code> },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge {...REFERRAL_STATUS[row.original.status]} /> },
    { id: "rewards", header: "Belöningar", cell: ({ row }) => <Rewards row={row.original} /> },
    { id: "milestone", header: "Milstolpe", cell: ({ row }) => <Milestone row={row.original} /> },
    { id: "review", header: "Granskning", cell: ({ row }) => <ReviewActions row={row.original} fetcher={fetcher} /> },
  ];
}

export function ReferralCard({ row, fetcher }: { row: Row; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.friendId}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={row.friendName} email={row.friendEmail} steamId={null} />
        <StatusBadge {...REFERRAL_STATUS[row.status]} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">Värvad av</span>
          <Referrer row={row} />
        </div>
        <div className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">Kod och datum</span>
          <code className="text-xs">{row.code}</code>
          <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
        </div>
        <Rewards row={row} />
        <Milestone row={row} />
      </div>
      <ReviewActions row={row} fetcher={fetcher} />
    </article>
  );
}

export function TopReferrers({ top }: { top: TopReferrer[] }) {
  return (
    <section aria-labelledby="top-referrers" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h3 id="top-referrers" className="flex items-center gap-2 font-semibold">
        <Trophy className="size-4 text-primary" aria-hidden="true" />
        Topp-värvare
      </h3>
      {top.length === 0 ? (
        <p className="text-sm text-muted-foreground">Ingen har värvat någon ännu.</p>
      ) : (
        <ol className="grid gap-2 text-sm" data-testid="top-referrers">
          {top.map((referrer, index) => (
            <li key={referrer.userId} className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2">
                <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">{index + 1}.</span>
                <Link to={`/admin/users/${referrer.userId}`} className="truncate hover:underline">
                  {referrer.name}
                </Link>
                {referrer.code ? <code className="hidden text-xs text-muted-foreground sm:inline">{referrer.code}</code> : null}
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {referrer.friends} {referrer.friends === 1 ? "vän" : "vänner"}
                <span className="block text-xs text-muted-foreground">{formatPoints(referrer.pointsEarned)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
