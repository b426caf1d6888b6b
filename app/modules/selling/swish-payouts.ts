/**
 * Swish payouts (Swish Utbetalning), the parts shared by our adapter and the local fake: the
 * instruction's shape, its idempotency key, the payload signature and the documented error codes
 * with our Swedish messages (docs/decisions/051-swish-payouts.md).
 *
 * The API takes `{ payload, callbackUrl, signature }` on `POST /api/v1/payouts/`; `signature` is
 * Base64 of the payload's exact JSON text hashed with SHA-512 and signed with the private key of
 * the signing certificate whose serial number the payload names. Statuses: CREATED, DEBITED,
 * PAID, ERROR.
 */
import { createHash, sign, verify, type KeyLike } from "node:crypto";

export const SWISH_PAYOUT_STATUSES = ["CREATED", "DEBITED", "PAID", "ERROR"] as const;
export type SwishPayoutStatus = (typeof SWISH_PAYOUT_STATUSES)[number];

export interface SwishPayoutPayload {
  payoutInstructionUUID: string;
  payerPaymentReference: string;
  payerAlias: string;
  payeeAlias: string;
  payeeSSN: string;
  amount: string;
  currency: "SEK";
  payoutType: "PAYOUT";
  message: string;
  instructionDate: string;
  signingCertificateSerialNumber: string;
}

/**
 * The instruction id of a sell order's payout attempt: 32 upper-case hex characters (the form
 * Swish documents), derived from the order and the attempt number. Every send of one attempt
 * carries the same id, so Swish's idempotency keeps a re-send from paying twice; a new attempt
 * after a refused one (staff's "Försök igen") gets a new id, which Swish would otherwise refuse.
 */
export function swishPayoutInstructionUuid(orderId: string, attempt: number): string {
  return createHash("sha256").update(`skinhamnen:sell-order:${orderId}:${attempt}`).digest("hex").slice(0, 32).toUpperCase();
}

/** Öre as Swish's amount text: "1234.50". */
export function swishAmount(amountOre: number): string {
  if (!Number.isSafeInteger(amountOre) || amountOre <= 0) throw new Error("a payout amount must be a positive whole number of öre");
  return `${Math.floor(amountOre / 100)}.${String(amountOre % 100).padStart(2, "0")}`;
}

/** The payload's exact text: what is hashed, signed and sent. */
export function payloadText(payload: SwishPayoutPayload): string {
  return JSON.stringify(payload);
}

/** Base64 of the payload text's SHA-512 hash signed with the signing certificate's private key. */
export function signSwishPayload(text: string, privateKey: KeyLike): string {
  return sign("sha512", Buffer.from(text, "utf8"), privateKey).toString("base64");
}

/** Whether `signature` is the signing certificate's signature over exactly `text`. */
export function verifySwishPayloadSignature(text: string, signature: string, certificate: KeyLike): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify("sha512", Buffer.from(text, "utf8"), certificate, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

export interface SwishPayoutErrorMessage {
  /** For staff in the payout queue (what happened and what to do). */
  staff: string;
  /** For the member, plain and without internal detail. */
  member: string;
}

const CHECK_DETAILS = "Kontrollera dina utbetalningsuppgifter och kontakta oss om det inte löser sig.";
const WE_RETRY = "Utbetalningen kunde inte göras just nu. Vi försöker igen och hör av oss om något behövs från dig.";

/** Every error code the Swish payouts API documents, with our messages. */
export const SWISH_PAYOUT_ERRORS: Readonly<Record<string, SwishPayoutErrorMessage>> = {
  FF08: { staff: "Ogiltig betalningsreferens (payerPaymentReference).", member: WE_RETRY },
  RP01: { staff: "Vårt Swish-nummer (payerAlias) saknas i instruktionen.", member: WE_RETRY },
  RP02: { staff: "Meddelandet har fel format eller innehåller otillåtna tecken.", member: WE_RETRY },
  RP03: { staff: "Callback-adressen saknas eller är inte HTTPS.", member: WE_RETRY },
  RP06: { staff: "Det finns redan en utbetalning med samma instruktions-id.", member: WE_RETRY },
  PA01: { staff: "En parameter i instruktionen är fel.", member: WE_RETRY },
  PA02: { staff: "Beloppet saknas eller är inte ett giltigt belopp.", member: WE_RETRY },
  AM02: { staff: "Beloppet är för stort.", member: WE_RETRY },
  AM03: { staff: "Valutan saknas eller är inte SEK.", member: WE_RETRY },
  AM04: { staff: "Otillräckligt saldo på vårt utbetalningskonto. Fyll på kontot och försök igen.", member: WE_RETRY },
  AM06: { staff: "Beloppet är lägre än avtalets minimibelopp.", member: WE_RETRY },
  AM21: { staff: "Beloppet överskrider Swish gränser för mottagaren.", member: "Beloppet är större än vad din Swish tar emot. Välj ett annat utbetalningssätt eller kontakta oss." },
  BE18: { staff: "Mottagarens mobilnummer är ogiltigt.", member: `Mobilnumret för Swish är ogiltigt. ${CHECK_DETAILS}` },
  RF07: { staff: "Swish avslog utbetalningen.", member: WE_RETRY },
  ACMT01: { staff: "Mottagaren kan inte ta emot Swish-utbetalningar (ej aktiverad hos banken).", member: `Din Swish kan inte ta emot utbetalningar. ${CHECK_DETAILS}` },
  ACMT03: { staff: "Vårt Swish-nummer är inte anslutet till Swish Utbetalning.", member: WE_RETRY },
  ACMT07: { staff: "Mottagarens nummer är inte anslutet till Swish.", member: `Mobilnumret är inte anslutet till Swish. ${CHECK_DETAILS}` },
  VR01: { staff: "Mottagarens personnummer matchar inte mobilnumrets Swish-konto.", member: `Mobilnumret tillhör inte ditt BankID-verifierade personnummer. ${CHECK_DETAILS}` },
  VR02: { staff: "Mottagaren uppfyller inte Swish krav (t.ex. ålder) för utbetalningen.", member: `Din Swish kan inte ta emot den här utbetalningen. ${CHECK_DETAILS}` },
  DS0A: { staff: "Swish kunde inte nå mottagarens bank. Försök igen senare.", member: WE_RETRY },
  TM01: { staff: "Swish fick inget svar i tid. Läs av status innan ett nytt försök.", member: WE_RETRY },
  BANKIDCL: { staff: "Betalaren avbröt signeringen.", member: WE_RETRY },
  MSISDN: { staff: "Mottagarens mobilnummer är inte ett giltigt svenskt mobilnummer.", member: `Mobilnumret för Swish är ogiltigt. ${CHECK_DETAILS}` },
};

const UNKNOWN: SwishPayoutErrorMessage = {
  staff: "Okänt fel från Swish. Läs av status och kontakta Swish om felet består.",
  member: WE_RETRY,
};

/** Our messages for a Swish error code; an undocumented code gets a general message (the code is kept for staff). */
export function swishPayoutErrorMessage(code: string | null | undefined): SwishPayoutErrorMessage & { code: string | null } {
  const known = code && Object.hasOwn(SWISH_PAYOUT_ERRORS, code) ? SWISH_PAYOUT_ERRORS[code] : undefined;
  if (known) return { ...known, code: code! };
  return { staff: code ? `${UNKNOWN.staff} (felkod ${code})` : UNKNOWN.staff, member: UNKNOWN.member, code: code ?? null };
}
