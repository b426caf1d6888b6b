/**
 * Every local fake for offline development, on fixed loopback ports, with the environment that
 * points the app at them (README "Offline development"):
 *
 *   npm run fakes         # the fakes alone; prints the variables to start the app with
 *   npm run dev:offline   # the fakes, a demo seller, and `npm run dev` pointed at them
 *
 * The demo seller (on the embedded database only) passes the seller checklist with the fake
 * Steam id, so `/salja` shows the demo inventory with the demo content's prices at once; its
 * password is printed once, when it is created.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { startFakeBankId } from "../server/fakes/bankid";
import { startFakePriceSource } from "../server/fakes/price-source";
import { demoInventory, startFakeSteamCommunity } from "../server/fakes/steam-community";
import { startFakeSteamOpenId } from "../server/fakes/steam-openid";
import { startFakeSwishPayouts } from "../server/fakes/swish-payouts";
import { FakeSteamWebApi } from "../server/fakes/steam-web-api";
import { SELL_PRICE_SEEDS } from "../app/platform/db/seed/sell-prices";

const DEMO_STEAM_ID = "76561198012345678";
const DEMO_SELLER_EMAIL = "demo.saljare@example.se";
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const { values: flags } = parseArgs({ options: { dev: { type: "boolean", default: false } }, strict: true });

const steamApi = await new FakeSteamWebApi(process.env.FAKE_STEAM_KEY ?? "fake-steam-key").start(port("FAKE_STEAM_PORT", 3399));
// "steamcommunity.com/id/demo" names the demo seller, for the valuation before sign-up.
steamApi.vanityNames.set("demo", DEMO_STEAM_ID);
const community = await startFakeSteamCommunity(port("FAKE_STEAM_COMMUNITY_PORT", 3901), { trading: steamApi.trading });
community.setDefault(demoInventory());
const prices = await startFakePriceSource(port("FAKE_PRICE_SOURCE_PORT", 3902));
prices.setItems(SELL_PRICE_SEEDS.map((price) => ({ market_hash_name: price.market_hash_name, suggested_price: price.reference_price_ore / 100 })));
const openId = await startFakeSteamOpenId(process.env.FAKE_STEAM_ID ?? DEMO_STEAM_ID, port("FAKE_STEAM_OPENID_PORT", 3903));
// New certificates every start; the app reads them from files under the data directory.
const bankId = await startFakeBankId(port("FAKE_BANKID_PORT", 3904), port("FAKE_BANKID_CONTROL_PORT", 3905));
const swishPayouts = await startFakeSwishPayouts(port("FAKE_SWISH_PAYOUTS_PORT", 3906), port("FAKE_SWISH_PAYOUTS_CONTROL_PORT", 3907));

const env = {
  STEAM_API_URL: steamApi.url,
  STEAM_API_KEY: steamApi.apiKey,
  STEAM_COMMUNITY_URL: community.url,
  STEAM_IMAGE_URL: `${community.url}/economy/image`,
  STEAM_OPENID_URL: openId.endpoint,
  PRICE_SOURCE_URL: prices.url,
  ...bankId.env(path.resolve(process.env.DATA_DIR ?? "data", "fake-bankid")),
  ...swishPayouts.env(path.resolve(process.env.DATA_DIR ?? "data", "fake-swish-payouts")),
};

async function stopFakes() {
  await Promise.allSettled([steamApi.stop(), community.stop(), prices.stop(), openId.stop(), bankId.stop(), swishPayouts.stop()]);
}

process.stdout.write(
  [
    "Offline fakes on 127.0.0.1:",
    `  Steam Web API        ${steamApi.url}  (POST /fake/offers/{id} {"state":3,"tradeid":"…"} accepts an offer)`,
    `    bot trading        ${steamApi.url}/fake/trading/…  (POST /fake/trading/bots/{steamid} {"assets":["…"]} makes a bot and answers its credentials; partners accept after 5 s)`,
    `  Steam Community      ${community.url}  (a demo inventory for every Steam id; a bot's trade offers and mobile confirmations)`,
    `  Steam OpenID         ${openId.endpoint}  (signs in as Steam id ${openId.steamId})`,
    `  Price source         ${prices.url}  (Skinport's format)`,
    `  BankID (mutual TLS)  ${bankId.url}`,
    `    its control        ${bankId.controlUrl}  (GET /orders/latest; POST /orders/{orderRef} {"status":"complete","user":{"personalNumber":"199001011239","givenName":"Anna","surname":"Andersson"}})`,
    `  Swish payouts (mTLS) ${swishPayouts.url}  (POST /api/v1/payouts/, GET /api/v1/payouts/{payoutInstructionUUID}; callbacks CREATED → DEBITED → PAID)`,
    `    its control        ${swishPayouts.controlUrl}  (GET /payouts; POST /outcomes {"payeeAlias":"46701234567","errorCode":"VR01"} makes that number's payouts fail; POST /reset)`,
    "Environment:",
    ...Object.entries(env).map(([name, value]) => `  ${name}=${value}`),
    "",
  ].join("\n"),
);

/** The demo seller on the embedded database, created once; returns its password when created now. */
async function ensureDemoSeller(): Promise<string | null> {
  Object.assign(process.env, env);
  const { eq } = await import("drizzle-orm");
  const { hashPassword } = await import("better-auth/crypto");
  const { closeDatabase, database } = await import("../app/platform/db/client.server");
  const { prepareDatabase } = await import("../app/platform/db/setup.server");
  const { account, profiles, user } = await import("../app/platform/db/schema");
  const { makeReadySeller } = await import("../app/modules/selling/test-sellers");
  const { payoutKeyring } = await import("../app/modules/selling/payout-encryption.server");
  try {
    await prepareDatabase(database());
    const { db } = database();
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_SELLER_EMAIL));
    if (existing) return null;
    const password = randomBytes(9).toString("base64url");
    const [created] = await db.insert(user).values({ name: "Demo", email: DEMO_SELLER_EMAIL, emailVerified: true }).returning({ id: user.id });
    const id = created!.id;
    await db.insert(account).values({ accountId: id, providerId: "credential", userId: id, password: await hashPassword(password) });
    await db.insert(profiles).values({ user_id: id, email: DEMO_SELLER_EMAIL, first_name: "Demo", last_name: "Säljare", display_name: "Demo" });
    await makeReadySeller(db, id, openId.steamId, payoutKeyring());
    return password;
  } finally {
    await closeDatabase();
  }
}

if (flags.dev) {
  if (process.env.DATABASE_URL) {
    process.stdout.write("DATABASE_URL is set: no demo seller is created outside the embedded database.\n");
  } else {
    const password = await ensureDemoSeller();
    process.stdout.write(
      password
        ? `Demo seller: ${DEMO_SELLER_EMAIL} / ${password} (shown once; ready to sell on /salja)\n`
        : `Demo seller: ${DEMO_SELLER_EMAIL} (created earlier; its password was printed then)\n`,
    );
  }
  const app = spawn("npm", ["run", "dev"], { stdio: "inherit", env: { ...process.env, ...env } });
  const stop = (signal: NodeJS.Signals) => app.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  app.on("exit", (code) => {
    void stopFakes().then(() => process.exit(code ?? 0));
  });
} else {
  const stop = () => void stopFakes().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
