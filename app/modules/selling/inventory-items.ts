/**
 * A member's CS2 items as Steam's Community inventory endpoint describes them, read into what the
 * sell flow needs (docs/rules/selling.md#inventory): name, wear, StatTrak/Souvenir, type and
 * price category, tradability and the Trade Protection date, image. Pure and isomorphic: the
 * gateway parses pages with it, and the /salja page filters and sorts with it.
 */
import { formatTime } from "~/lib/format";
import type { PriceCategory } from "~/modules/selling/selling-constants";
import type { SkinVariant, SkinWear } from "~/modules/trades/trades-constants";

export interface InventoryItem {
  assetId: string;
  marketHashName: string;
  /** Without the wear and the StatTrak™/Souvenir prefix, e.g. "AK-47 | Redline". */
  name: string;
  wear: SkinWear | null;
  variant: SkinVariant | null;
  /** Steam's `Type` tag as shown, e.g. "Rifle", "Knife", "Container"; null without one. */
  type: string | null;
  category: PriceCategory;
  tradable: boolean;
  marketable: boolean;
  /** When a not-tradable item becomes tradable (Trade Protection or a trade cooldown), ISO. */
  tradableAfter: string | null;
  imageUrl: string | null;
}

/** The parts of Steam's answer that are read; everything else is ignored. */
interface SteamAsset {
  assetid?: unknown;
  classid?: unknown;
  instanceid?: unknown;
}
interface SteamTag {
  category?: unknown;
  internal_name?: unknown;
  localized_tag_name?: unknown;
}
interface SteamDescription {
  classid?: unknown;
  instanceid?: unknown;
  market_hash_name?: unknown;
  name?: unknown;
  tradable?: unknown;
  marketable?: unknown;
  icon_url?: unknown;
  tags?: unknown;
  owner_descriptions?: unknown;
  descriptions?: unknown;
  cache_expiration?: unknown;
}
export interface SteamInventoryPage {
  assets?: unknown;
  descriptions?: unknown;
  more_items?: unknown;
  last_assetid?: unknown;
  total_inventory_count?: unknown;
  success?: unknown;
}

const WEAR_BY_INTERNAL: Record<string, SkinWear> = {
  WearCategory0: "FN",
  WearCategory1: "MW",
  WearCategory2: "FT",
  WearCategory3: "WW",
  WearCategory4: "BS",
};
const WEAR_BY_NAME: Record<string, SkinWear> = {
  "factory new": "FN",
  "minimal wear": "MW",
  "field-tested": "FT",
  "well-worn": "WW",
  "battle-scarred": "BS",
};

const CATEGORY_BY_TYPE: Record<string, PriceCategory> = {
  CSGO_Type_Pistol: "weapon",
  CSGO_Type_SMG: "weapon",
  CSGO_Type_Rifle: "weapon",
  CSGO_Type_SniperRifle: "weapon",
  CSGO_Type_Shotgun: "weapon",
  CSGO_Type_Machinegun: "weapon",
  CSGO_Type_Knife: "knife",
  Type_Hands: "gloves",
  CSGO_Tool_Sticker: "sticker",
  CSGO_Type_WeaponCase: "container",
  Type_CustomPlayer: "agent",
};

const text = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);
/** Steam writes ids as strings, and sometimes numbers. */
const idText = (value: unknown): string | null =>
  typeof value === "string" && /^\d{1,20}$/.test(value) ? value : typeof value === "number" && Number.isSafeInteger(value) ? String(value) : null;
const flag = (value: unknown): boolean => value === 1 || value === true || value === "1";

function tags(description: SteamDescription): SteamTag[] {
  return Array.isArray(description.tags) ? (description.tags as SteamTag[]).filter((tag) => tag && typeof tag === "object") : [];
}

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/**
 * The date in Steam's owner text, e.g. "Tradable After Dec 3, 2026 (7:00:00) GMT",
 * "Tradable/Marketable After …" or "⇆ On Trade Protection until …" (docs/rules/selling.md#trade-protection).
 */
