/**
 * Seed rewards for the point shop (docs/rules/loyalty.md#point-shop): two per
 * category, and one for Platinum members only. Each item has a fixed id so seeding is
 * idempotent (insert … on conflict do nothing on the primary key). As a yardstick, 1 000
 * points is worth about 500 SEK (docs/rules/loyalty.md#points-and-xp).
 *
 * Items with an `effect_kind` grant a perk the moment they are bought
 * (docs/rules/loyalty.md#perks); every other item is a reward staff fulfil by hand, and its text
 * says so rather than promising anything automatic. The effects of existing seeded rows are set by
 * the data migration `drizzle/0002_shop_item_effects.sql`, keyed by these ids.
 */
import type { LevelId, PerkKind } from "../../../modules/loyalty/loyalty-constants";
import type { point_shop_items } from "../schema";

export type ShopItemSeed = typeof point_shop_items.$inferInsert & {
  id: string;
  name: string;
  description: string;
  point_cost: number;
  category: "gaming" | "events" | "bonus" | "service" | "vip" | "other";
  is_active: boolean;
  stock_quantity: number | null;
  min_level: LevelId | null;
  effect_kind: PerkKind | null;
  effect_value: number | null;
  effect_level: LevelId | null;
  effect_days: number | null;
};

const manual = { effect_kind: null, effect_value: null, effect_level: null, effect_days: null } as const;

export const SHOP_ITEM_SEEDS: readonly ShopItemSeed[] = [
  // gaming
  {
    id: "7a75816b-f5e4-4623-b85a-921c795f5cad",
    name: "Slumpat skin (värde ca 250 kr)",
    description:
      "Ett slumpat CS2-skin till ett marknadsvärde på ungefär 250 kr. Vi skickar det som trade till länken i din profil när vi har behandlat ordern.",
    point_cost: 500,
    category: "gaming",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    ...manual,
  },
  {
    id: "2457fd19-c7c4-429a-b231-11fcb83fa3d9",
    name: "Valfritt skin upp till 1 000 kr",
    description:
      "Välj ett skin med ett marknadsvärde på högst 1 000 kr. Vi kontaktar dig i chatten för att bekräfta ditt val.",
    point_cost: 2000,
    category: "gaming",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    ...manual,
  },
  // events (Esport)
  {
    id: "ffb8f2a5-7655-4d71-a2bd-66da941ee289",
    name: "Plats i Skinhamnen Community Cup",
    description:
      "En startplats i vår community-turnering online. Vi kontaktar dig om anmälan för dig eller ditt lag när ordern är behandlad – begränsat antal platser.",
    point_cost: 750,
    category: "events",
    image_url: null,
    is_active: true,
    stock_quantity: 64,
    min_level: null,
    ...manual,
  },
  {
    id: "8aa00858-d57a-4245-a653-6e395a8998d2",
    name: "Biljett till svenskt LAN-event",
    description:
      "En inträdesbiljett till ett LAN-event i Sverige som vi samarbetar med. Vi mejlar biljetten när ordern är behandlad.",
    point_cost: 3000,
    category: "events",
    image_url: null,
    is_active: true,
    stock_quantity: 10,
    min_level: null,
    ...manual,
  },
  // bonus
  {
    id: "a07c3cd3-0a66-4140-9869-b66a122bf938",
    name: "+2 % extra på nästa försäljning",
    description:
      "Läggs automatiskt på din nästa försäljning som vi registrerar, utöver VIP- och bulkbonus. Gäller en affär.",
    point_cost: 1500,
    category: "bonus",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    effect_kind: "sale_bonus",
    effect_value: 2,
    effect_level: null,
    effect_days: null,
  },
  {
    id: "dd9f0452-6788-41ab-a9cb-a0fc186c443f",
    name: "Dubbla poäng i 7 dagar",
    description:
      "I sju dagar från köpet ger varje affär som slutförs dubbelt så många poäng. XP räknas som vanligt. Har du redan dubbla poäng läggs dagarna till efter den pågående perioden.",
    point_cost: 5000,
    category: "bonus",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    effect_kind: "points_multiplier",
    effect_value: 2,
    effect_level: null,
    effect_days: 7,
  },
  // service
  {
    id: "84db81b6-e246-4f73-a01b-5d56e50b3533",
    name: "Prioriterad värdering",
    description:
      "Hoppa före i kön: när ordern är behandlad värderar vi ditt inventory med förtur nästa gång du vill sälja.",
    point_cost: 600,
    category: "service",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    ...manual,
  },
  {
    id: "06af6473-f071-4a65-8d62-bb0d977e5531",
    name: "Personlig genomgång av ditt inventory",
    description:
      "En av våra handlare går igenom ditt inventory med dig i chatten: float, stickers och vad som är värt att sälja.",
    point_cost: 1200,
    category: "service",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    ...manual,
  },
  // vip
  {
    id: "43e8fbaf-0bdf-41a2-aa01-08baaf777074",
    name: "Silver-förmåner i 30 dagar",
    description:
      "Räknas som Silver i 30 dagar från köpet, oavsett hur mycket XP du har: +1 % extra på försäljningar som registreras under perioden. XP och månadsbonus påverkas inte.",
    point_cost: 10000,
    category: "vip",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: null,
    effect_kind: "temporary_level",
    effect_value: null,
    effect_level: "silver",
    effect_days: 30,
  },
  {
    id: "c63aa11d-a5e8-40cf-a02f-3c3228d80355",
    name: "Gold-förmåner i 30 dagar",
    description:
      "Räknas som Gold i 30 dagar från köpet: +2 % extra på försäljningar och Gold-nivåns lägre köpavgift på affärer som registreras under perioden. XP och månadsbonus påverkas inte.",
    point_cost: 50000,
    category: "vip",
    image_url: null,
    is_active: true,
    stock_quantity: 5,
    min_level: null,
    effect_kind: "temporary_level",
    effect_value: null,
    effect_level: "gold",
    effect_days: 30,
  },
  // other (Övrigt)
  {
    id: "523d1d29-dad1-4d17-894c-338754f145a1",
    name: "Skinhamnen-hoodie",
    description:
      "Mjuk hoodie i marinblått med orange tryck. Vi kontaktar dig om storlek och leveransadress efter beställningen.",
    point_cost: 1000,
    category: "other",
    image_url: null,
    is_active: true,
    stock_quantity: 50,
    min_level: null,
    ...manual,
  },
  {
    id: "34ae36bc-f2f0-4efa-a859-1e7a7e793b55",
    name: "Musmatta och klistermärken",
    description:
      "En stor musmatta i Skinhamnens färger och ett paket klistermärken, skickade hem till dig.",
    point_cost: 700,
    category: "other",
    image_url: null,
    is_active: true,
    stock_quantity: 100,
    min_level: null,
    ...manual,
  },
  // Platinum only: deals that are not public (docs/rules/loyalty.md#point-shop)
  {
    id: "5d0f1c8e-3b7a-4e52-9c61-7f2a8b4d9e13",
    name: "Unika erbjudanden för Platinum",
    description:
      "Ett erbjudande som inte är publikt: din personliga kontaktperson hör av sig med ett skinpaket utvalt för dig när ordern är behandlad.",
    point_cost: 25000,
    category: "vip",
    image_url: null,
    is_active: true,
    stock_quantity: null,
    min_level: "platinum",
    ...manual,
  },
];
