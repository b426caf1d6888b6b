/**
 * Payout details (docs/rules/selling.md#payout-details): Swish (Swedish mobile number and
 * personnummer of an adult), a Swedish bank account or IBAN, or a crypto address. Every rule,
 * its Swedish message and the masked form shown afterwards live here, pure, so the profile form
 * and the server action refuse the same input with the same words.
 */
import { z } from "~/lib/zod";
import {
  PAYOUT_DETAILS_RULES,
  PAYOUT_LABELS,
  PAYOUT_METHODS,
  type PayoutMethod,
} from "~/modules/selling/selling-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";
import { stockholmDay } from "~/lib/stockholm-time";
import { CRYPTO_NETWORK_LABELS, CRYPTO_NETWORKS, isValidCryptoAddress, type CryptoNetwork } from "./crypto-addresses";
import { clearingRangeOf, type BankAccountKind } from "./swedish-banks";
import { hasTurned, luhnValid, maskPersonnummer as maskIdentityNumber, parsePersonnummer } from "~/modules/identity/personnummer";
import { formatPhoneNumber } from "~/modules/accounts/contact-details";

export { PAYOUT_LABELS, PAYOUT_METHODS, type PayoutMethod };
export { luhnValid };


const PAYOUT_MIN_AGE = PAYOUT_DETAILS_RULES.minimumAge;

export const PAYOUT_MESSAGES = {
  method: "Välj hur du vill få betalt.",
  swishPhone: "Ange ett svenskt mobilnummer för Swish, t.ex. 070-123 45 67.",
  personnummerFormat: "Ange personnumret som ÅÅMMDD-XXXX eller ÅÅÅÅMMDDXXXX.",
  personnummerInvalid: "Personnumret är inte giltigt. Kontrollera datum och kontrollsiffra.",
  underAge: `Du måste ha fyllt ${PAYOUT_MIN_AGE} år för att få utbetalningar.`,
  bankFormat: "Välj kontonummer eller IBAN.",
  clearingFormat: "Ange clearingnumret med 4 siffror (Swedbank 8xxx-x: 5 siffror).",
  clearingUnknown: "Vi känner inte igen clearingnumret. Kontrollera det eller ange ditt IBAN i stället.",
  clearingCheckDigit: "Clearingnumrets femte siffra stämmer inte. Kontrollera clearingnumret.",
  accountFormat: "Ange kontonumret med siffror.",
  accountInvalid: (bank: string) => `Kontonumret stämmer inte för ${bank}. Kontrollera siffrorna.`,
  iban: "Ange ett giltigt IBAN, t.ex. SE45 5000 0000 0583 9825 7466.",
  network: "Välj nätverk.",
  address: (network: CryptoNetwork) => `Adressen är inte en giltig adress för ${CRYPTO_NETWORK_LABELS[network]}.`,
  passwordRequired: "Ange ditt lösenord för att spara utbetalningsuppgifterna.",
  swishNotOwn: "Swish-utbetalningar går bara till ditt eget personnummer, det du verifierade med BankID.",
  renewalRequired:
    "Dina sparade Swish-uppgifter har ett annat personnummer än det du verifierade med BankID. Ange nya uppgifter, så kan vi betala ut.",
} as const;

// ---------------------------------------------------------------------------
// Checksums
// ---------------------------------------------------------------------------

/** Modulus 11 with weights 1, 2, …, 10 from the right (repeating), check digit included. */
export function mod11Valid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[digits.length - 1 - i]) * ((i % 10) + 1);
  }
  return sum % 11 === 0;
}

// ---------------------------------------------------------------------------
// Swish
// ---------------------------------------------------------------------------

/** A Swedish mobile number (07x, +46 7x or 0046 7x), separators ignored → "07XXXXXXXX". */
export function normaliseSwishPhone(input: string): string | null {
  const compact = input.replace(/[\s\-()]/g, "");
  const national = compact.replace(/^(\+46|0046|46)(?=7\d{8}$)/, "0");
  return /^07\d{8}$/.test(national) ? national : null;
}

// ---------------------------------------------------------------------------
// Swedish bank accounts (docs/rules/selling.md#bank-accounts)
// ---------------------------------------------------------------------------

export interface ParsedBankAccount {
  clearing: string;
  account: string;
  bank: string;
}

