/**
 * A local stand-in for Steam Community's inventory endpoint (docs/rules/selling.md#inventory),
 * on 127.0.0.1: `GET /inventory/{steamid64}/730/2?l=english&count=N[&start_assetid=…]` answers in
 * Steam's format (assets, descriptions, more_items, last_assetid), paged; an inventory can be
 * set to answer 403 (private), 429 (rate limited) or to hang. Item images are served as small
 * SVGs under `/economy/image/`. Given the trading fake, it also answers a bot's trade-offer and
 * mobile-confirmation pages (`steam-trading.ts`). The Steam Web API (trade holds, trade offers) is the other fake,
 * `server/fakes/steam-web-api.ts`. Tests start it in-process; for offline development run
 *
 *     npx tsx server/fakes/steam-community.ts          # http://127.0.0.1:3901, a demo inventory for every Steam id
 *     STEAM_COMMUNITY_URL=http://127.0.0.1:3901 STEAM_IMAGE_URL=http://127.0.0.1:3901/economy/image npm run dev
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import type { FakeSteamTrading } from "./steam-trading";

export interface FakeItem {
  assetId: string;
  marketHashName: string;
  /** Steam's `Type` tag: internal name and shown name. */
  type?: { internal: string; name: string };
  tradable?: boolean;
  marketable?: boolean;
  /** For a not-tradable item: the date Steam names in "Tradable After …" (owner_descriptions). */
  tradableAfter?: Date;
}

export type FakeInventory = FakeItem[] | { status: 403 | 429 | 500; retryAfterSeconds?: number } | { hang: true };

const WEAR_TAGS: Record<string, string> = {
  "Factory New": "WearCategory0",
  "Minimal Wear": "WearCategory1",
  "Field-Tested": "WearCategory2",
  "Well-Worn": "WearCategory3",
  "Battle-Scarred": "WearCategory4",
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Steam's owner text for a protected item, e.g. "Tradable After Dec 3, 2026 (7:00:00) GMT". */
function tradableAfterText(date: Date): string {
  const time = `${date.getUTCHours()}:${String(date.getUTCMinutes()).padStart(2, "0")}:${String(date.getUTCSeconds()).padStart(2, "0")}`;
  return `Tradable After ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()} (${time}) GMT`;
}

function describe(item: FakeItem, classId: string) {
  const wearName = /\(([^)]+)\)$/.exec(item.marketHashName)?.[1];
  const tags: Record<string, string>[] = [];
  const type = item.type ?? { internal: "CSGO_Type_Rifle", name: "Rifle" };
  tags.push({ category: "Type", internal_name: type.internal, localized_category_name: "Type", localized_tag_name: type.name });
  if (wearName && WEAR_TAGS[wearName]) {
    tags.push({ category: "Exterior", internal_name: WEAR_TAGS[wearName], localized_category_name: "Exterior", localized_tag_name: wearName });
  }
  const quality = item.marketHashName.includes("StatTrak™") ? ["strange", "StatTrak™"] : item.marketHashName.startsWith("Souvenir ") ? ["tournament", "Souvenir"] : ["normal", "Normal"];
  tags.push({ category: "Quality", internal_name: quality[0]!, localized_category_name: "Category", localized_tag_name: quality[1]! });
  const tradable = item.tradable ?? true;
  return {
    appid: 730,
    classid: classId,
    instanceid: "0",
    currency: 0,
    background_color: "",
    icon_url: `fake-${classId}`,
    tradable: tradable ? 1 : 0,
    marketable: (item.marketable ?? tradable) ? 1 : 0,
    name: wearName ? item.marketHashName.replace(/\s+\([^)]*\)$/, "") : item.marketHashName,
    market_hash_name: item.marketHashName,
    market_name: item.marketHashName,
    type: type.name,
    commodity: 0,
    tags,
    ...(item.tradableAfter
      ? {
          owner_descriptions: [{ type: "html", value: tradableAfterText(item.tradableAfter), color: "ff4040" }],
          cache_expiration: item.tradableAfter.toISOString(),
        }
      : {}),
  };
}

/** A page of `inventory` in Steam's format, from `start` (an asset id, exclusive) with `count` items. */
function page(items: FakeItem[], start: string | null, count: number) {
  const from = start ? items.findIndex((item) => item.assetId === start) + 1 : 0;
  const slice = items.slice(from, from + count);
  const classIds = new Map<string, string>();
  for (const item of slice) if (!classIds.has(item.marketHashName)) classIds.set(item.marketHashName, String(310_000 + classIds.size + from));
  const more = from + count < items.length;
  return {
    assets: slice.map((item) => ({ appid: 730, contextid: "2", assetid: item.assetId, classid: classIds.get(item.marketHashName), instanceid: "0", amount: "1" })),
    descriptions: [...classIds].map(([name, classId]) => describe(slice.find((item) => item.marketHashName === name)!, classId)),
    ...(more ? { more_items: 1, last_assetid: slice.at(-1)?.assetId } : {}),
    total_inventory_count: items.length,
    success: 1,
    rwgrsn: -2,
  };
}

