/**
 * Signing a bot account in to Steam once to obtain its refresh token (`npm run bot:login`,
 * docs/rules/bots.md#signing-a-bot-in), the way Steam's own clients do, on the form-encoded Web
 * API of `IAuthenticationService` at STEAM_API_URL:
 *
 * 1. `GET GetPasswordRSAPublicKey/v1?account_name` → the RSA key (`publickey_mod`,
 *    `publickey_exp`, hex) and its `timestamp`;
 * 2. the password encrypted with it (PKCS#1 v1.5, base64) → `POST BeginAuthSessionViaCredentials/v1`
 *    (`account_name`, `encrypted_password`, `encryption_timestamp`, `persistence` 1, `website_id`
 *    Mobile, `platform_type` 3) → `client_id`, `request_id`, `steamid`, `allowed_confirmations`;
 *    a wrong password is `x-eresult` 5;
 * 3. `POST UpdateAuthSessionWithSteamGuardCode/v1` (`client_id`, `steamid`, `code` from the shared
 *    secret, `code_type` 3: device code); a wrong code is `x-eresult` 88 (or 65);
 * 4. `POST PollAuthSessionStatus/v1` (`client_id`, `request_id`) → `refresh_token`.
 *
 * Outcomes are Swedish messages for the operator; none carries the password, the secret, a code
 * or a token, and nothing here logs.
 */
import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { steamGuardCode } from "./steam-guard.server";

export interface BotLoginInput {
  accountName: string;
  password: string;
  sharedSecret: string;
}

export interface BotLoginOptions {
  apiUrl: string;
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch (the Guard code depends on it). */
  now?: () => number;
}

export type BotLoginResult = { ok: true; steamId: string; refreshToken: string } | { ok: false; message: string };

export const BOT_LOGIN_MESSAGES = {
  badPassword: "Steam godtog inte kontonamnet eller lösenordet.",
  badCode: "Steam godtog inte Steam Guard-koden. Kontrollera att shared secret hör till kontot och att datorns klocka går rätt.",
  noMobileGuard: "Kontot använder inte Steam Guard i mobilappen. En bot behöver en mobil autentiserare (shared secret).",
  unreachable: "Steam svarade inte. Försök igen om en stund.",
  refused: (eresult: number) => `Steam avbröt inloggningen (fel ${eresult}).`,
} as const;

const ERESULT = { ok: 1, invalidPassword: 5, invalidLoginAuthCode: 65, twoFactorCodeMismatch: 88 } as const;
/** EAuthSessionGuardType: 3 is the code from the mobile authenticator. */
const DEVICE_CODE = "3";
/** EAuthTokenPlatformType: 3 is the mobile app, whose refresh token GenerateAccessTokenForApp renews. */
const MOBILE_APP = "3";
const POLL_ATTEMPTS = 10;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

class LoginRefused extends Error {
  constructor(readonly result: BotLoginResult & { ok: false }) {
    super(result.message);
  }
}

export async function signInBot(input: BotLoginInput, options: BotLoginOptions): Promise<BotLoginResult> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.apiUrl.replace(/\/$/, "");

  async function call(method: string, params: Record<string, string>, post = true): Promise<Record<string, unknown>> {
    const url = new URL(`${base}/IAuthenticationService/${method}/v1/`);
    const body = new URLSearchParams(params);
    if (!post) url.search = body.toString();
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: post ? "POST" : "GET",
        ...(post ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new LoginRefused({ ok: false, message: BOT_LOGIN_MESSAGES.unreachable });
    }
    if (response.status >= 500 || response.status === 429) throw new LoginRefused({ ok: false, message: BOT_LOGIN_MESSAGES.unreachable });
    const eresult = Number(response.headers.get("x-eresult") ?? ERESULT.ok);
    if (eresult === ERESULT.invalidPassword) throw new LoginRefused({ ok: false, message: BOT_LOGIN_MESSAGES.badPassword });
    if (eresult === ERESULT.invalidLoginAuthCode || eresult === ERESULT.twoFactorCodeMismatch) throw new LoginRefused({ ok: false, message: BOT_LOGIN_MESSAGES.badCode });
    if (eresult !== ERESULT.ok || !response.ok) throw new LoginRefused({ ok: false, message: BOT_LOGIN_MESSAGES.refused(eresult) });
    const json: unknown = await response.json().catch(() => null);
    return isRecord(json) && isRecord(json.response) ? json.response : {};
  }

  try {
    const key = await call("GetPasswordRSAPublicKey", { account_name: input.accountName }, false);
    if (typeof key.publickey_mod !== "string" || typeof key.publickey_exp !== "string" || key.timestamp === undefined) {
      return { ok: false, message: BOT_LOGIN_MESSAGES.badPassword };
    }
    const publicKey = createPublicKey({
      key: { kty: "RSA", n: Buffer.from(key.publickey_mod, "hex").toString("base64url"), e: Buffer.from(key.publickey_exp, "hex").toString("base64url") },
      format: "jwk",
    });
    const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(input.password, "utf8")).toString("base64");
    const session = await call("BeginAuthSessionViaCredentials", {
      account_name: input.accountName,
      encrypted_password: encrypted,
      encryption_timestamp: String(key.timestamp),
      remember_login: "true",
      persistence: "1",
      website_id: "Mobile",
      platform_type: MOBILE_APP,
      device_friendly_name: "Skinhamnen bot",
    });
    const clientId = String(session.client_id ?? "");
    const requestId = typeof session.request_id === "string" ? session.request_id : "";
    const steamId = String(session.steamid ?? "");
    if (!clientId || !requestId || !/^\d{17}$/.test(steamId)) return { ok: false, message: BOT_LOGIN_MESSAGES.refused(2) };
    const confirmations = Array.isArray(session.allowed_confirmations) ? session.allowed_confirmations.filter(isRecord) : [];
    if (!confirmations.some((entry) => String(entry.confirmation_type) === DEVICE_CODE)) return { ok: false, message: BOT_LOGIN_MESSAGES.noMobileGuard };
    const code = steamGuardCode(input.sharedSecret, Math.floor(now() / 1000));
    await call("UpdateAuthSessionWithSteamGuardCode", { client_id: clientId, steamid: steamId, code, code_type: DEVICE_CODE });
    const interval = typeof session.interval === "number" && session.interval > 0 ? Math.min(session.interval, 5) : 1;
    for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt += 1) {
      const polled = await call("PollAuthSessionStatus", { client_id: clientId, request_id: requestId });
      if (typeof polled.refresh_token === "string" && polled.refresh_token) return { ok: true, steamId, refreshToken: polled.refresh_token };
      await new Promise((resolve) => setTimeout(resolve, interval * 1000));
    }
    return { ok: false, message: BOT_LOGIN_MESSAGES.badCode };
  } catch (error) {
    if (error instanceof LoginRefused) return error.result;
    return { ok: false, message: BOT_LOGIN_MESSAGES.unreachable };
  }
}
