/**
 * Steam sign-in speaks OpenID 2.0 (decision 004). These are the protocol's pure parts:
 * the login URL, every check of a positive assertion, and the `check_authentication`
 * round trip's request and answer. Several public Steam modules were spoofable because they
 * skipped one of these checks; each rule below has its own test.
 *
 * What is not pure — the single-use nonce store and the HTTP round trip — lives in
 * steam-sign-in.server.ts.
 */

const OPENID_NS = "http://specs.openid.net/auth/2.0";
const OPENID_IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";

/** The only identity form Steam asserts: its own host, a 17-digit SteamID64. */
const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/([0-9]{17})$/;

/** A response nonce: UTC timestamp (`2026-11-22T10:00:00Z`) followed by at most 255 unique characters. */
const NONCE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)[\x21-\x7e]{0,255}$/;

/** Fields that must be covered by the signature for the assertion to mean anything. */
const REQUIRED_SIGNED_FIELDS = [
  "op_endpoint",
  "claimed_id",
  "identity",
  "return_to",
  "response_nonce",
  "assoc_handle",
] as const;

/** How old a response nonce may be (and how far ahead of our clock) before it is stale. */
export const NONCE_MAX_AGE_MS = 5 * 60_000;
export const NONCE_MAX_SKEW_MS = 60_000;

export type SteamAssertionFailure =
  | "not_id_res"
  | "bad_namespace"
  | "wrong_op_endpoint"
  | "wrong_return_to"
  | "bad_claimed_id"
  | "missing_field"
  | "unsigned_field"
  | "bad_nonce"
  | "stale_nonce";

export type SteamAssertionResult =
  | { ok: true; steamId: string; nonce: string }
  | { ok: false; reason: SteamAssertionFailure };

/** The URL that sends the browser to Steam's sign-in page (checkid_setup, identifier_select). */
export function buildSteamLoginUrl(input: { endpoint: string; returnTo: string; realm: string }): string {
  const url = new URL(input.endpoint);
  url.searchParams.set("openid.ns", OPENID_NS);
  url.searchParams.set("openid.mode", "checkid_setup");
  url.searchParams.set("openid.claimed_id", OPENID_IDENTIFIER_SELECT);
  url.searchParams.set("openid.identity", OPENID_IDENTIFIER_SELECT);
  url.searchParams.set("openid.return_to", input.returnTo);
  url.searchParams.set("openid.realm", input.realm);
  return url.toString();
}

/** The `openid.*` parameters of a callback URL, keyed without the prefix. Repeated keys are refused. */
export function openIdParams(search: URLSearchParams): Map<string, string> | null {
  const params = new Map<string, string>();
  for (const [key, value] of search) {
    if (!key.startsWith("openid.")) continue;
    const name = key.slice("openid.".length);
    if (params.has(name)) return null;
    params.set(name, value);
  }
  return params;
}

/**
 * Same origin and path, and exactly the same query parameters (order aside). Steam echoes
 * our return_to verbatim; anything else did not come from our own request.
 */
export function sameReturnTo(actual: string, expected: string): boolean {
  let a: URL;
  let b: URL;
  try {
    a = new URL(actual);
    b = new URL(expected);
  } catch {
    return false;
  }
  if (a.origin !== b.origin || a.pathname !== b.pathname || a.hash !== "" || b.hash !== "") return false;
  const entries = (url: URL) =>
    [...url.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  const left = entries(a);
  const right = entries(b);
  return left.length === right.length && left.every((entry, i) => entry === right[i]);
}

/** The SteamID64 of a claimed identifier, or null when it is not Steam's form. */
export function steamIdFromClaimedId(claimedId: string | undefined): string | null {
  return STEAM_CLAIMED_ID.exec(claimedId ?? "")?.[1] ?? null;
}

/** The timestamp of a response nonce, or null when it is malformed. */
export function nonceTimestamp(nonce: string): Date | null {
  const match = NONCE.exec(nonce);
  if (!match) return null;
  const time = new Date(match[1]!);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * Every check of a positive assertion that needs no network or storage. A success still
 * needs the nonce to be unseen and `check_authentication` to answer `is_valid:true`.
 */
export function verifySteamAssertion(
  params: Map<string, string>,
  expected: { endpoint: string; returnTo: string; now?: Date },
): SteamAssertionResult {
  const fail = (reason: SteamAssertionFailure): SteamAssertionResult => ({ ok: false, reason });
  const now = expected.now ?? new Date();

  if (params.get("mode") !== "id_res") return fail("not_id_res");
  if (params.get("ns") !== OPENID_NS) return fail("bad_namespace");
  for (const field of [...REQUIRED_SIGNED_FIELDS, "signed", "sig"]) {
    if (!params.get(field)) return fail("missing_field");
  }
  if (params.get("op_endpoint") !== expected.endpoint) return fail("wrong_op_endpoint");
  if (!sameReturnTo(params.get("return_to")!, expected.returnTo)) return fail("wrong_return_to");

  const claimedId = params.get("claimed_id");
  const steamId = steamIdFromClaimedId(claimedId);
  if (!steamId || params.get("identity") !== claimedId) return fail("bad_claimed_id");

  const signed = new Set(params.get("signed")!.split(","));
  for (const field of REQUIRED_SIGNED_FIELDS) {
    if (!signed.has(field)) return fail("unsigned_field");
  }
  // A field listed as signed but absent would be verified as empty by the provider.
  for (const field of signed) {
    if (!params.has(field)) return fail("missing_field");
  }

  const nonce = params.get("response_nonce")!;
  const issued = nonceTimestamp(nonce);
  if (!issued) return fail("bad_nonce");
  const age = now.getTime() - issued.getTime();
  if (age > NONCE_MAX_AGE_MS || age < -NONCE_MAX_SKEW_MS) return fail("stale_nonce");

  return { ok: true, steamId, nonce };
}

/** The direct-verification request body: the assertion as received, with mode check_authentication. */
export function checkAuthenticationBody(params: Map<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of params) {
    body.set(`openid.${key}`, key === "mode" ? "check_authentication" : value);
  }
  return body;
}

/** True only for a key-value answer whose `is_valid` is exactly `true`. */
export function isValidCheckAuthenticationAnswer(text: string): boolean {
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    const index = line.indexOf(":");
    if (index <= 0) continue;
    values.set(line.slice(0, index).trim(), line.slice(index + 1).trim());
  }
  return values.get("is_valid") === "true";
}
