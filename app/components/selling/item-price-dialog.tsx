/**
 * An inventory item's price explained, in a dialog (docs/rules/selling.md#price-history): the
 * reference price with its source and date, our rate and price, and the 90-day history, fetched
 * when the dialog opens. A button outside the item's checkbox label, so keyboard users reach it.
 */
import { useState } from "react";
import { useFetcher } from "react-router";
import { PriceExplanation, type PriceExplanationFacts } from "~/components/selling/price-explanation";
import { PriceHistory } from "~/components/selling/price-history";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Loader2 } from "~/components/ui/icons";
import type { PriceHistoryPoint } from "~/modules/selling/price-list.server";

export function ItemPriceDialog({ name, marketHashName, item }: { name: string; marketHashName: string; item: PriceExplanationFacts }) {
  const history = useFetcher<{ points: PriceHistoryPoint[] }>();
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next && history.state === "idle" && !history.data) history.load(`/salja/prishistorik?namn=${encodeURIComponent(marketHashName)}`);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="h-auto justify-start px-0 text-xs">
          Pris och historik<span className="sr-only"> för {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>Så räknas vårt pris, och referenspriset de senaste 90 dagarna.</DialogDescription>
        </DialogHeader>
        {item.referencePriceOre === null ? <p className="text-sm text-muted-foreground">Föremålet finns inte i vår prislista.</p> : <PriceExplanation item={item} />}
        {history.data ? (
          <PriceHistory name={name} points={history.data.points} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Hämtar prishistorik…
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
