/**
 * Crypto payout addresses, checked per network (docs/rules/selling.md#crypto): the checksum
 * every network defines, so a mistyped address is refused before anything is sent to it.
 * Hashing and the base58/bech32 codecs come from audited libraries (decision 024).
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check } from "@scure/base";

export const CRYPTO_NETWORKS = ["bitcoin", "ethereum", "tron"] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, string> = {
  bitcoin: "Bitcoin (BTC)",
  ethereum: "Ethereum (ETH, ERC-20)",
  tron: "Tron (USDT TRC-20)",
};

const base58check = createBase58check(sha256);

function decodeBase58check(value: string): Uint8Array | null {
  try {
    return base58check.decode(value);
  } catch {
    return null;
  }
}

/** Legacy (P2PKH, version 0x00) and script (P2SH, 0x05) addresses: 21 bytes with a valid checksum. */
function isBitcoinBase58(value: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{24,33}$/.test(value)) return false;
  const bytes = decodeBase58check(value);
  return Boolean(bytes && bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05));
}

/**
 * SegWit addresses (BIP 173 / BIP 350): `bc1…`, one case only; version 0 is bech32 with a 20- or
 * 32-byte program, versions 1–16 are bech32m with 2–40 bytes (Taproot, version 1, is 32 bytes).
 */
function isBitcoinSegwit(value: string): boolean {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const lower = value.toLowerCase();
  if (!lower.startsWith("bc1") || lower.length < 14 || lower.length > 90) return false;
  const decode = (coder: typeof bech32) => {
    try {
      return coder.decode(lower as `${string}1${string}`, 90);
    } catch {
      return null;
    }
  };
  const asBech32 = decode(bech32);
  const asBech32m = asBech32 ? null : decode(bech32m);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded || decoded.prefix !== "bc" || decoded.words.length < 1) return false;
  const version = decoded.words[0]!;
  if (version > 16) return false;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(decoded.words.slice(1));
  } catch {
    return false;
  }
  if (version === 0) return Boolean(asBech32) && (program.length === 20 || program.length === 32);
  if (!asBech32m) return false;
  if (version === 1) return program.length === 32;
  return program.length >= 2 && program.length <= 40;
}

/** EIP-55: a mixed-case address must carry the checksum its Keccak-256 hash spells out. */
function hasEip55Checksum(hex: string): boolean {
  const lower = hex.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  for (let i = 0; i < 40; i++) {
    const char = hex[i]!;
    if (!/[a-f]/i.test(char)) continue;
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const upper = char === char.toUpperCase();
    if (upper !== nibble >= 8) return false;
  }
  return true;
}

function isEthereumAddress(value: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(value);
  if (!match) return false;
  const hex = match[1]!;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return hasEip55Checksum(hex);
}

/** Tron: base58check of 0x41 and a 20-byte account, 34 characters starting with T. */
function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  const bytes = decodeBase58check(value);
  return Boolean(bytes && bytes.length === 21 && bytes[0] === 0x41);
}

export function isValidCryptoAddress(network: CryptoNetwork, address: string): boolean {
  switch (network) {
    case "bitcoin":
      return isBitcoinBase58(address) || isBitcoinSegwit(address);
    case "ethereum":
      return isEthereumAddress(address);
    case "tron":
      return isTronAddress(address);
  }
}
