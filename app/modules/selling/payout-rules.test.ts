import { bech32, bech32m } from "@scure/base";
import { describe, expect, it } from "vitest";
import { isValidCryptoAddress } from "./crypto-addresses";
import {
  checkSwedishBankAccount,
  luhnValid,
  maskPayoutDetails,
  mod11Valid,
  normaliseIban,
  normaliseSwishPhone,
  PAYOUT_MESSAGES,
  payoutDetailsSchema,
} from "./payout-rules";

const TODAY = "2026-11-23";

describe("checksums", () => {
  it("modulus 11 with weights 1..10 from the right", () => {
    // Handelsbanken's printed example: 123456789 (sum 165 = 15 × 11).
    expect(mod11Valid("123456789")).toBe(true);
    expect(mod11Valid("123456788")).toBe(false);
  });
});

describe("Swish mobile numbers", () => {
  it.each([
    ["070-123 45 67", "0701234567"],
    ["+46 70 123 45 67", "0701234567"],
    ["0046701234567", "0701234567"],
    ["0812345678", null],
    ["070123456", null],
    ["+4570123456", null],
  ])("%s → %s", (input, expected) => expect(normaliseSwishPhone(input)).toBe(expected));
});

describe("Swedish bank accounts (docs/rules/selling.md#bank-accounts)", () => {
  it.each([
    // Type 1 comment 1 (SEB, Swedbank 7xxx, Nordea): mod 11 over clearing digits 2-4 + account.
    ["5000", "1111116", "SEB"],
    ["7000", "1111116", "Swedbank"],
    // Type 1 comment 2 (Nordea 4xxx, Avanza): mod 11 over all four clearing digits + account.
    ["9550", "0000006", "Avanza Bank"],
    // Type 2 comment 2 (Handelsbanken): 9 digits, mod 11.
    ["6789", "123456789", "Handelsbanken"],
    // Type 2 comment 3 (Swedbank 8xxx-x): mod 10 over the zero-filled account; 5th clearing digit is a check digit.
    ["8327-9", "4 123 456-8", "Swedbank"],
    ["8327", "41234568", "Swedbank"],
    // Type 2 comment 1 (Nordea personkonto 3300): mod 10 over 10 digits.
    ["3300", "8112189876", "Nordea (personkonto)"],
  ])("%s %s is a %s account", (clearing, account, bank) => {
    const result = checkSwedishBankAccount(clearing, account);
    expect(result).toMatchObject({ ok: true, value: { bank } });
  });

  it("refuses wrong check digits with the bank's name", () => {
    expect(checkSwedishBankAccount("5000", "1111117")).toEqual({
      ok: false,
      field: "account_number",
      message: PAYOUT_MESSAGES.accountInvalid("SEB"),
    });
    expect(checkSwedishBankAccount("6789", "123456788")).toMatchObject({ ok: false, field: "account_number" });
    expect(checkSwedishBankAccount("8327", "41234564")).toMatchObject({ ok: false, field: "account_number" });
    expect(checkSwedishBankAccount("3300", "8112189875")).toMatchObject({ ok: false, field: "account_number" });
  });

  it("refuses an unknown clearing number, a bad Swedbank check digit and a 5-digit clearing elsewhere", () => {
    expect(checkSwedishBankAccount("0100", "1111116")).toMatchObject({ message: PAYOUT_MESSAGES.clearingUnknown });
    expect(checkSwedishBankAccount("83278", "41234568")).toMatchObject({ message: PAYOUT_MESSAGES.clearingCheckDigit });
    expect(checkSwedishBankAccount("50001", "1111116")).toMatchObject({ message: PAYOUT_MESSAGES.clearingFormat });
    expect(checkSwedishBankAccount("12", "1111116")).toMatchObject({ field: "clearing_number" });
    expect(checkSwedishBankAccount("5000", "abc")).toMatchObject({ field: "account_number" });
  });
});

describe("IBAN", () => {
  it.each([
    ["SE45 5000 0000 0583 9825 7466", "SE4550000000058398257466"],
    ["gb82 west 1234 5698 7654 32", "GB82WEST12345698765432"],
    ["DE89370400440532013000", "DE89370400440532013000"],
    ["SE45 5000 0000 0583 9825 7467", null],
    ["SE45500000000583982574", null],
    ["GB82WEST1234569876543", null],
    ["XX00", null],
  ])("%s → %s", (input, expected) => expect(normaliseIban(input)).toBe(expected));
});

