/**
 * Seed rewards for the point shop (spec §2 /point-shop, §3 point_shop_items): two per
 * category. Each item has a fixed id so seeding is idempotent (insert … on conflict do
 * nothing on the primary key). As a yardstick, 1 000 points is worth about 500 SEK (spec §9).
 */
import type { point_shop_items } from "../schema";

export type ShopItemSeed = typeof point_shop_items.$inferInsert & {
  id: string;
  name: string;
  description: string;
  point_cost: number;
  category: "gaming" | "events" | "bonus" | "service" | "vip" | "other";
  is_active: boolean;
  stock_quantity: number | null;
};

export const SHOP_ITEM_SEEDS: readonly ShopItemSeed[] = [
  // gaming
  {
    id: "7a75816b-f5e4-4623-b85a-921c795f5cad",
    name: "Slumpat skin (värde ca 250 kr)",
    description:
      "Ett slumpat CS2-skin till ett marknadsvärde på ungefär 250 kr, skickat som trade till länken i din profil.",
    point_cost: 500,
    category: "gaming",
    image_url: null,
    is_active: true,
    stock_quantity: null,
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
  },
  // events (Esport)
  {
    id: "ffb8f2a5-7655-4d71-a2bd-66da941ee289",
    name: "Plats i Skinhamnen Community Cup",
    description:
      "En startplats i vår community-turnering online. Anmäl dig själv eller ditt lag – begränsat antal platser.",
    point_cost: 750,
    category: "events",
    image_url: null,
    is_active: true,
    stock_quantity: 64,
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
  },
  // bonus
  {
    id: "a07c3cd3-0a66-4140-9869-b66a122bf938",
    name: "+2 % extra på nästa försäljning",
    description:
      "Få 2 % extra på din nästa försäljning till oss, utöver eventuell VIP-bonus. Gäller en affär.",
    point_cost: 1500,
    category: "bonus",
    image_url: null,
    is_active: true,
    stock_quantity: null,
  },
  {
    id: "dd9f0452-6788-41ab-a9cb-a0fc186c443f",
    name: "Dubbla poäng i 7 dagar",
    description:
      "Under sju dagar från aktiveringen får du dubbelt så många poäng på alla dina affärer.",
    point_cost: 5000,
    category: "bonus",
    image_url: null,
    is_active: true,
    stock_quantity: null,
  },
  // service
  {
    id: "84db81b6-e246-4f73-a01b-5d56e50b3533",
    name: "Prioriterad värdering",
    description:
      "Hoppa före i kön – vi värderar ditt inventory med förtur nästa gång du vill sälja.",
    point_cost: 600,
    category: "service",
    image_url: null,
    is_active: true,
    stock_quantity: null,
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
  },
  // vip
  {
    id: "43e8fbaf-0bdf-41a2-aa01-08baaf777074",
    name: "Silver-förmåner i 30 dagar",
    description:
      "Prova Silver-nivån i 30 dagar: +1 % extra på försäljningar, oavsett hur mycket XP du har samlat.",
    point_cost: 10000,
    category: "vip",
    image_url: null,
    is_active: true,
    stock_quantity: null,
  },
  {
    id: "c63aa11d-a5e8-40cf-a02f-3c3228d80355",
    name: "Gold-förmåner i 30 dagar",
    description:
      "Prova Gold-nivån i 30 dagar: +2 % extra på försäljningar och tillgång till Gold-medlemmarnas giveaways.",
    point_cost: 50000,
    category: "vip",
    image_url: null,
    is_active: true,
    stock_quantity: 5,
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
  },
];
