/**
 * /profile: this month's giveaways the member's level takes part in, and the ones they won
 * (docs/rules/admin.md#giveaways). Hidden when there are none.
 */
import { PartyPopper, Ticket } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { MemberGiveaway } from "~/modules/loyalty/giveaways.server";

export function GiveawaysCard({ giveaways }: { giveaways: readonly MemberGiveaway[] }) {
  if (giveaways.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="giveaways-rubrik" data-testid="profile-giveaways">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="giveaways-rubrik" className="flex items-center gap-2">
            <Ticket className="size-5 text-primary" aria-hidden="true" />
            Månadens giveaways
          </h2>
        </CardTitle>
        <CardDescription>Du är med automatiskt tack vare din nivå. Vinnaren lottas och får ett mejl.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2">
          {giveaways.map((giveaway) => (
            <li key={giveaway.id} className="grid gap-1 rounded-lg border p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-medium">{giveaway.title}</p>
                {giveaway.won ? (
                  <Badge variant="success">
                    <PartyPopper className="size-3.5" aria-hidden="true" />
                    Du vann!
                  </Badge>
                ) : giveaway.drawn ? (
                  <Badge variant="secondary">Dragen</Badge>
                ) : (
                  <Badge variant="outline">Du är med</Badge>
                )}
              </div>
              <p className="text-sm">Vinst: {giveaway.prize}</p>
              <p className="text-xs text-muted-foreground">För {giveaway.levels}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