function accountValid(kind: BankAccountKind, clearing4: string, account: string): boolean {
  switch (kind) {
    case "1-1":
      return account.length === 7 && mod11Valid(clearing4.slice(1) + account);
    case "1-2":
      return account.length === 7 && mod11Valid(clearing4 + account);
    case "2-1":
      return account.length === 10 && luhnValid(account);
    case "2-2":
      return (account.length === 9 || account.length === 8) && mod11Valid(account.padStart(9, "0"));
    case "2-3":
      return account.length >= 6 && account.length <= 10 && luhnValid(account.padStart(10, "0"));
  }
}

export type BankAccountCheck =
  | { ok: true; value: ParsedBankAccount }
  | { ok: false; field: "clearing_number" | "account_number"; message: string };

/** Clearing and account number by Bankgirot's rules for the bank the clearing number belongs to. */
export function checkSwedishBankAccount(clearingInput: string, accountInput: string): BankAccountCheck {
  const clearing = clearingInput.replace(/[\s-]/g, "");
  if (!/^\d{4,5}$/.test(clearing)) return { ok: false, field: "clearing_number", message: PAYOUT_MESSAGES.clearingFormat };
  const clearing4 = clearing.slice(0, 4);
  const range = clearingRangeOf(Number(clearing4));
  if (!range) return { ok: false, field: "clearing_number", message: PAYOUT_MESSAGES.clearingUnknown };
  const swedbank5 = range.kind === "2-3" && clearing4.startsWith("8");
  if (clearing.length === 5) {
    if (!swedbank5) return { ok: false, field: "clearing_number", message: PAYOUT_MESSAGES.clearingFormat };
    if (!luhnValid(clearing)) return { ok: false, field: "clearing_number", message: PAYOUT_MESSAGES.clearingCheckDigit };
  }
  const account = accountInput.replace(/[\s.-]/g, "");
  if (!/^\d{1,12}$/.test(account)) return { ok: false, field: "account_number", message: PAYOUT_MESSAGES.accountFormat };
  if (!accountValid(range.kind, clearing4, account)) {
    return { ok: false, field: "account_number", message: PAYOUT_MESSAGES.accountInvalid(range.bank) };
  }
  return { ok: true, value: { clearing, account, bank: range.bank } };
}

// ---------------------------------------------------------------------------
// IBAN
// ---------------------------------------------------------------------------

