/**
 * /admin/referrals (admin only; docs/rules/admin.md#referrals): every referral relation with
 * the rewards paid and held, milestone progress, a status filter in the URL, the review queue
 * (approve or reject with a reason, behind the one confirmation dialog), top referrers and a
 * CSV export of the same filter.
 */
import { useMemo, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSearchParams, type FetcherWithComponents } from "react-router";
import { Check, Download, Trophy, X } from "~/components/ui/icons";
import type { Route } from "./+types/referrals";
import { handleReferralsAction, loadReferrals } from "~/modules/referrals/referral-admin-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { formatDate, MemberLabel } from "~/components/admin/transactions/trade-display";
import { Pager } from "~/components/ui/pager";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { REFERRAL, REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, type ReferralStatus } from "~/constants";
import { cn } from "~/lib/cn";
import { formatPoints, formatSek } from "~/lib/format";
import { withSearchParams } from "~/lib/search-params";
import { useActionToasts } from "~/components/admin/use-action-toasts";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "referrals");

export async function loader({ request }: Route.LoaderArgs) {
  return loadReferrals(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleReferralsAction(request);
}

export const ErrorBoundary = AdminTabError;

type Row = Route.ComponentProps["loaderData"]["rows"][number];
type Answer = { ok: true; title: string; message: string } | { ok: false; title?: string; message: string };
type Fetcher = FetcherWithComponents<Answer>;

const MILESTONE_ORE = REFERRAL.milestoneTradedSek * 100;

const STATUS_VARIANT: Record<ReferralStatus, "default" | "secondary" | "destructive" | "outline"> = {
  paid: "default",
  capped: "secondary",
  pending_review: "outline",
  rejected: "destructive",
};

function StatusBadge({ status }: { status: ReferralStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{REFERRAL_STATUS_LABELS[status]}</Badge>;
}

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
        <span className="text-emerald-600 dark:text-emerald-400">Bonus betald</span>
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

function columns(fetcher: Fetcher): DataTableColumn<Row>[] {
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
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "rewards", header: "Belöningar", cell: ({ row }) => <Rewards row={row.original} /> },
    { id: "milestone", header: "Milstolpe", cell: ({ row }) => <Milestone row={row.original} /> },
    { id: "review", header: "Granskning", cell: ({ row }) => <ReviewActions row={row.original} fetcher={fetcher} /> },
  ];
}

function ReferralCard({ row, fetcher }: { row: Row; fetcher: Fetcher }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={row.friendId}>
      <div className="flex items-start justify-between gap-3">
        <MemberLabel name={row.friendName} email={row.friendEmail} steamId={null} />
        <StatusBadge status={row.status} />
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

function TopReferrers({ top }: { top: Route.ComponentProps["loaderData"]["top"] }) {
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

export default function AdminReferralsTab({ loaderData }: Route.ComponentProps) {
  const { rows, counts, status, page, hasMore, top } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const fetcher = useFetcher<Answer>({ key: "referral-review" });
  useActionToasts(fetcher.state === "idle" ? fetcher.data : undefined);
  const cols = useMemo(() => columns(fetcher), [fetcher]);
  const total = REFERRAL_STATUSES.reduce((sum, key) => sum + counts[key], 0);
  const exportHref = `/admin/referrals/export.csv${status ? `?status=${status}` : ""}`;
  const filterLink = (value: ReferralStatus | null) => withSearchParams(params, { status: value, page: null });

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-bold">Värvningar</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Vem som värvade vem, vilka belöningar som är betalda och vilka som väntar på granskning. Värvningar där båda kontona
            registrerades från samma adress hålls tills du godkänner eller avslår dem.
          </p>
        </div>
        <a href={exportHref} className={buttonVariants({ variant: "outline" })} download data-testid="referrals-export">
          <Download className="size-4" aria-hidden="true" />
          Exportera CSV
        </a>
      </div>

      <nav aria-label="Filtrera på status" className="flex flex-wrap gap-2" data-testid="referral-filter">
        <Link
          to={filterLink(null)}
          aria-current={status === null ? "page" : undefined}
          className={buttonVariants({ variant: status === null ? "default" : "outline", size: "sm" })}
        >
          Alla ({total})
        </Link>
        {REFERRAL_STATUSES.map((value) => (
          <Link
            key={value}
            to={filterLink(value)}
            aria-current={status === value ? "page" : undefined}
            className={buttonVariants({ variant: status === value ? "default" : "outline", size: "sm" })}
          >
            {REFERRAL_STATUS_LABELS[value]} ({counts[value]})
          </Link>
        ))}
      </nav>

      <div className="grid min-w-0 grid-cols-1 gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="referrals-title" className="grid min-w-0 grid-cols-1 content-start gap-4">
          <h3 id="referrals-title" className="sr-only">
            Alla värvningar
          </h3>
          <DataTable
            testId="referrals"
            caption="Värvningar"
            columns={cols}
            data={rows}
            getRowId={(row) => row.friendId}
            busy={navigation.state === "loading" && navigation.location.pathname === "/admin/referrals"}
            renderCard={(row) => <ReferralCard row={row} fetcher={fetcher} />}
            empty={
              <p className="font-semibold">
                {status ? `Inga värvningar med status ${REFERRAL_STATUS_LABELS[status].toLowerCase()}` : "Inga värvningar ännu"}
              </p>
            }
          />
          <Pager param="page" page={page} hasMore={hasMore} label="Värvningar" />
        </section>
        <TopReferrers top={top} />
      </div>
    </div>
  );
}
