/**
 * The Point Shop's head panel: a signed-in member's balance and level, or the way to sign in
 * or create an account.
 */
import { Link } from "react-router";
import { HERO_OUTLINE_BUTTON } from "~/components/content/page-hero";
import { LevelBadge } from "~/components/loyalty/level-badge";
import { SIGN_IN_TO_BUY_HREF } from "~/components/shop/shop-item-card";
import { Button } from "~/components/ui/button";
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import { formatPoints } from "~/lib/format";


export function ShopBalancePanel({ signedIn, balance, memberLevel }: { signedIn: boolean; balance: number; memberLevel: LevelDefinition | null }) {
  return signedIn ? (
    <div className="inline-flex flex-wrap items-center gap-x-8 gap-y-3 rounded-xl bg-white/10 px-5 py-4 ring-1 ring-white/20">
      <div>
        <p className="text-sm text-white/75">Ditt saldo</p>
        <p
          className="text-3xl font-black tracking-tight tabular-nums"
          data-testid="shop-balance"
          aria-live="polite"
        >
          {formatPoints(balance)}
        </p>
      </div>
      {memberLevel ? (
        <div>
          <p className="text-sm text-white/75">Din nivå</p>
          <LevelBadge level={memberLevel} className="mt-1" />
        </div>
      ) : null}
    </div>
  ) : (
    <div className="grid gap-4">
      <p className="text-white/80">Logga in för att se ditt saldo och lösa in belöningar.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to={SIGN_IN_TO_BUY_HREF}>Logga in</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className={HERO_OUTLINE_BUTTON}>
          <Link to="/auth?mode=signup">Skapa konto</Link>
        </Button>
      </div>
    </div>
  );
}
