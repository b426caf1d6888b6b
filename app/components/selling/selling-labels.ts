/** Swedish labels the selling and trade pages show. */
import type { PriceCategory } from "~/modules/selling/selling-constants";
import type { SkinWear } from "~/modules/trades/trades-constants";

export const PRICE_CATEGORY_LABELS: Record<PriceCategory, string> = {
  weapon: "Vapen",
  knife: "Kniv",
  gloves: "Handskar",
  sticker: "Klistermärke",
  container: "Låda",
  agent: "Agent",
  other: "Övrigt",
};

export const SKIN_WEAR_LABELS: Record<SkinWear, string> = {
  FN: "Factory New",
  MW: "Minimal Wear",
  FT: "Field-Tested",
  WW: "Well-Worn",
  BS: "Battle-Scarred",
};
