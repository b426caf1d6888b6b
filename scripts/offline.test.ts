/**
 * `npm run fakes` (scripts/offline.ts) starts every offline fake and prints the environment that
 * points the app at them; each printed address answers in its provider's format.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SELL_PRICE_SEEDS } from "../app/platform/db/seed/sell-prices";

let child: ChildProcess;
const env: Record<string, string> = {};

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", "scripts/offline.ts"], {
    env: { ...process.env, FAKE_STEAM_PORT: "0", FAKE_STEAM_COMMUNITY_PORT: "0", FAKE_PRICE_SOURCE_PORT: "0", FAKE_STEAM_OPENID_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("PRICE_SOURCE_URL=")) resolve();
    });
  });
  for (const match of output.matchAll(/^ {2}([A-Z_]+)=(\S+)$/gm)) env[match[1]!] = match[2]!;
}, 60_000);

afterAll(async () => {
  if (child?.exitCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
});

describe("npm run fakes", () => {
  it("prints the environment for every external Steam, price, BankID and Swish service", () => {
    expect(Object.keys(env).sort()).toEqual(
      [
        "BANKID_CA",
        "BANKID_CLIENT_CERT",
        "BANKID_CLIENT_KEY",
        "BANKID_URL",
        "PRICE_SOURCE_URL",
        "STEAM_API_KEY",
        "STEAM_API_URL",
        "STEAM_COMMUNITY_URL",
        "STEAM_IMAGE_URL",
        "STEAM_OPENID_URL",
        "SWISH_CA",
        "SWISH_CLIENT_CERT",
        "SWISH_CLIENT_KEY",
        "SWISH_PAYER_ALIAS",
        "SWISH_PAYOUTS_URL",
        "SWISH_SIGNING_KEY",
        "SWISH_SIGNING_SERIAL",
      ].sort(),
    );
  });

  it("serves the demo inventory, the demo prices, trade holds and a Steam sign-in", async () => {
    const inventory = await (await fetch(`${env.STEAM_COMMUNITY_URL}/inventory/76561198012345678/730/2?l=english&count=100`)).json();
    expect(inventory.success).toBe(1);
    expect(inventory.assets.length).toBeGreaterThan(3);

    const prices = (await (await fetch(env.PRICE_SOURCE_URL!)).json()) as { market_hash_name: string }[];
    expect(prices.map((item) => item.market_hash_name).sort()).toEqual(SELL_PRICE_SEEDS.map((price) => price.market_hash_name).sort());

    const hold = await fetch(`${env.STEAM_API_URL}/IEconService/GetTradeHoldDurations/v1/?key=${env.STEAM_API_KEY}&steamid_target=76561198012345678`);
    expect(hold.status).toBe(200);

    const signIn = await fetch(`${env.STEAM_OPENID_URL}?openid.mode=checkid_setup&openid.return_to=${encodeURIComponent("http://localhost:3000/cb")}`, { redirect: "manual" });
    expect(signIn.status).toBe(302);
    expect(new URL(signIn.headers.get("location")!).searchParams.get("openid.claimed_id")).toBe("https://steamcommunity.com/openid/id/76561198012345678");
  });

  it("stops on SIGTERM", async () => {
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  });
});
