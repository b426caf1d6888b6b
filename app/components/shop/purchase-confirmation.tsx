import { useRef } from "react";
import { Link } from "react-router";
import { ShieldAlert, Sparkles } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { useActionForm } from "~/lib/use-action-form";
import type { ShopCardItem } from "./shop-item-card";
import { formatPoints } from "~/lib/format";


/** Price, balance now and after, and what a perk does: what a member confirms before paying. */
function PurchaseSummary({ item, balance }: { item: ShopCardItem; balance: number }) {
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-2 rounded-lg border bg-muted/40 p-3 tabular-nums">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Pris</dt>
          <dd className="font-semibold">{formatPoints(item.pointCost)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Ditt saldo nu</dt>
          <dd>{formatPoints(balance)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t pt-2">
          <dt className="text-muted-foreground">Saldo efter köpet</dt>
          <dd className="font-semibold">{formatPoints(Math.max(0, balance - item.pointCost))}</dd>
        </div>
      </dl>
      {item.effectLabel ? (
        <p className="flex gap-2">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{item.effectLabel} aktiveras direkt när du har köpt.</span>
        </p>
      ) : (
        <p className="flex gap-2">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            Vi behandlar ordern och hör av oss när belöningen är på väg. Du får en orderbekräftelse via e-post.
          </span>
        </p>
      )}
    </div>
  );
}

/** The question a member answers before any point is spent. */
function PurchaseQuestion({ item }: { item: ShopCardItem }) {
  return (
    <p>
      Vill du köpa <strong className="font-semibold text-foreground">{item.name}</strong> för {formatPoints(item.pointCost)}?
    </p>
  );
}

/** What the purchase forms need of the page's form hook (decision 033): one fetcher, one toast per answer. */
export type PurchaseForm = Pick<ReturnType<typeof useActionForm>, "Form" | "onSubmit" | "busy">;

/** The search param of the confirmation step a page without JavaScript shows. */
export const CONFIRM_PARAM = "bekrafta";

/**
 * An item's buy button. Without JavaScript it asks the page for its confirmation step
 * (`?bekrafta={id}`, below); with it, it opens the one confirmation dialog, which names the item
 * and its cost, and confirming submits the item's purchase form (the page's action, `itemId`
 * only, like the step's form).
 */
export function BuyButton({
  item,
  balance,
  trigger,
  purchase,
}: {
  item: ShopCardItem;
  balance: number;
  trigger: React.ReactElement;
  purchase: PurchaseForm;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <>
      <form method="get" action="/point-shop">
        <input type="hidden" name={CONFIRM_PARAM} value={item.id} />
        <ConfirmDialog
          testId="purchase-dialog"
          trigger={trigger}
          title="Bekräfta köp"
          description={<PurchaseQuestion item={item} />}
          confirmLabel={`Köp för ${formatPoints(item.pointCost)}`}
          onConfirm={() => formRef.current?.requestSubmit()}
        >
          <PurchaseSummary item={item} balance={balance} />
        </ConfirmDialog>
      </form>
      <purchase.Form ref={formRef} method="post" action="/point-shop" onSubmit={purchase.onSubmit} hidden>
        <input type="hidden" name="itemId" value={item.id} />
      </purchase.Form>
    </>
  );
}

/**
 * The same confirmation as a step of the page (`?bekrafta={id}`), for a browser without
 * JavaScript: its form posts the purchase to the page's action.
 */
export function PurchaseConfirmPanel({
  item,
  balance,
  purchase,
}: {
  item: ShopCardItem;
  balance: number;
  purchase: PurchaseForm;
}) {
  return (
    <section
      aria-labelledby="bekrafta-kop"
      className="mx-auto mb-10 grid max-w-lg gap-4 rounded-xl border-2 border-primary/50 bg-card p-6 shadow-sm"
      data-testid="purchase-confirm-panel"
    >
      <div className="grid gap-1">
        <h2 id="bekrafta-kop" className="text-lg font-semibold">
          Bekräfta köp
        </h2>
        <div className="text-sm text-muted-foreground">
          <PurchaseQuestion item={item} />
        </div>
      </div>
      <PurchaseSummary item={item} balance={balance} />
      <purchase.Form
        method="post"
        action="/point-shop"
        onSubmit={purchase.onSubmit}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="itemId" value={item.id} />
        <Button asChild variant="outline">
          <Link to="/point-shop" preventScrollReset>
            Avbryt
          </Link>
        </Button>
        <Button type="submit" disabled={purchase.busy}>
          Köp för {formatPoints(item.pointCost)}
        </Button>
      </purchase.Form>
    </section>
  );
}