const PISTOL = { internal: "CSGO_Type_Pistol", name: "Pistol" };
const KNIFE = { internal: "CSGO_Type_Knife", name: "Knife" };
const CASE = { internal: "CSGO_Type_WeaponCase", name: "Container" };

/**
 * The demo inventory: a few common items, one under Trade Protection, one not tradable. The demo
 * content prices every tradable one (`app/platform/db/seed/sell-prices.ts`).
 */
export function demoInventory(now = new Date()): FakeItem[] {
  return [
    { assetId: "1000000001", marketHashName: "AK-47 | Redline (Field-Tested)" },
    { assetId: "1000000002", marketHashName: "StatTrak™ AWP | Asiimov (Battle-Scarred)", type: { internal: "CSGO_Type_SniperRifle", name: "Sniper Rifle" } },
    { assetId: "1000000003", marketHashName: "Glock-18 | Water Elemental (Minimal Wear)", type: PISTOL },
    { assetId: "1000000004", marketHashName: "★ Karambit | Doppler (Factory New)", type: KNIFE },
    { assetId: "1000000005", marketHashName: "Souvenir M4A1-S | Knight (Factory New)", type: { internal: "CSGO_Type_Rifle", name: "Rifle" } },
    { assetId: "1000000006", marketHashName: "USP-S | Kill Confirmed (Well-Worn)", type: PISTOL, tradable: false, tradableAfter: new Date(now.getTime() + 5 * 86_400_000) },
    { assetId: "1000000007", marketHashName: "Revolution Case", type: CASE },
    { assetId: "1000000008", marketHashName: "Operation Breakout Weapon Case", type: CASE, tradable: false, marketable: false },
  ];
}

export interface FakeSteamCommunity {
  url: string;
  /** Every inventory request: path and query. */
  requests: URL[];
  setInventory(steamId64: string, inventory: FakeInventory): void;
  /** What a Steam id without its own inventory gets (unset: an empty inventory). */
  setDefault(inventory: FakeInventory | null): void;
  stop(): Promise<void>;
}

/**
 * `trading` (the Web API fake's `trading`) adds the trade-offer and mobile-confirmation pages a
 * bot account uses (`steam-trading.ts`).
 */
export async function startFakeSteamCommunity(port = 0, options: { trading?: FakeSteamTrading } = {}): Promise<FakeSteamCommunity> {
  const inventories = new Map<string, FakeInventory>();
  let fallback: FakeInventory | null = null;
  const requests: URL[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (options.trading && (await options.trading.handleCommunity(req, res, url))) return;
    if (url.pathname.startsWith("/economy/image/")) {
      const hue = [...url.pathname].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" }).end(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 192"><rect width="256" height="192" fill="hsl(${hue} 40% 30%)"/><path d="M40 120 L200 70 L210 90 L60 140 Z" fill="hsl(${hue} 60% 70%)"/></svg>`,
      );
      return;
    }
    const match = /^\/inventory\/(\d{17})\/730\/2\/?$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404).end("null");
      return;
    }
    requests.push(url);
    const inventory = inventories.get(match[1]!) ?? fallback ?? [];
    if ("hang" in inventory) return;
    if ("status" in inventory) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (inventory.retryAfterSeconds !== undefined) headers["retry-after"] = String(inventory.retryAfterSeconds);
      res.writeHead(inventory.status, headers).end("null");
      return;
    }
    const count = Math.min(Number(url.searchParams.get("count") ?? 2000) || 2000, 2000);
    const body = page(inventory, url.searchParams.get("start_assetid"), count);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    setInventory: (steamId64, inventory) => void inventories.set(steamId64, inventory),
    setDefault: (inventory) => void (fallback = inventory),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Run directly: the fake for offline development, a demo inventory for every Steam id.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakeSteamCommunity(Number(process.env.FAKE_STEAM_COMMUNITY_PORT ?? 3901));
  fake.setDefault(demoInventory());
  process.stdout.write(`Fake Steam Community on ${fake.url} (STEAM_COMMUNITY_URL=${fake.url} STEAM_IMAGE_URL=${fake.url}/economy/image)\n`);
}
