/**
 * Meta of the staff panel's pages: the tab's name, and `noindex` on every one (the panel is
 * also disallowed in robots.txt and answered with X-Robots-Tag).
 */
import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/seo";
import { ADMIN_BASE_PATH, adminTab, type AdminTabId } from "~/modules/admin/admin-tabs";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

export function adminMeta(matches: ReadonlyArray<MatchLike | undefined>, tabId?: AdminTabId): MetaDescriptor[] {
  const tab = tabId ? adminTab(tabId) : null;
  return pageMeta(matches, {
    title: tab ? `${tab.label} – Adminpanel` : "Adminpanel",
    description: tab?.summary ?? "Personalens adminpanel.",
    path: tab?.path ?? ADMIN_BASE_PATH,
    noindex: true,
  });
}
