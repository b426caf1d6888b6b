import { useRef, useState } from "react";
import { Link } from "react-router";
import { PartyPopper } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { REALTIME } from "~/platform/platform-constants";
import { useSessionUser } from "~/lib/site-config";
import { isAwardFor, pointsAwardText } from "./points-award";
import { useRealtimeEvent } from "./realtime-provider";

/**
 * The congratulation when the member earns points (docs/rules/realtime.md#points-popup), on
 * whatever page is open. Shows the latest award; closing it resets it, and a row already shown
 * never opens it again.
 */
export function PointsPopup() {
  const userId = useSessionUser()?.id ?? null;
  const [award, setAward] = useState<{ rowId: string; amount: number } | null>(null);
  const shown = useRef(new Set<string>());

  useRealtimeEvent("points", (event) => {
    if (!isAwardFor(event, userId, shown.current)) return;
    shown.current.add(event.rowId);
    setAward({ rowId: event.rowId, amount: event.amount });
  });

  return (
    <Dialog open={award !== null} onOpenChange={(open) => !open && setAward(null)}>
      <DialogContent className="sm:max-w-sm" data-testid="points-popup">
        <DialogHeader className="items-center text-center sm:text-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <PartyPopper className="size-7" aria-hidden="true" />
          </div>
          <DialogTitle className="text-2xl">{REALTIME.messages.pointsTitle}</DialogTitle>
          <DialogDescription className="text-base">{award ? pointsAwardText(award.amount) : null}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2 sm:justify-center">
          <Button asChild variant="outline">
            <Link to="/point-shop" onClick={() => setAward(null)}>
              Till poängbutiken
            </Link>
          </Button>
          <Button onClick={() => setAward(null)}>Toppen!</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
