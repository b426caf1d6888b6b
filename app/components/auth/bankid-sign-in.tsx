/**
 * "Logga in med BankID" on /auth (decision 044): the same BankID dialog as verifying on /profile,
 * for the sign-in purpose. The server sets the session when BankID names a verified member; the
 * page then loads where a sign-in lands. A person no account is verified with reads the server's
 * message in the dialog.
 */
import { useState } from "react";
import { BankIdDialog } from "~/components/identity/bankid-dialog";
import { Button } from "~/components/ui/button";
import { ShieldCheck } from "~/components/ui/icons";
import { usePublicConfig } from "~/lib/site-config";

const TITLE = "Logga in med BankID";

export function BankIdSignIn({ redirectTo }: { redirectTo: string }) {
  const [open, setOpen] = useState(false);
  // Shown only where BankID is configured (elsewhere every start would answer 503).
  if (!usePublicConfig().bankIdEnabled) return null;
  return (
    <>
      <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
        <ShieldCheck className="size-4" aria-hidden="true" />
        {TITLE}
      </Button>
      <BankIdDialog
        purpose="signin"
        title={TITLE}
        open={open}
        onOpenChange={setOpen}
        completeMessage="Du är inloggad. Vi skickar dig vidare …"
        // A full load, so every loader (the header's too) reads the new session.
        onComplete={() => window.location.assign(redirectTo)}
      />
    </>
  );
}
