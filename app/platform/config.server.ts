import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "~/lib/zod";
import { COMPANY } from "../lib/company";
import { BANKID_DEFAULT_TIMEOUT_MS } from "../modules/identity/bankid-constants";
import { SIE_DEFAULT_ACCOUNTS } from "../modules/bookkeeping/bookkeeping-constants";
import { SELL_ORDERS } from "../modules/selling/selling-constants";
import { OFFER_ENGINE } from "../modules/bots/bot-constants";
import { FIGURE_MINIMUMS } from "../modules/marketing/claims";
import { HTML_CACHE, REALTIME, SSE_HEARTBEAT_MS } from "./platform-constants";

/** Empty strings count as unset, as they do in most .env files. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === "" || value === undefined ? fallback : value), schema);

/** A base64 (or base64url) string that decodes to exactly 32 bytes. */
function isAes256Key(value: string): boolean {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, "base64").length === 32;
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const envSchema = z
  .object({
    NODE_ENV: withDefault(z.enum(["development", "production", "test"]), "development"),
    PORT: withDefault(z.coerce.number().int().min(0).max(65_535), 3000),
    PUBLIC_URL: optional(httpUrl),
    DATABASE_URL: optional(
      z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
    ),
    DATA_DIR: withDefault(z.string().min(1), "./data"),
    BETTER_AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: withDefault(z.string().min(3), "Skinhamnen <no-reply@skinhamnen.se>"),
    SUPPORT_EMAIL: withDefault(z.email("must be an email address"), COMPANY.supportEmail),
    STEAM_API_KEY: optional(z.string().min(1)),
    /** AES-256 key for payout details at rest: 32 bytes, base64 (docs/rules/selling.md#encryption). */
    PAYOUT_DETAILS_KEY: optional(z.string().refine(isAes256Key, "must be 32 bytes, base64-encoded")),
    /** Earlier payout keys, comma-separated base64, still read after a rotation (never written with). */
    PAYOUT_DETAILS_OLD_KEYS: optional(
      z.string().refine((value) => value.split(",").every((key) => isAes256Key(key.trim())), "must be comma-separated 32-byte base64 keys"),
    ),
    STEAM_API_URL: withDefault(httpUrl, "https://api.steampowered.com"),
    STEAM_OPENID_URL: withDefault(httpUrl, "https://steamcommunity.com/openid/login"),
    /** Steam Community, for members' inventories (docs/rules/selling.md#inventory); a local fake in tests and offline development. */
    STEAM_COMMUNITY_URL: withDefault(httpUrl, "https://steamcommunity.com"),
    /** Base of Steam's item images; an item's `icon_url` is appended. */
    STEAM_IMAGE_URL: withDefault(httpUrl, "https://community.akamai.steamstatic.com/economy/image"),
    /** A price source in Skinport's /v1/items format; unset: no scheduled import (docs/rules/selling.md#scheduled-import). */
    PRICE_SOURCE_URL: optional(httpUrl),
    /**
     * BankID's relying-party API v6.0, base URL including `/rp/v6.0` (the local fake in tests and
     * offline development); unset: BankID is off (docs/decisions/043-bankid-transport-and-fake.md).
     */
    BANKID_URL: optional(z.url({ protocol: /^https$/, error: "must be an https URL" })),
    /** Our client certificate and its key, PEM file paths (or BANKID_PFX). */
    BANKID_CLIENT_CERT: optional(z.string().min(1)),
    BANKID_CLIENT_KEY: optional(z.string().min(1)),
    /** Client certificate and key as one PKCS#12 file path, with its passphrase. */
    BANKID_PFX: optional(z.string().min(1)),
    BANKID_PASSPHRASE: optional(z.string()),
    /** The CA that signs BankID's server certificate, PEM file path; the only CA trusted for it. */
    BANKID_CA: optional(z.string().min(1)),
    /** Per BankID call, connecting and answering together (ms). */
    BANKID_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), BANKID_DEFAULT_TIMEOUT_MS),
    /** Swish payouts API base URL (unset: Swish payouts are manual); https only (docs/decisions/051-swish-payouts.md). */
    SWISH_PAYOUTS_URL: optional(z.url({ protocol: /^https$/, error: "must be an https URL" })),
    /** Our Swish communication certificate, its key and the CA of Swish's server certificate (PEM file paths). */
    SWISH_CLIENT_CERT: optional(z.string().min(1)),
    SWISH_CLIENT_KEY: optional(z.string().min(1)),
    SWISH_CA: optional(z.string().min(1)),
    /** The payout signing certificate's private key (PEM file path) and the certificate's serial number (hex). */
    SWISH_SIGNING_KEY: optional(z.string().min(1)),
    SWISH_SIGNING_SERIAL: optional(z.string().regex(/^[0-9A-Fa-f]{1,64}$/, "must be the certificate's serial number in hex")),
    /** Our Swish number on the payout agreement (payerAlias). */
    SWISH_PAYER_ALIAS: optional(z.string().regex(/^\d{10}$/, "must be a 10-digit Swish number")),
    GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
    GOOGLE_DISCOVERY_URL: withDefault(
      httpUrl,
      "https://accounts.google.com/.well-known/openid-configuration",
    ),
    GA_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]+$/, "must look like G-XXXXXXX")),
    GA_SCRIPT_ORIGIN: withDefault(httpUrl, "https://www.googletagmanager.com"),
    LIVE_CHAT_URL: withDefault(httpUrl, "https://tawk.to/skinhamnen"),
    SITE_NAME: withDefault(z.string().min(1).max(60), "Skinhamnen"),
    /** The company's registered name on purchase documents and in the SIE export (decision 047). */
    COMPANY_NAME: withDefault(z.string().min(1).max(120), "Skinhamnen AB"),
    /** The company's organisation number, NNNNNN-NNNN (decision 047); the default is a development placeholder. */
    /** The bookkeeping export's accounts (decision 047): purchases of goods, and where each payout method's money leaves from. */
    SIE_ACCOUNT_PURCHASES: withDefault(z.string().regex(/^\d{4}$/, "must be a four-digit account"), SIE_DEFAULT_ACCOUNTS.purchases),
    SIE_ACCOUNT_SWISH: withDefault(z.string().regex(/^\d{4}$/, "must be a four-digit account"), SIE_DEFAULT_ACCOUNTS.payout.swish),
    SIE_ACCOUNT_BANK: withDefault(z.string().regex(/^\d{4}$/, "must be a four-digit account"), SIE_DEFAULT_ACCOUNTS.payout.bank),
    SIE_ACCOUNT_CRYPTO: withDefault(z.string().regex(/^\d{4}$/, "must be a four-digit account"), SIE_DEFAULT_ACCOUNTS.payout.crypto),
    COMPANY_ORG_NUMBER: withDefault(z.string().regex(/^\d{6}-\d{4}$/, "must look like 556677-8899"), "559999-9999"),
    /** The account bank payouts leave from (decision 050): an IBAN, or a Bankgiro number, and the bank's BIC. Unset → no bank files. */
    PAYOUT_BANK_IBAN: optional(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,40}$/, "must be an IBAN such as SE45 5000 0000 0583 9825 7466")),
    PAYOUT_BANK_BANKGIRO: optional(z.string().regex(/^\d{3,4}-?\d{4}$/, "must be a Bankgiro number such as 5050-1055")),
    PAYOUT_BANK_BIC: optional(z.string().regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, "must be a BIC such as ESSESESS")),
    LOG_LEVEL: withDefault(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
    TRUST_PROXY: withDefault(
      z.string().regex(/^(true|false|[1-9])$/, "must be true, false or the number of proxies in front (1-9)"),
      "false",
    ),
    /** Seed the demo content into a brand-new PostgreSQL database (the embedded one always gets it). */
    SEED_DEMO: withDefault(z.enum(["true", "false"], "must be true or false"), "false"),
    /** Comment lines on open event streams keep proxies from cutting them as idle (ms). */
    SSE_HEARTBEAT_MS: withDefault(z.coerce.number().int().min(100).max(300_000), SSE_HEARTBEAT_MS),
    /** Open event streams on one server process, all addresses together; beyond it 503 (docs/rules/realtime.md). */
    SSE_MAX_STREAMS: withDefault(z.coerce.number().int().min(1).max(100_000), REALTIME.maxStreamsPerProcess),
    /** Memory for anonymous visitors' cached pages (MB of compressed bodies); 0 turns the cache off. */
    HTML_CACHE_MB: withDefault(z.coerce.number().int().min(0).max(4096), HTML_CACHE.defaultMb),
    /**
     * A second port for Prometheus metrics (GET /metrics), bound to 127.0.0.1 only; unset: none
     * (docs/decisions/037-production-kit.md).
     */
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65_535)),
    /** Bearer token that opens GET /metrics on the public port; unset: /metrics there is a 404. */
    METRICS_TOKEN: optional(z.string().min(32, "must be at least 32 characters")),
    /**
     * On SIGTERM the instance answers not-ready (/readyz 503) and keeps serving this long before
     * it stops accepting connections, so a proxy's health check takes it out of rotation first.
     */
    SHUTDOWN_DELAY_MS: withDefault(z.coerce.number().int().min(0).max(60_000), 0),
    /** Newsletter campaign mails sent per minute by the one sender of a campaign (docs/rules/newsletter.md#sending). */
    NEWSLETTER_SEND_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(60_000), 60),
    /** Hours a bot's trade offer may wait for the member before it is cancelled and the order expires (docs/rules/bots.md#expiry). */
    OFFER_EXPIRY_HOURS: withDefault(z.coerce.number().min(0.01).max(14 * 24), OFFER_ENGINE.defaultExpiryHours),
    /** Total a member may sell in their first 7 days, in öre (docs/rules/selling.md#limits). */
    SELL_FIRST_WEEK_LIMIT_ORE: withDefault(z.coerce.number().int().min(0).max(1_000_000_000), SELL_ORDERS.newMemberLimitOre),
    /**
     * The least each computed site figure must be before a page shows it (docs/decisions/055-site-figures.md):
     * accounts, completed trades, SEK paid out to sellers, trades per day (30-day average).
     */
    SITE_FIGURE_MIN_MEMBERS: withDefault(z.coerce.number().int().min(0).max(1_000_000_000), FIGURE_MINIMUMS.members),
    SITE_FIGURE_MIN_TRADES: withDefault(z.coerce.number().int().min(0).max(1_000_000_000), FIGURE_MINIMUMS.trades),
    SITE_FIGURE_MIN_PAID_OUT_SEK: withDefault(z.coerce.number().int().min(0).max(1_000_000_000_000), FIGURE_MINIMUMS.paidOutSek),
    SITE_FIGURE_MIN_TRADES_PER_DAY: withDefault(z.coerce.number().int().min(0).max(1_000_000), FIGURE_MINIMUMS.tradesPerDay),
    /**
     * Key of the signed unsubscribe links (docs/rules/newsletter.md#unsubscribing). Unset: derived
     * from BETTER_AUTH_SECRET, so every instance of a deployment signs alike.
     */
    UNSUBSCRIBE_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (the metrics port is loopback-only)" });
    }
    if (env.BANKID_URL) {
      if (!env.BANKID_CA) ctx.addIssue({ code: "custom", path: ["BANKID_CA"], message: "must be set when BANKID_URL is (the CA of BankID's server certificate)" });
      if (!env.BANKID_PFX && !(env.BANKID_CLIENT_CERT && env.BANKID_CLIENT_KEY)) {
        ctx.addIssue({
          code: "custom",
          path: [env.BANKID_CLIENT_CERT ? "BANKID_CLIENT_KEY" : "BANKID_CLIENT_CERT"],
          message: "must be set when BANKID_URL is (BANKID_CLIENT_CERT and BANKID_CLIENT_KEY, or BANKID_PFX)",
        });
      }
    }
    if (env.SWISH_PAYOUTS_URL) {
      for (const name of ["SWISH_CLIENT_CERT", "SWISH_CLIENT_KEY", "SWISH_CA", "SWISH_SIGNING_KEY", "SWISH_SIGNING_SERIAL", "SWISH_PAYER_ALIAS"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "must be set when SWISH_PAYOUTS_URL is" });
      }
    }
    // The server speaks plain HTTP, so an https PUBLIC_URL means a TLS proxy in front. Unless
    // it is trusted, every request looks like http:// to us, the browser's https:// Origin
    // never matches, and every form is refused as cross-origin with nothing to say why.
    if (env.PUBLIC_URL?.startsWith("https://") && env.TRUST_PROXY === "false") {
      ctx.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message:
          "must be set when PUBLIC_URL is https (the number of proxies in front, usually 1): behind an untrusted TLS proxy every form is refused as cross-origin",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "PUBLIC_URL" | "BETTER_AUTH_SECRET" | "TRUST_PROXY" | "PAYOUT_DETAILS_KEY"> {
  PUBLIC_URL: string;
  BETTER_AUTH_SECRET: string;
  /** Express's `trust proxy`: false, true (every hop) or the number of proxies in front. */
  TRUST_PROXY: boolean | number;
  isProduction: boolean;
  isDevelopment: boolean;
  /** Salt for hashing visitor identifiers (IP + user agent); never leaves the server. */
  VISITOR_HASH_SALT: string;
  /** Set when no secret was configured and a generated one is used. */
  generatedSecret: boolean;
  /** The key payout details are encrypted with: configured, else generated once into DATA_DIR. */
  PAYOUT_DETAILS_KEY: string;
  /** Set when no payout key was configured and a generated one is used. */
  generatedPayoutKey: boolean;
  /**
   * The embedded default (no DATABASE_URL, no SMTP_URL): mail stays in the local outbox, its
   * links are printed one readable line per mail, and /dev/mail shows it to this machine.
   */
  localMailbox: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  return result.data;
}

interface GeneratedSecrets {
  BETTER_AUTH_SECRET: string;
  VISITOR_HASH_SALT: string;
  PAYOUT_DETAILS_KEY: string;
}

/** Development secrets generated once and kept in DATA_DIR, so sessions survive a restart. */
function loadGeneratedSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<GeneratedSecrets> | null = null;
  try {
    stored = JSON.parse(readFileSync(file, "utf8")) as Partial<GeneratedSecrets>;
  } catch {
    stored = null;
  }
  const secrets: GeneratedSecrets = {
    BETTER_AUTH_SECRET: stored?.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    VISITOR_HASH_SALT: stored?.VISITOR_HASH_SALT ?? randomBytes(32).toString("base64url"),
    // Added later than the others: a file written before it gets the key added, the rest kept.
    PAYOUT_DETAILS_KEY: stored?.PAYOUT_DETAILS_KEY ?? randomBytes(32).toString("base64"),
  };
  if (!stored || Object.keys(secrets).some((key) => !(key in stored))) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function buildConfig(env: Env): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = loadGeneratedSecrets(dataDir);
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, ""),
    BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? secrets.BETTER_AUTH_SECRET,
    VISITOR_HASH_SALT: secrets.VISITOR_HASH_SALT,
    TRUST_PROXY: env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY === "false" ? false : Number(env.TRUST_PROXY),
    isProduction: env.NODE_ENV === "production",
    isDevelopment: env.NODE_ENV === "development",
    generatedSecret: !env.BETTER_AUTH_SECRET,
    PAYOUT_DETAILS_KEY: env.PAYOUT_DETAILS_KEY ?? secrets.PAYOUT_DETAILS_KEY,
    generatedPayoutKey: !env.PAYOUT_DETAILS_KEY,
    localMailbox: !env.DATABASE_URL && !env.SMTP_URL,
  };
}

let cached: Config | undefined;

/** The validated configuration of this process. */
export function config(): Config {
  cached ??= buildConfig(parseEnv());
  return cached;
}