export function tradableAfterFromText(value: string): string | null {
  const match = /(?:After|until)\s+([A-Z][a-z]{2})\s+(\d{1,2}),\s+(\d{4})(?:\s*\((\d{1,2}):(\d{2}):(\d{2})\))?\s*GMT/i.exec(value);
  if (!match) return null;
  const month = MONTHS[match[1]!.slice(0, 1).toUpperCase() + match[1]!.slice(1).toLowerCase()];
  if (month === undefined) return null;
  const date = new Date(Date.UTC(Number(match[3]), month, Number(match[2]), Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function tradableAfter(description: SteamDescription): string | null {
  const expiration = text(description.cache_expiration);
  if (expiration) {
    const date = new Date(expiration);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  for (const list of [description.owner_descriptions, description.descriptions]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as { value?: unknown }[]) {
      const value = text(entry?.value);
      const date = value ? tradableAfterFromText(value) : null;
      if (date) return date;
    }
  }
  return null;
}

/** Display name: Steam's `name` without the StatTrak™/Souvenir prefix (a knife keeps its ★). */
function displayName(name: string): string {
  return name.replace(/^(★\s+)?(StatTrak™\s+|Souvenir\s+)/, "$1").trim();
}

function variantOf(marketHashName: string, itemTags: SteamTag[]): SkinVariant | null {
  const quality = itemTags.find((tag) => tag.category === "Quality")?.internal_name;
  if (quality === "strange" || marketHashName.includes("StatTrak™")) return "stattrak";
  if (quality === "tournament" || marketHashName.startsWith("Souvenir ")) return "souvenir";
  return null;
}

function wearOf(itemTags: SteamTag[]): SkinWear | null {
  const tag = itemTags.find((entry) => entry.category === "Exterior");
  if (!tag) return null;
  const internal = text(tag.internal_name);
  if (internal && WEAR_BY_INTERNAL[internal]) return WEAR_BY_INTERNAL[internal];
  const shown = text(tag.localized_tag_name)?.toLowerCase();
  return shown ? (WEAR_BY_NAME[shown] ?? null) : null;
}

/** Steam's image URL: the configured base, then the description's `icon_url`. */
function steamImageUrl(base: string, iconUrl: string): string {
  return `${base.replace(/\/$/, "")}/${encodeURIComponent(iconUrl).replace(/%2F/gi, "/")}`;
}

/**
 * One page of Steam's answer as items: each asset joined to its description by classid and
 * instanceid. An asset without a description, or a description without a market_hash_name,
 * is left out.
 */
export function parseInventoryPage(page: SteamInventoryPage, imageBase: string): InventoryItem[] {
  const assets = Array.isArray(page.assets) ? (page.assets as SteamAsset[]) : [];
  const descriptions = Array.isArray(page.descriptions) ? (page.descriptions as SteamDescription[]) : [];
  const byKey = new Map<string, SteamDescription>();
  for (const description of descriptions) {
    if (!description || typeof description !== "object") continue;
    const classId = idText(description.classid);
    if (classId) byKey.set(`${classId}_${idText(description.instanceid) ?? "0"}`, description);
  }
  const items: InventoryItem[] = [];
  for (const asset of assets) {
    if (!asset || typeof asset !== "object") continue;
    const assetId = idText(asset.assetid);
    const classId = idText(asset.classid);
    if (!assetId || !classId) continue;
    const description = byKey.get(`${classId}_${idText(asset.instanceid) ?? "0"}`);
    const marketHashName = description ? text(description.market_hash_name) : null;
    if (!description || !marketHashName) continue;
    const itemTags = tags(description);
    const typeTag = itemTags.find((tag) => tag.category === "Type");
    const tradable = flag(description.tradable);
    const icon = text(description.icon_url);
    items.push({
      assetId,
      marketHashName,
      name: displayName(text(description.name) ?? marketHashName.replace(/\s+\([^)]*\)$/, "")),
      wear: wearOf(itemTags),
      variant: variantOf(marketHashName, itemTags),
      type: text(typeTag?.localized_tag_name),
      category: CATEGORY_BY_TYPE[text(typeTag?.internal_name) ?? ""] ?? "other",
      tradable,
      marketable: flag(description.marketable),
      tradableAfter: tradable ? null : tradableAfter(description),
      imageUrl: icon ? steamImageUrl(imageBase, icon) : null,
    });
  }
  return items;
}

/** Whether the item is under Trade Protection (or a cooldown) at `now`: not tradable, with a later date. */
export function isTradeProtected(item: Pick<InventoryItem, "tradable" | "tradableAfter">, now: Date): boolean {
  return !item.tradable && item.tradableAfter !== null && new Date(item.tradableAfter).getTime() > now.getTime();
}

export type InventorySort = "price_desc" | "price_asc" | "name";

export interface InventoryFilter {
  search?: string;
  type?: string;
  wear?: SkinWear | "";
  sort?: InventorySort;
}

/** Filters and sorts the grid; `priceOf` gives an item's price (öre) or null without one. */
export function filterInventory<T extends InventoryItem>(
  items: readonly T[],
  filter: InventoryFilter,
  priceOf: (item: T) => number | null,
): T[] {
  const needle = filter.search?.trim().toLowerCase() ?? "";
  const kept = items.filter(
    (item) =>
      (!needle || item.marketHashName.toLowerCase().includes(needle)) &&
      (!filter.type || item.type === filter.type) &&
      (!filter.wear || item.wear === filter.wear),
  );
  const sort = filter.sort ?? "price_desc";
  return kept.sort((a, b) => {
    if (sort === "name") return a.marketHashName.localeCompare(b.marketHashName, "sv");
    const pa = priceOf(a) ?? -1;
    const pb = priceOf(b) ?? -1;
    return sort === "price_asc" ? pa - pb : pb - pa;
  });
}

/** How to make a Steam inventory public (Steam's privacy settings page). */
export const STEAM_PRIVACY_URL = "https://steamcommunity.com/my/edit/settings";

export const INVENTORY_MESSAGES = {
  private:
    "Ditt Steam-lager är privat, så vi kan inte se dina föremål. Gör det offentligt i Steam: Profil → Redigera profil → Sekretessinställningar → Lager: Offentligt. Ladda sedan om lagret här.",
  rateLimited: (retryAt: string) =>
    `Steam begränsar hur ofta lager får hämtas just nu. Försök igen efter ${formatTime(retryAt)}.`,
  unavailable: "Vi kunde inte hämta ditt Steam-lager just nu. Steam svarar inte – försök igen om en stund.",
  empty: "Ditt Steam-lager har inga CS2-föremål.",
} as const;
