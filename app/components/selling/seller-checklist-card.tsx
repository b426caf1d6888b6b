/** "Sälja skins" on /profile (docs/rules/selling.md#seller-requirements): ready, or what is missing and how to fix it. */
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { AlertTriangle, CircleCheck, ExternalLink, HelpCircle, Hourglass } from "~/components/ui/icons";
import type { Requirement, SellerChecklist } from "~/modules/selling/seller-requirements";

const STATE_TEXT: Record<Requirement["state"], string> = {
  met: "Klart",
  missing: "Saknas",
  waiting: "Väntar",
  unknown: "Kunde inte kontrolleras",
};

function StateIcon({ state }: { state: Requirement["state"] }) {
  const className = "mt-0.5 size-5 shrink-0";
  if (state === "met") return <CircleCheck className={`${className} text-green-600`} aria-hidden="true" />;
  if (state === "waiting") return <Hourglass className={`${className} text-primary`} aria-hidden="true" />;
  if (state === "unknown") return <HelpCircle className={`${className} text-muted-foreground`} aria-hidden="true" />;
  return <AlertTriangle className={`${className} text-destructive`} aria-hidden="true" />;
}

export function SellerChecklistCard({ checklist, notice }: { checklist: SellerChecklist; notice?: { ok: boolean; message: string } | null }) {
  return (
    <Card id="salja" role="region" aria-labelledby="salja-rubrik" className="scroll-mt-24" data-testid="seller-checklist">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="salja-rubrik" className="flex flex-wrap items-center gap-2">
            Sälja skins
            {checklist.ready ? <Badge>Redo att sälja</Badge> : <Badge variant="secondary">Något saknas</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>
          {checklist.ready
            ? "Allt är klart: du uppfyller kraven för att sälja skins till oss."
            : "Innan du kan sälja skins till oss behöver allt nedan vara klart."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice ? (
          <FormAlert tone={notice.ok ? "success" : "error"}>
            <span data-testid="steam-link-notice">{notice.message}</span>
          </FormAlert>
        ) : null}
        {checklist.ready ? (
          <Link to="/salja" className="inline-block justify-self-start rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90">
            Välj skins att sälja
          </Link>
        ) : null}
        <ul className="grid gap-3">
          {checklist.requirements.map((requirement) => (
            <li key={requirement.id} className="flex items-start gap-3 rounded-lg border p-4" data-requirement={requirement.id} data-state={requirement.state}>
              <StateIcon state={requirement.state} />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {requirement.title} <span className="sr-only">– {STATE_TEXT[requirement.state]}</span>
                </p>
                {requirement.explanation ? <p className="mt-1 text-sm text-muted-foreground">{requirement.explanation}</p> : null}
                {requirement.fix ? (
                  requirement.fix.document ? (
                    // Answered by a redirect to Steam: a document navigation, not a client-side one.
                    <a href={requirement.fix.href} className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                      {requirement.fix.label}
                    </a>
                  ) : requirement.fix.external ? (
                    <a
                      href={requirement.fix.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {requirement.fix.label}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(öppnas i ny flik)</span>
                    </a>
                  ) : (
                    <Link to={requirement.fix.href} className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                      {requirement.fix.label}
                    </Link>
                  )
                ) : null}
              </div>
              <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline" aria-hidden="true">
                {STATE_TEXT[requirement.state]}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <Link to="/mina-affarer" className="font-medium text-primary underline-offset-4 hover:underline" data-testid="my-sell-orders-link">
            Mina affärer: dina säljordrar och utbetalningar
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
