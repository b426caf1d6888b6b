/**
 * Deleting one's own account (docs/rules/accounts.md#deleting-the-account, decision 049): the
 * word the member types to confirm, the form's schema and the Swedish answers. Shared by the
 * /profile card and the server action.
 */
import { z } from "~/lib/zod";

/** What the member types in the confirmation dialog. */
export const DELETE_CONFIRMATION_WORD = "RADERA";

export const ACCOUNT_DELETION_MESSAGES = {
  confirmationMissing: `Skriv ${DELETE_CONFIRMATION_WORD} för att bekräfta att kontot ska raderas.`,
  openOrders: (count: number) =>
    `Du har ${count === 1 ? "en pågående säljorder" : `${count} pågående säljordrar`}. Vänta tills ${count === 1 ? "den är betald" : "de är betalda"} eller avbryt ${count === 1 ? "den" : "dem"} under Mina affärer innan du raderar kontot.`,
  staff: "Ett personalkonto kan inte raderas här. Be en administratör att först ta bort dina behörigheter.",
  recentSignIn:
    "Logga in med Steam eller Google igen (högst 10 minuter innan) för att radera kontot. Ditt konto har inget lösenord att bekräfta med.",
  alreadyDeleted: "Kontot är redan raderat.",
  deleted: "Ditt konto är raderat",
} as const;

/** The confirmation word, case and surrounding spaces forgiven; anything else is refused. */
export const accountDeletionSchema = z.object({
  confirmation: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : ""),
    z.literal(DELETE_CONFIRMATION_WORD, { error: ACCOUNT_DELETION_MESSAGES.confirmationMissing }),
  ),
});

/** Where the member lands, signed out, once the account is gone. */
export const ACCOUNT_DELETED_PATH = "/konto-raderat";
