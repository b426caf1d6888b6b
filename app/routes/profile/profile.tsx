import { useState } from "react";
import { Link, useActionData, useSearchParams } from "react-router";
import { ArrowLeft } from "~/components/ui/icons";
import type { Route } from "./+types/profile";
import { handleProfileAction, loadProfilePage } from "~/modules/accounts/profile-page.server";
import { EDIT_PARAM, ProfileDetailsSection } from "~/components/accounts/profile-details";
import { ProfileHero } from "~/components/accounts/profile-hero";
import { NewsletterCard, SessionsCard } from "~/components/accounts/profile-settings";
import { SecurityCard } from "~/components/accounts/security-card";
import { DataExportCard } from "~/components/accounts/data-export-card";
import { DeleteAccountCard } from "~/components/accounts/delete-account-card";
import { LoyaltyHistory } from "~/components/loyalty/loyalty-history";
import { GiveawaysCard } from "~/components/loyalty/giveaways-card";
import { ReferralSection } from "~/components/referrals/referral-section";
import { PayoutDetailsCard } from "~/components/selling/payout-details-card";
import { SellerChecklistCard } from "~/components/selling/seller-checklist-card";
import { BankIdCard } from "~/components/identity/bankid-card";
import { PerksCard, PointsCard, StatisticsCard } from "~/components/loyalty/loyalty-overview";
import { useLivePoints, useLiveXp } from "~/components/realtime/use-live-number";
import { useRevalidateOnMemberEvents } from "~/components/realtime/use-revalidate-on-member-events";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { levelById, levelProgress } from "~/modules/loyalty/levels";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Min profil",
    description: "Din VIP-nivå, dina poäng och din historik, kontouppgifter, nyhetsbrev och inloggade enheter hos Skinhamnen.",
    path: "/profile",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  return loadProfilePage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handleProfileAction(request);
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, newsletter, sessions, completing, loyalty, view, contactPerson, giveaways, referral, payoutDetails, passwordSet, selling, identity } =
    loaderData;
  // Without JavaScript the edit form is a step of the page (`?redigera=1`), closed again once saved.
  const [searchParams] = useSearchParams();
  const posted = useActionData<typeof action>() as { ok?: boolean; intent?: string } | undefined;
  const saved = posted?.ok === true && posted.intent === "profile";
  const [editing, setEditing] = useState(!saved && (completing || searchParams.get(EDIT_PARAM) === "1"));
  // Live: XP highlights for a second on a change (docs/rules/loyalty.md#profile); level and bar follow it.
  const { xp, highlighted: xpHighlighted } = useLiveXp(loyalty.xp);
  const { points, highlighted: pointsHighlighted } = useLivePoints(loyalty.points);
  const progress = levelProgress(xp);
  // Histories, statistics and perks follow the member's trades and orders without a reload.
  useRevalidateOnMemberEvents(["points", "xp", "account"]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-6">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Tillbaka till startsidan
        </Link>
      </Button>

      <ProfileHero
        profile={profile}
        contactPerson={contactPerson}
        xp={xp}
        xpHighlighted={xpHighlighted}
        progress={progress}
        editing={editing}
        onEdit={() => setEditing(true)}
      />

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <PointsCard points={points} highlighted={pointsHighlighted} multiplier={loyalty.pointsMultiplier} />
        <StatisticsCard statistics={loyalty.statistics} />
        <PerksCard
          perks={loyalty.perks}
          effectiveLevel={levelById(loyalty.effectiveLevelId)}
          xpLevel={progress.level}
        />
      </div>

      <div className="mt-8 grid gap-8">
        {referral ? <ReferralSection referral={referral} /> : null}
        <GiveawaysCard giveaways={giveaways} />
        <LoyaltyHistory loyalty={loyalty} view={view} />
        <ProfileDetailsSection profile={profile} completing={completing} editing={editing} onClose={() => setEditing(false)} />
        <BankIdCard identity={identity} />
        <SellerChecklistCard checklist={selling} notice={loaderData.steamLink} />
        <PayoutDetailsCard summary={payoutDetails} passwordSet={passwordSet} />
        <NewsletterCard settings={newsletter} hasPhone={Boolean(profile.phoneNumber)} />
        <SecurityCard passwordSet={passwordSet} twoFactorEnabled={loaderData.twoFactorEnabled} />
        <SessionsCard sessions={sessions} />
        <DataExportCard latest={loaderData.dataExport} />
        <DeleteAccountCard />
      </div>
    </div>
  );
}
