import { describe, expect, it } from "vitest";
import { ROLES } from "~/modules/accounts/accounts-constants";
import { ADMIN_TABS, adminTabForPath, canOpenTab, firstTab, visibleTabs } from "./admin-tabs";

const labels = (tabs: ReadonlyArray<{ label: string }>) => tabs.map((tab) => tab.label);

describe("the staff panel's tabs (docs/rules/admin.md#roles-and-tabs)", () => {
  it("lists all eleven tabs in the sidebar order, each under /admin", () => {
    expect(labels(ADMIN_TABS)).toEqual([
      "Dashboard",
      "Transactions",
      "Analytics",
      "Users",
      "Blog",
      "SEO Dashboard",
      "Newsletter",
      "LTV Analytics",
      "Referrals",
      "Influencers",
      "Point Shop",
    ]);
    for (const tab of ADMIN_TABS) expect(tab.path).toBe(`/admin/${tab.id}`);
  });

  it("shows admin every tab, blog only Blog, seo Blog and SEO Dashboard", () => {
    expect(labels(visibleTabs(["admin"]))).toHaveLength(11);
    expect(labels(visibleTabs(["blog"]))).toEqual(["Blog"]);
    expect(labels(visibleTabs(["seo"]))).toEqual(["Blog", "SEO Dashboard"]);
    expect(labels(visibleTabs(["blog", "seo"]))).toEqual(["Blog", "SEO Dashboard"]);
    expect(visibleTabs([])).toEqual([]);
  });

  it("starts admin on Dashboard and blog and seo on Blog; a member has no tab", () => {
    expect(firstTab(["admin"])?.path).toBe("/admin/dashboard");
    expect(firstTab(["blog"])?.path).toBe("/admin/blog");
    expect(firstTab(["seo"])?.path).toBe("/admin/blog");
    expect(firstTab([])).toBeNull();
  });

  it("gives every tab at least the admin role, and only known roles", () => {
    for (const tab of ADMIN_TABS) {
      expect(canOpenTab(["admin"], tab)).toBe(true);
      for (const role of tab.roles) expect(ROLES).toContain(role);
    }
  });

  it("finds the tab of a path inside it, and no tab for a look-alike path", () => {
    expect(adminTabForPath("/admin/transactions")?.id).toBe("transactions");
    expect(adminTabForPath("/admin/transactions/export.csv")?.id).toBe("transactions");
    expect(adminTabForPath("/admin/transactionsx")).toBeNull();
    expect(adminTabForPath("/admin")).toBeNull();
  });
});
