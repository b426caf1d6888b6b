import { Link } from "react-router";
import { ArrowRight, CalendarClock, Coins, Gift, Sparkles, TrendingDown, TrendingUp } from "~/components/ui/icons";
import { MAX_LEVEL_TEXT, POINTS_VALUE, type LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { cn } from "~/lib/cn";
import { formatMediumDate, formatNumber, formatSek } from "~/lib/format";
import type { LevelProgress } from "~/modules/loyalty/levels";
import type { MemberLoyalty } from "~/modules/loyalty/member-loyalty-page.server";

/**
 * XP and the way to the next level (docs/rules/loyalty.md#profile): the XP value changes live and is highlighted for
 * a moment; the bar and "XP kvar" follow it. At Platinum the bar is full: 'Max nivå uppnådd!'.
 */
export function LevelProgressPanel({
  xp,
  highlighted,
  progress,
}: {
  xp: number;
  highlighted: boolean;
  progress: LevelProgress;
}) {
  const { level, next } = progress;
  return (
    <div className="grid gap-3" data-testid="level-progress">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
        <div>
          <p className="text-sm text-muted-foreground">Din XP</p>
          <p
            data-testid="profile-xp"
            data-highlighted={highlighted ? "true" : "false"}
            className={cn(
              "-mx-1.5 rounded-md px-1.5 text-3xl font-black tracking-tight tabular-nums transition-colors duration-300",
              highlighted && "bg-primary/20 text-primary",
            )}
          >
            {formatNumber(xp)} XP
          </p>
        </div>
        <p className="text-sm font-medium" data-testid="level-next">
          {progress.maxReached ? MAX_LEVEL_TEXT : progress.label}
        </p>
      </div>
      <Progress
        value={progress.progressPercent}
        aria-label={next ? `Framsteg mot ${next.name}` : "Högsta nivån är nådd"}
        aria-valuetext={`${progress.progressPercent} procent`}
        className="h-3"
        indicatorClassName="rounded-full"
      />
      <div className="flex justify-between gap-4 text-xs text-muted-foreground tabular-nums">
        <span>
          {level.name} · från {formatNumber(level.minXP)} XP
        </span>
        <span>{next ? `${next.name} · ${formatNumber(next.minXP)} XP` : `${progress.progressPercent} %`}</span>
      </div>
    </div>
  );
}

/** The points balance (live), roughly what it is worth, and the way to the shop. */
export function PointsCard({
  points,
  highlighted,
  multiplier,
}: {
  points: number;
  highlighted: boolean;
  multiplier: number;
}) {
  const worth = Math.floor((points * POINTS_VALUE.sek) / POINTS_VALUE.points);
  return (
    <Card role="region" aria-labelledby="poang-rubrik" className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="poang-rubrik" className="flex items-center gap-2">
            <Coins className="size-5 text-primary" aria-hidden="true" />
            Dina poäng
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p
            data-testid="profile-points"
            data-highlighted={highlighted ? "true" : "false"}
            className={cn(
              "-mx-1.5 w-fit rounded-md px-1.5 text-3xl font-black tracking-tight tabular-nums transition-colors duration-300",
              highlighted && "bg-primary/20 text-primary",
            )}
          >
            {formatNumber(points)} poäng
          </p>
          <p className="mt-1 text-sm text-muted-foreground">Värt ungefär {formatNumber(worth)} kr i belöningar.</p>
          {multiplier > 1 ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm font-medium">
              <Sparkles className="size-4 text-primary" aria-hidden="true" />
              {multiplier === 2 ? "Dubbla poäng" : `${multiplier}× poäng`} på affärer just nu
            </p>
          ) : null}
        </div>
        <Button asChild className="w-full">
          <Link to="/point-shop">
            Till Point Shop
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Total sold and bought (completed trades' base totals, in SEK) and the latest activity. */
export function StatisticsCard({ statistics }: { statistics: MemberLoyalty["statistics"] }) {
  const rows = [
    {
      Icon: TrendingUp,
      label: "Sålt för totalt",
      value: formatSek(statistics.totalSoldOre),
      note: `${formatNumber(statistics.completedSales)} ${statistics.completedSales === 1 ? "försäljning" : "försäljningar"}`,
    },
    {
      Icon: TrendingDown,
      label: "Köpt för totalt",
      value: formatSek(statistics.totalBoughtOre),
      note: `${formatNumber(statistics.completedPurchases)} köp`,
    },
    {
      Icon: CalendarClock,
      label: "Senaste aktivitet",
      value: statistics.lastActivityAt ? formatMediumDate(statistics.lastActivityAt) : "Ingen ännu",
      note: null,
    },
  ];
  return (
    <Card role="region" aria-labelledby="statistik-rubrik" className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="statistik-rubrik">Statistik</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {rows.map(({ Icon, label, value, note }) => (
            <div key={label} className="min-w-0">
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </dt>
              <dd className="mt-0.5 pl-6 font-semibold tabular-nums">
                {value}
                {note ? <span className="ml-2 text-xs font-normal text-muted-foreground">{note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function perkTiming(perk: MemberLoyalty["perks"][number]): string {
  if (!perk.expiresAt) return "Används på din nästa försäljning";
  const ends = formatMediumDate(perk.expiresAt);
  if (!perk.active) return `Startar ${formatMediumDate(perk.startsAt)}, gäller till ${ends}`;
  return `Gäller till ${ends}`;
}

/** Running and queued perks from the point shop, each with its expiry. */
export function PerksCard({
  perks,
  effectiveLevel,
  xpLevel,
}: {
  perks: MemberLoyalty["perks"];
  effectiveLevel: LevelDefinition;
  xpLevel: LevelDefinition;
}) {
  return (
    <Card role="region" aria-labelledby="formaner-rubrik" className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="formaner-rubrik" className="flex items-center gap-2">
            <Gift className="size-5 text-primary" aria-hidden="true" />
            Aktiva förmåner
          </h2>
        </CardTitle>
        {effectiveLevel.id !== xpLevel.id ? (
          <CardDescription>Du räknas just nu som {effectiveLevel.name} på nya affärer.</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {perks.length === 0 ? (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              Du har inga förmåner just nu. Dubbla poäng, extra på nästa försäljning och tillfälliga VIP-nivåer finns i
              Point Shop.
            </p>
            <Link to="/point-shop" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Se förmånerna i Point Shop
            </Link>
          </div>
        ) : (
          <ul className="grid gap-3" data-testid="profile-perks">
            {perks.map((perk) => (
              <li key={perk.id} className="flex items-start gap-3 rounded-lg border p-3">
                <Sparkles
                  className={cn("mt-0.5 size-4 shrink-0", perk.active ? "text-primary" : "text-muted-foreground")}
                  aria-hidden="true"
                />
                <div className="min-w-0">
                  <p className="font-medium">{perk.label}</p>
                  <p className="text-sm text-muted-foreground">{perkTiming(perk)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
