import { Link } from "react-router";
import { Loader2, Lock, PackageCheck, Sparkles } from "~/components/ui/icons";
import type { LevelDefinition } from "~/modules/loyalty/loyalty-constants";
import type { ShopCategory } from "~/modules/shop/shop-constants";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { levelById } from "~/modules/loyalty/levels";
import type { PerkEffect } from "~/modules/loyalty/perks";
import { effectNote, redeemState } from "~/modules/shop/shop-rules";
import { ItemPicture } from "./category-visual";
import { BuyButton, type PurchaseForm } from "./purchase-confirmation";
import { formatNumber, formatPoints } from "~/lib/format";

/** What the card needs of an item (the loader's ShopItemView, as it arrives in the browser). */
export interface ShopCardItem {
  id: string;
  name: string;
  description: string;
  pointCost: number;
  category: ShopCategory;
  categoryLabel: string;
  imageUrl: string | null;
  stockQuantity: number | null;
  soldOut: boolean;
  minLevel: LevelDefinition["id"] | null;
  effect: PerkEffect | null;
  effectLabel: string | null;
  /** Gated above the viewer's level (always, for a visitor). */
  locked: boolean;
  progressPercent: number;
}

export const SIGN_IN_TO_BUY_HREF = `/auth?redirectTo=${encodeURIComponent("/point-shop")}`;


export function ShopItemCard({
  item,
  signedIn,
  balance,
  memberLevel,
  xpLevel,
  buying,
  purchase,
}: {
  item: ShopCardItem;
  signedIn: boolean;
  balance: number;
  /** The member's effective level (gates) and the level their XP gives (temporary levels). */
  memberLevel: LevelDefinition | null;
  xpLevel: LevelDefinition | null;
  /** This item is the one being bought. */
  buying: boolean;
  /** The page's purchase form hook; while a purchase is on its way every buy button waits. */
  purchase: PurchaseForm;
}) {
  const state = redeemState({
    signedIn,
    points: balance,
    cost: item.pointCost,
    soldOut: item.soldOut,
    memberLevel,
    minLevel: item.minLevel,
    grantsLevel: item.effect?.kind === "temporary_level" ? item.effect.level : null,
    xpLevel,
  });
  const headingId = `belöning-${item.id}`;
  const gate = item.minLevel ? levelById(item.minLevel) : null;
  const locked = item.locked;
  const lowStock = item.stockQuantity !== null && item.stockQuantity > 0 && item.stockQuantity <= 10;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="shop-item"
      data-item-id={item.id}
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="relative">
        <ItemPicture
          category={item.category}
          imageUrl={item.imageUrl}
          className={locked ? "opacity-60 grayscale" : undefined}
        />
        <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
          {item.categoryLabel}
        </Badge>
        {gate ? (
          <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-md bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
            {locked ? <Lock className="size-3" aria-hidden="true" /> : null}
            Endast {gate.name}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 id={headingId} className="text-lg leading-snug font-semibold">
            {item.name}
          </h3>
          <p className="mt-1 text-xl font-black tracking-tight text-primary tabular-nums">{formatPoints(item.pointCost)}</p>
        </div>
        <p className="text-sm text-muted-foreground">{item.description}</p>
        {item.effectLabel ? (
          <p className="flex items-start gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <strong className="font-semibold">{item.effectLabel}.</strong>{" "}
              {item.effect ? effectNote(item.effect) : null}
            </span>
          </p>
        ) : null}
        {item.soldOut ? (
          <p className="text-sm font-medium text-destructive">Slutsåld</p>
        ) : lowStock ? (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <PackageCheck className="size-4 text-muted-foreground" aria-hidden="true" />
            Bara {item.stockQuantity} kvar
          </p>
        ) : null}
        <div className="mt-auto grid gap-3 pt-2">
          {signedIn ? (
            <div className="grid gap-1.5">
              <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
                <span>
                  {formatNumber(Math.min(balance, item.pointCost))} / {formatPoints(item.pointCost)}
                </span>
                <span>{Math.floor(item.progressPercent)} %</span>
              </div>
              <Progress
                value={item.progressPercent}
                aria-label={`Dina poäng mot priset för ${item.name}`}
                aria-valuetext={`${Math.floor(item.progressPercent)} procent`}
              />
            </div>
          ) : null}
          <RedeemControl item={item} state={state} balance={balance} buying={buying} purchase={purchase} />
        </div>
      </div>
    </article>
  );
}

function RedeemControl({
  item,
  state,
  balance,
  buying,
  purchase,
}: {
  item: ShopCardItem;
  state: ReturnType<typeof redeemState>;
  balance: number;
  buying: boolean;
  purchase: PurchaseForm;
}) {
  if (state.kind === "sign-in") {
    return (
      <Button asChild variant="outline" className="w-full">
        <Link to={SIGN_IN_TO_BUY_HREF}>{state.label}</Link>
      </Button>
    );
  }
  if (state.kind !== "buy") {
    return (
      <Button type="button" variant="secondary" disabled className="w-full" data-state-kind={state.kind}>
        {state.kind === "locked" ? <Lock aria-hidden="true" /> : null}
        {state.label}
      </Button>
    );
  }
  return (
    <BuyButton
      item={item}
      balance={balance}
      purchase={purchase}
      trigger={
        <Button type="submit" className="w-full" disabled={purchase.busy}>
          {buying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {buying ? "Köper..." : state.label}
          <span className="sr-only"> {item.name}</span>
        </Button>
      }
    />
  );
}
