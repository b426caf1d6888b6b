/** Swedish labels the selling and trade pages show. */
import type { PriceCategory } from "~/modules/selling/selling-constants";
import { statusTable } from "~/components/ui/status-badge";
import { TRADE_STATUS_LABELS, type SkinWear, type TradeStatus } from "~/modules/trades/trades-constants";

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

/** A trade's status as a badge, for staff and for the member's own history. */
export const TRADE_STATUS = statusTable<TradeStatus>(TRADE_STATUS_LABELS, {
  pending: "neutral",
  completed: "success",
  reversed: "muted",
  cancelled: "danger",
});