describe("crypto addresses (docs/rules/selling.md#crypto)", () => {
  it("Bitcoin: base58check P2PKH and P2SH", () => {
    expect(isValidCryptoAddress("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(true);
    expect(isValidCryptoAddress("bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe(true);
    expect(isValidCryptoAddress("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBe(false);
    expect(isValidCryptoAddress("bitcoin", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz")).toBe(false);
  });

  it("Bitcoin: bech32 (v0) and bech32m (v1+)", () => {
    // P2WPKH of the key hash 751e76e8…433bd6 (BIP 173's example program), either case.
    expect(isValidCryptoAddress("bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe(true);
    expect(isValidCryptoAddress("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe(true);
    // BIP 86's first Taproot receiving address (bech32m).
    expect(isValidCryptoAddress("bitcoin", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297")).toBe(true);
    // Mixed case, one wrong character, v0 written as bech32m, v1 written as bech32.
    expect(isValidCryptoAddress("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8f3t4")).toBe(false);
    expect(isValidCryptoAddress("bitcoin", "bc1qw508d6qejxtdg4c5r3zarvary0c5xw7kv8f3t4")).toBe(false);
    const program = new Uint8Array(32).fill(7);
    const v0m = bech32m.encode("bc", [0, ...bech32m.toWords(program)]);
    const v1 = bech32.encode("bc", [1, ...bech32.toWords(program)]);
    expect(isValidCryptoAddress("bitcoin", v0m)).toBe(false);
    expect(isValidCryptoAddress("bitcoin", v1)).toBe(false);
    expect(isValidCryptoAddress("bitcoin", bech32m.encode("bc", [1, ...bech32m.toWords(program)]))).toBe(true);
    // A testnet address is not a Bitcoin payout address.
    expect(isValidCryptoAddress("bitcoin", bech32.encode("tb", [0, ...bech32.toWords(new Uint8Array(20).fill(1))]))).toBe(false);
  });

  it("Ethereum: 0x + 40 hex, EIP-55 checksum when mixed case (EIP-55 vectors)", () => {
    for (const address of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
      "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
      "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
      "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED",
    ]) {
      expect(isValidCryptoAddress("ethereum", address)).toBe(true);
    }
    expect(isValidCryptoAddress("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
    expect(isValidCryptoAddress("ethereum", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA")).toBe(false);
    expect(isValidCryptoAddress("ethereum", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
  });

  it("Tron: base58check with 0x41, starting with T", () => {
    expect(isValidCryptoAddress("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isValidCryptoAddress("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isValidCryptoAddress("tron", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });
});

describe("the payout-details form", () => {
  const schema = payoutDetailsSchema(() => TODAY);

  it("gives a normalised Swish detail", () => {
    const parsed = schema.parse({ method: "swish", swish_phone: "070-123 45 67", personnummer: "19121212-1212", password: "x" });
    expect(parsed.details).toEqual({ method: "swish", phone: "0701234567", personnummer: "191212121212" });
  });

  it("refuses someone under 18 on Stockholm's date, and accepts them on their birthday", () => {
    const born = (date: string) => {
      const base = `${date.slice(2)}000`;
      for (let check = 0; check < 10; check++) if (luhnValid(`${base}${check}`)) return `${date}000${check}`;
      throw new Error("no check digit");
    };
    const today = schema.safeParse({ method: "swish", swish_phone: "0701234567", personnummer: born("20081123") });
    expect(today.success).toBe(true);
    const tomorrow = schema.safeParse({ method: "swish", swish_phone: "0701234567", personnummer: born("20081124") });
    expect(tomorrow.success).toBe(false);
    expect(tomorrow.error?.issues[0]).toMatchObject({ path: ["personnummer"], message: PAYOUT_MESSAGES.underAge });
  });

  it("names the field and the message of each refusal", () => {
    const issue = (input: Record<string, unknown>) => schema.safeParse(input).error?.issues[0];
    expect(issue({})).toMatchObject({ path: ["method"], message: PAYOUT_MESSAGES.method });
    expect(issue({ method: "swish", swish_phone: "0812345678" })).toMatchObject({ path: ["swish_phone"] });
    expect(issue({ method: "swish", swish_phone: "0701234567", personnummer: "abc" })).toMatchObject({
      message: PAYOUT_MESSAGES.personnummerFormat,
    });
    expect(issue({ method: "bank", bank_format: "x" })).toMatchObject({ path: ["bank_format"] });
    expect(issue({ method: "bank", bank_format: "iban", iban: "SE00" })).toMatchObject({ path: ["iban"] });
    expect(issue({ method: "crypto", crypto_network: "dogecoin" })).toMatchObject({ path: ["crypto_network"] });
    expect(issue({ method: "crypto", crypto_network: "tron", crypto_address: "0x00" })).toMatchObject({ path: ["crypto_address"] });
    expect(issue({ method: "swish", swish_phone: ["0701234567"] })).toMatchObject({ path: ["swish_phone"] });
    expect(issue({ method: "crypto", crypto_network: "tron", crypto_address: "T".repeat(101) })).toMatchObject({
      path: ["crypto_address"],
      message: "Fältet får vara högst 100 tecken.",
    });
  });

  it("masks every method to a few trailing characters", () => {
    expect(maskPayoutDetails({ method: "swish", phone: "0701234512", personnummer: "191212121212" })).toEqual({
      method: "swish",
      label: "Swish",
      masked: "07•• ••• •12",
    });
    expect(maskPayoutDetails({ method: "bank", format: "account", clearing: "5000", account: "1111116", bank: "SEB" }).masked).toBe(
      "••••1116",
    );
    expect(maskPayoutDetails({ method: "bank", format: "iban", iban: "SE4550000000058398257466" })).toMatchObject({
      label: "IBAN (SE)",
      masked: "••••7466",
    });
    expect(
      maskPayoutDetails({ method: "crypto", network: "tron", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }).masked,
    ).toBe("••••Lj6t");
  });
});
