/**
 * "Verifiera med BankID" on /profile (decision 044): the verified name, masked personnummer and
 * time; otherwise the button that opens the BankID dialog (bankid-dialog.tsx, shared with
 * sign-in).
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ShieldCheck } from "~/components/ui/icons";
import { formatLongDateTime } from "~/lib/format";
import { IDENTITY_MESSAGES } from "~/modules/identity/identity-constants";
import { BankIdDialog } from "./bankid-dialog";

export interface VerifiedIdentity {
  name: string;
  maskedPersonnummer: string;
  verifiedAt: string;
}

export function BankIdCard({ identity }: { identity: VerifiedIdentity | null }) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();

  return (
    <Card id="bankid" role="region" aria-labelledby="bankid-rubrik" className="scroll-mt-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="bankid-rubrik" className="flex items-center gap-2">
            <ShieldCheck className="size-5" aria-hidden="true" />
            {IDENTITY_MESSAGES.title}
          </h2>
        </CardTitle>
        <CardDescription>
          För att sälja till oss behöver du vara verifierad med BankID och ha fyllt 18 år. En person kan ha ett säljkonto.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {identity ? (
          <dl className="grid gap-1 text-sm" data-testid="bankid-identity">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Namn:</dt>
              <dd className="font-medium">{identity.name}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Personnummer:</dt>
              <dd className="font-medium tabular-nums">{identity.maskedPersonnummer}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Verifierad:</dt>
              <dd>{formatLongDateTime(identity.verifiedAt)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm">Du är inte verifierad ännu.</p>
        )}
        <div>
          <Button type="button" variant={identity ? "outline" : "default"} onClick={() => setOpen(true)}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            {identity ? "Verifiera igen med BankID" : IDENTITY_MESSAGES.title}
          </Button>
        </div>
      </CardContent>

      <BankIdDialog
        purpose="verify"
        title={IDENTITY_MESSAGES.title}
        open={open}
        onOpenChange={setOpen}
        onComplete={() => void revalidator.revalidate()}
      />
    </Card>
  );
}
