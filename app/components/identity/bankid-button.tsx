/**
 * A button that opens the BankID dialog for one purpose and, once the server has done its part
 * (a session for a sign-in, a step-up for this session), loads `redirectTo` in full so every
 * loader reads the new state. Shown only where BankID is configured (elsewhere every start would
 * answer 503). Used by "Logga in med BankID" on /auth and "Bekräfta med BankID" on
 * /profile/bekrafta (decisions 044 and 046).
 */
import { useState } from "react";
import { BankIdDialog } from "~/components/identity/bankid-dialog";
import { Button } from "~/components/ui/button";
import { ShieldCheck } from "~/components/ui/icons";
import { usePublicConfig } from "~/lib/site-config";
import type { BankIdOrderPurpose } from "~/modules/identity/identity-constants";

export function BankIdButton({
  purpose,
  title,
  completeMessage,
  redirectTo,
}: {
  purpose: Exclude<BankIdOrderPurpose, "verify">;
  title: string;
  completeMessage: string;
  redirectTo: string;
}) {
  const [open, setOpen] = useState(false);
  if (!usePublicConfig().bankIdEnabled) return null;
  return (
    <>
      <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
        <ShieldCheck className="size-4" aria-hidden="true" />
        {title}
      </Button>
      <BankIdDialog
        purpose={purpose}
        title={title}
        open={open}
        onOpenChange={setOpen}
        completeMessage={completeMessage}
        onComplete={() => window.location.assign(redirectTo)}
      />
    </>
  );
}
