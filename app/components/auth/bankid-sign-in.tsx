/**
 * "Logga in med BankID" on /auth (decision 044): the same BankID dialog as verifying on /profile,
 * for the sign-in purpose. The server sets the session when BankID names a verified member; the
 * page then loads where a sign-in lands. A person no account is verified with reads the server's
 * message in the dialog.
 */
import { BankIdButton } from "~/components/identity/bankid-button";

export function BankIdSignIn({ redirectTo }: { redirectTo: string }) {
  return <BankIdButton purpose="signin" title="Logga in med BankID" completeMessage="Du är inloggad. Vi skickar dig vidare …" redirectTo={redirectTo} />;
}
