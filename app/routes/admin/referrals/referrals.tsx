/**
 * /admin/referrals (admin only; docs/rules/admin.md#referrals): every referral relation with
 * the rewards paid and held, milestone progress, a status filter in the URL, the review queue
 * (approve or reject with a reason, behind the one confirmation dialog), top referrers and a
 * CSV export of the same filter.
 */
import { useMemo } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Download } from "~/components/ui/icons";
import type { Route } from "./+types/referrals";
import { handleReferralsAction, loadReferrals } from "~/modules/referrals/referral-admin-page.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ReferralCard, referralColumns, TopReferrers, type ReferralAnswer } from "~/components/admin/referrals/referral-list";
import { KeysetPager } from "~/components/ui/pager";
import { buttonVariants } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import {
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from "~/modules/referrals/referrals-constants";
import { withSearchParams } from "~/lib/search-params";
import { useStaffForm } from "~/components/admin/staff-outcome";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "referrals");

export async function loader({ request }: Route.LoaderArgs) {
  return loadReferrals(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleReferralsAction(request);
}

export const ErrorBoundary = AdminTabError;

type Answer = ReferralAnswer;

export default function AdminReferralsTab({ loaderData }: Route.ComponentProps) {
  const { rows, counts, status, links, top } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { fetcher } = useStaffForm<Answer>({ key: "referral-review" });
  const cols = useMemo(() => referralColumns(fetcher), [fetcher]);
  const total = REFERRAL_STATUSES.reduce((sum, key) => sum + counts[key], 0);
  const exportHref = `/admin/referrals/export.csv${status ? `?status=${status}` : ""}`;
  const filterLink = (value: ReferralStatus | null) => withSearchParams(params, { status: value, efter: null, fore: null });

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
          <KeysetPager links={links} noun="värvningar" />
        </section>
        <TopReferrers top={top} />
      </div>
    </div>
  );
}
