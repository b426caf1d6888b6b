/**
 * Deleting one's own account (docs/rules/accounts.md#deleting-the-account, decision 049): the
 * word the member types to confirm, the form's schema and the Swedish answers. Shared by the
 * /profile card and the server action.
 */
import { z } from "~/lib/zod";
import { RETENTION } from "~/modules/legal/legal";

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

/**
 * What a deletion erases and what it keeps, in the words the /profile card and the privacy
 * policy both show (decision 049 lists it per table).
 */
export const ACCOUNT_DELETION_ERASED = [
  "Namn, e-postadress, telefonnummer, trade-länk, Steam-id och profilbild.",
  "Lösenord, inloggning med Steam och Google, tvåstegsverifiering och alla inloggade sessioner.",
  "Din BankID-identitet (då kan samma person skapa ett nytt konto) och dina utbetalningsuppgifter.",
  "Nyhetsbrev, lanseringsnotiser, kontaktmeddelanden och mejl till dig som ännu inte skickats.",
  "Säkerhetshändelser med IP-adresser och webbläsare, och uppgifter om dig i vår ändringslogg.",
  "Din värvningskod, som slutar fungera.",
] as const;

export const ACCOUNT_DELETION_KEPT = [
  "Avräkningsnotor och kvitton för dina betalda affärer, med namnet BankID bekräftade och maskerat personnummer.",
  "Utbetalningarna: belopp, datum, metod, maskerade mottagaruppgifter och referens.",
  "Affärer, poäng- och XP-transaktioner under ett anonymt id, utan namn eller kontaktuppgifter.",
] as const;

/** Why the kept records stay: the bookkeeping law (Bokföringslagen 7 kap. 2 §). */
export const ACCOUNT_DELETION_KEPT_REASON = `Bokföringslagen (7 kap. 2 §) kräver att vi sparar räkenskapsinformation i ${RETENTION.bookkeepingYears} år efter utgången av det kalenderår då affären gjordes. Efter raderingen kan bara våra administratörer läsa dem.`;
