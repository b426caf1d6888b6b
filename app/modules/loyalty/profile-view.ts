/**
 * What /profile's URL says about its loyalty histories: which list is open and which page of
 * each list is shown (search params, so a view can be linked, reloaded and navigated back
 * to), and how a ledger row's reason reads to the member. Isomorphic: the loader parses the
 * URL with it and the page builds its links with it.
 */
import { shopPurchaseReason } from "~/modules/shop/shop-constants";
import { MAX_PAGE } from "~/lib/paging";

export const HISTORY_TABS = [
  { id: "poang", label: "Poäng" },
  { id: "xp", label: "XP" },
  { id: "affarer", label: "Affärer" },
  { id: "ordrar", label: "Beställningar" },
] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number]["id"];

/** The search param naming the open list; each list's page is the param named by its id. */
const HISTORY_TAB_PARAM = "historik";
const DEFAULT_TAB: HistoryTab = "poang";

export interface ProfileView {
  tab: HistoryTab;
  pages: Record<HistoryTab, number>;
}

function isTab(value: unknown): value is HistoryTab {
  return HISTORY_TABS.some((tab) => tab.id === value);
}

/** A page number from the URL; anything but a whole number from 1 up is page 1. */
function pageFrom(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function parseProfileView(params: URLSearchParams): ProfileView {
  const tab = params.get(HISTORY_TAB_PARAM);
  return {
    tab: isTab(tab) ? tab : DEFAULT_TAB,
    pages: {
      poang: pageFrom(params.get("poang")),
      xp: pageFrom(params.get("xp")),
      affarer: pageFrom(params.get("affarer")),
      ordrar: pageFrom(params.get("ordrar")),
    },
  };
}

/**
 * The search string for the profile with one list opened, or one list moved to a page. Other
 * lists keep their pages; page 1 and the default list are left out of the URL.
 */
export function profileViewSearch(view: ProfileView, change: { tab?: HistoryTab; page?: number }): string {
  const tab = change.tab ?? view.tab;
  const pages = { ...view.pages, ...(change.page !== undefined ? { [tab]: change.page } : {}) };
  const params = new URLSearchParams();
  if (tab !== DEFAULT_TAB) params.set(HISTORY_TAB_PARAM, tab);
  for (const { id } of HISTORY_TABS) {
    if (pages[id] > 1) params.set(id, String(pages[id]));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

const SHOP_PREFIX = shopPurchaseReason("");

/**
 * A ledger reason as the member reads it. The shop's reason is stored in the wording docs/rules/loyalty.md#profile
 * fixes (`Point shop purchase: {item}`); every other reason is written in Swedish already.
 */
export function ledgerReasonLabel(reason: string): string {
  if (reason.startsWith(SHOP_PREFIX)) return `Köp i Point Shop: ${reason.slice(SHOP_PREFIX.length)}`;
  return reason;
}