/** IBAN lengths of the countries members most often bank in; others need 15–34 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  SE: 24,
  NO: 15,
  DK: 18,
  FI: 18,
  DE: 22,
  GB: 22,
  NL: 18,
  FR: 27,
  ES: 24,
  EE: 20,
  LT: 20,
  LV: 21,
  PL: 28,
};

/** Spaces dropped, upper-cased, length by country and the ISO 13616 mod-97 check. */
export function normaliseIban(input: string): string | null {
  const iban = input.replace(/\s/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return null;
  if (iban.startsWith("SE") && !/^SE\d{22}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= "A" ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

// ---------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------

export type PayoutDetails =
  | { method: "swish"; phone: string; personnummer: string }
  | { method: "bank"; format: "account"; clearing: string; account: string; bank: string }
  | { method: "bank"; format: "iban"; iban: string }
  | { method: "crypto"; network: CryptoNetwork; address: string };

const field = textField(TEXT_LIMITS.payoutDetail);
const optionalField = z.preprocess((value) => value ?? "", field);

/**
 * The payout-details form. `today` is Stockholm's date at the moment of parsing unless given,
 * so the 18-year rule follows the calendar members live by. The password is checked by the
 * server (accounts without one confirm with a recent Steam or Google sign-in instead).
 */
export function payoutDetailsSchema(today: () => string = () => stockholmDay(new Date())) {
  return z
    .object({
      method: z.preprocess((value) => value ?? "", z.string({ error: PAYOUT_MESSAGES.method })),
      swish_phone: optionalField,
      personnummer: optionalField,
      bank_format: optionalField,
      clearing_number: optionalField,
      account_number: optionalField,
      iban: optionalField,
      crypto_network: optionalField,
      crypto_address: optionalField,
      password: z.preprocess((value) => value ?? "", textField(TEXT_LIMITS.password, { trim: false })),
    })
    .transform((input, ctx): { details: PayoutDetails; password: string } => {
      const fail = (path: string, message: string) => {
        ctx.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      };
      const { password } = input;
      if (input.method === "swish") {
        const phone = normaliseSwishPhone(input.swish_phone);
        if (!phone) return fail("swish_phone", PAYOUT_MESSAGES.swishPhone);
        if (!/^\s*(\d{6}|\d{8})\s*[-+]?\s*\d{4}\s*$/.test(input.personnummer)) {
          return fail("personnummer", PAYOUT_MESSAGES.personnummerFormat);
        }
        const now = today();
        const parsed = parsePersonnummer(input.personnummer, now);
        if (!parsed) return fail("personnummer", PAYOUT_MESSAGES.personnummerInvalid);
        if (!hasTurned(parsed.birthDate, now, PAYOUT_MIN_AGE)) return fail("personnummer", PAYOUT_MESSAGES.underAge);
        return { details: { method: "swish", phone, personnummer: parsed.normalised }, password };
      }
      if (input.method === "bank") {
        if (input.bank_format === "iban") {
          const iban = normaliseIban(input.iban);
          if (!iban) return fail("iban", PAYOUT_MESSAGES.iban);
          return { details: { method: "bank", format: "iban", iban }, password };
        }
        if (input.bank_format !== "account") return fail("bank_format", PAYOUT_MESSAGES.bankFormat);
        const checked = checkSwedishBankAccount(input.clearing_number, input.account_number);
        if (!checked.ok) return fail(checked.field, checked.message);
        return { details: { method: "bank", format: "account", ...checked.value }, password };
      }
      if (input.method === "crypto") {
        const network = CRYPTO_NETWORKS.find((name) => name === input.crypto_network);
        if (!network) return fail("crypto_network", PAYOUT_MESSAGES.network);
        if (!isValidCryptoAddress(network, input.crypto_address)) return fail("crypto_address", PAYOUT_MESSAGES.address(network));
        return { details: { method: "crypto", network, address: input.crypto_address }, password };
      }
      return fail("method", PAYOUT_MESSAGES.method);
    });
}

// ---------------------------------------------------------------------------
// What is shown afterwards
// ---------------------------------------------------------------------------

export interface MaskedPayoutDetails {
  method: PayoutMethod;
  /** e.g. "Swish", "Swedbank", "IBAN (SE)", "Bitcoin (BTC)". */
  label: string;
  /** e.g. "07•• ••• •12", "••••1234". */
  masked: string;
}

/**
 * A normalised personnummer (12 digits) as documents show it: the birth date, the last four
 * hidden — "19900101-XXXX" (decision 047).
 */
export function maskPersonnummer(normalised: string): string {
  return `${normalised.slice(0, 8)}-XXXX`;
}

/** One line of a revealed payout recipient, as staff copy it into the bank or Swish app. */
export interface RecipientLine {
  label: string;
  value: string;
}

/** One order's recipient as the payout queue shows it once revealed (decision 047). */
export interface RevealedRecipient {
  orderId: string;
  method: PayoutMethod;
  /** "Swish", "Banköverföring" or "Krypto". */
  methodLabel: string;
  lines: RecipientLine[];
  /** The seller's name as BankID verified it; null for an order from before the rule. */
  verifiedName: string | null;
  /** ISO time until which the page shows it. */
  visibleUntil: string;
}

/**
 * Where to pay, in full, for the admin who pays by hand (decision 047): everything the payment
 * needs. A Swish payment needs the number; the personnummer stays masked (it only proves the
 * number is the seller's own, which the BankID rule already checked).
 */
export function recipientLines(details: PayoutDetails): RecipientLine[] {
  switch (details.method) {
    case "swish":
      return [
        { label: "Swish-nummer", value: formatPhoneNumber(details.phone) },
        { label: "Personnummer", value: maskIdentityNumber(details.personnummer) },
      ];
    case "bank":
      return details.format === "iban"
        ? [{ label: "IBAN", value: details.iban.replace(/(.{4})(?=.)/g, "$1 ") }]
        : [
            { label: "Bank", value: details.bank },
            { label: "Clearingnummer", value: details.clearing },
            { label: "Kontonummer", value: details.account },
          ];
    case "crypto":
      return [
        { label: "Nätverk", value: CRYPTO_NETWORK_LABELS[details.network] },
        { label: "Adress", value: details.address },
      ];
  }
}

/** The masked summary stored beside the ciphertext: never more than a few trailing characters. */
export function maskPayoutDetails(details: PayoutDetails): MaskedPayoutDetails {
  switch (details.method) {
    case "swish":
      return { method: "swish", label: "Swish", masked: `${details.phone.slice(0, 2)}•• ••• •${details.phone.slice(-2)}` };
    case "bank":
      return details.format === "iban"
        ? { method: "bank", label: `IBAN (${details.iban.slice(0, 2)})`, masked: `••••${details.iban.slice(-4)}` }
        : { method: "bank", label: details.bank, masked: `••••${details.account.slice(-4)}` };
    case "crypto":
      return { method: "crypto", label: CRYPTO_NETWORK_LABELS[details.network], masked: `••••${details.address.slice(-4)}` };
  }
}
