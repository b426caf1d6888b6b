import { Link, type useFetcher } from "react-router";
import { ShieldAlert, Sparkles } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
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

/** The confirmation dialog (with JavaScript): names the item and its cost before any point is spent. */
export function PurchaseDialog({
  item,
  balance,
  onCancel,
  onConfirm,
  returnFocusTo,
}: {
  item: ShopCardItem | null;
  balance: number;
  onCancel: () => void;
  onConfirm: (item: ShopCardItem) => void;
  returnFocusTo: HTMLElement | null;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent
        data-testid="purchase-dialog"
        onCloseAutoFocus={(event) => {
          // The dialog opens without a trigger element: put focus back on the item's button.
          if (returnFocusTo?.isConnected) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
      >
        {item ? (
          <>
            <DialogHeader>
              <DialogTitle>Bekräfta köp</DialogTitle>
              <DialogDescription>
                Vill du köpa <strong className="font-semibold text-foreground">{item.name}</strong> för{" "}
                {formatPoints(item.pointCost)}?
              </DialogDescription>
            </DialogHeader>
            <PurchaseSummary item={item} balance={balance} />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Avbryt
                </Button>
              </DialogClose>
              <Button type="button" onClick={() => onConfirm(item)}>
                Köp för {formatPoints(item.pointCost)}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same confirmation as a step of the page (`?bekrafta={id}`), for a browser without
 * JavaScript: its form posts the purchase to the page's action.
 */
export function PurchaseConfirmPanel({
  item,
  balance,
  fetcher,
}: {
  item: ShopCardItem;
  balance: number;
  fetcher: Pick<ReturnType<typeof useFetcher>, "Form" | "state">;
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
        <p className="text-sm text-muted-foreground">
          Vill du köpa <strong className="font-semibold text-foreground">{item.name}</strong> för{" "}
          {formatPoints(item.pointCost)}?
        </p>
      </div>
      <PurchaseSummary item={item} balance={balance} />
      <fetcher.Form
        method="post"
        action="/point-shop"
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        <input type="hidden" name="itemId" value={item.id} />
        <Button asChild variant="outline">
          <Link to="/point-shop" preventScrollReset>
            Avbryt
          </Link>
        </Button>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Köp för {formatPoints(item.pointCost)}
        </Button>
      </fetcher.Form>
    </section>
  );
}
