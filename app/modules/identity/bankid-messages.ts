/**
 * What the member reads while a BankID order runs: BankID's recommended Swedish user messages
 * (RFA1–RFA23 of the relying-party guidelines), picked by the order's `hintCode` or the API's
 * `errorCode` and by how the app was started (this device or a QR code on another). Pure, so the
 * dialog and the server answer with the same words.
 */

/** How the member opens the BankID app: the launch link on this device, or the QR code. */
export type BankIdFlow = "this_device" | "qr";

export const BANKID_RFA = {
  RFA1: "Starta BankID-appen.",
  RFA2: "Du har inte BankID-appen installerad. Kontakta din bank.",
  RFA3: "Åtgärden avbruten. Försök igen.",
  RFA4: "En identifiering eller underskrift för det här personnumret är redan påbörjad. Försök igen.",
  RFA5: "Internt tekniskt fel. Försök igen.",
  RFA6: "Åtgärden avbruten.",
  RFA8:
    "BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Om du inte har något giltigt BankID kan du skaffa ett hos din bank. Försök sedan igen.",
  RFA9: "Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.",
  RFA13: "Försöker starta BankID-appen.",
  RFA14A:
    "Söker efter BankID, det kan ta en liten stund… Om det har gått några sekunder och inget BankID har hittats har du sannolikt inget BankID som går att använda för den aktuella identifieringen/underskriften i den här datorn. Om du har ett BankID-kort, sätt in det i kortläsaren. Om du inte har något BankID kan du skaffa ett hos din bank. Om du har ditt BankID på en annan enhet kan du starta din BankID-app där.",
  RFA14B:
    "Söker efter BankID, det kan ta en liten stund… Om det har gått några sekunder och inget BankID har hittats har du sannolikt inget BankID som går att använda för den aktuella identifieringen/underskriften i den här enheten. Om du inte har något BankID kan du skaffa ett hos din bank. Om du har ditt BankID på en annan enhet kan du starta din BankID-app där.",
  RFA16: "Det BankID du försöker använda är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.",
  RFA17A:
    "BankID-appen verkar inte finnas i din dator eller telefon. Installera den och skaffa ett BankID hos din bank. Installera appen från din appbutik eller https://install.bankid.com.",
  RFA17B:
    "Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden. Kontrollera att BankID-appen är uppdaterad. Om du inte har BankID-appen måste du installera den och skaffa ett BankID hos din bank. Installera appen från din appbutik eller https://install.bankid.com.",
  RFA18: "Starta BankID-appen",
  RFA21: "Identifiering eller underskrift pågår.",
  RFA22: "Okänt fel. Försök igen.",
  RFA23: "Fotografera och läs av din ID-handling med BankID-appen.",
} as const;

/**
 * A pending order's message. `outstandingTransaction` and `noClient` mean the app has not
 * picked the order up: "trying to start it" after the launch link, "start it" (and scan) for
 * the QR code. An unknown hint reads as "in progress".
 */
export function pendingMessage(hintCode: string, flow: BankIdFlow): string {
  switch (hintCode) {
    case "outstandingTransaction":
    case "noClient":
      return flow === "this_device" ? BANKID_RFA.RFA13 : BANKID_RFA.RFA1;
    case "started":
      return flow === "this_device" ? BANKID_RFA.RFA14A : BANKID_RFA.RFA14B;
    case "userMrtd":
      return BANKID_RFA.RFA23;
    case "userSign":
      return BANKID_RFA.RFA9;
    default:
      return BANKID_RFA.RFA21;
  }
}

/** A failed order's message; an unknown hint is "unknown error, try again". */
export function failedMessage(hintCode: string, flow: BankIdFlow): string {
  switch (hintCode) {
    case "expiredTransaction":
      return BANKID_RFA.RFA8;
    case "certificateErr":
      return BANKID_RFA.RFA16;
    case "userCancel":
      return BANKID_RFA.RFA6;
    case "cancelled":
      return BANKID_RFA.RFA3;
    case "startFailed":
      return flow === "this_device" ? BANKID_RFA.RFA17A : BANKID_RFA.RFA17B;
    case "userDeclinedCall":
    case "notSupportedByUserApp":
      return BANKID_RFA.RFA3;
    default:
      return BANKID_RFA.RFA22;
  }
}

/**
 * An error answer of `/auth`, `/sign`, `/collect` or `/cancel` (or "transport" when BankID
 * could not be reached). Errors that are ours (invalidParameters, unauthorized …) read as
 * "unknown error": the member can do nothing about them but try again.
 */
export function errorMessage(errorCode: string): string {
  switch (errorCode) {
    case "alreadyInProgress":
      return BANKID_RFA.RFA4;
    case "internalError":
    case "maintenance":
    case "requestTimeout":
    case "transport":
      return BANKID_RFA.RFA5;
    default:
      return BANKID_RFA.RFA22;
  }
}

/** The launch link that opens the BankID app on this device (no redirect back: the page polls). */
export function bankIdLaunchUrl(autoStartToken: string): string {
  return `bankid:///?autostarttoken=${encodeURIComponent(autoStartToken)}&redirect=null`;
}
