import { describe, expect, it } from "vitest";
import { WELCOME_DIALOG } from "~/modules/accounts/accounts-constants";
import { shouldShowWelcome, welcomeStorageKey } from "./welcome-rules";

const now = Date.parse("2026-05-01T12:00:00Z");
const old = new Date(now - WELCOME_DIALOG.suppressForProfilesYoungerThanMs - 1000).toISOString();
const base = { pathname: "/", search: "", hash: "", profileCreatedAt: old, alreadyShown: false, now };

describe("welcome-back dialog (docs/rules/site.md#welcome-dialog)", () => {
  it("shows for an older profile not yet welcomed in this session", () => {
    expect(shouldShowWelcome(base)).toBe(true);
  });

  it("shows on the public site only: never over the staff panel, the sell flow or the member's pages", () => {
    for (const pathname of ["/", "/salja-skins", "/blog", "/blog/ett-inlagg", "/faq"]) expect(shouldShowWelcome({ ...base, pathname }), pathname).toBe(true);
    for (const pathname of ["/admin", "/admin/users", "/salja", "/salja/vardering", "/profile", "/mina-affarer", "/auth", "/blog/a/b"]) {
      expect(shouldShowWelcome({ ...base, pathname }), pathname).toBe(false);
    }
  });
  it("shows at most once per session", () => {
    expect(shouldShowWelcome({ ...base, alreadyShown: true })).toBe(false);
  });
  it("is skipped right after confirming the address or with an access token", () => {
    expect(shouldShowWelcome({ ...base, search: "?mode=signin&message=confirmed" })).toBe(false);
    expect(shouldShowWelcome({ ...base, search: "?access_token=abc" })).toBe(false);
    expect(shouldShowWelcome({ ...base, hash: "#access_token=abc&type=recovery" })).toBe(false);
  });
  it("is skipped for profiles younger than 5 minutes", () => {
    const young = new Date(now - WELCOME_DIALOG.suppressForProfilesYoungerThanMs + 1000).toISOString();
    expect(shouldShowWelcome({ ...base, profileCreatedAt: young })).toBe(false);
  });
  it("keys the session flag per user", () => {
    expect(welcomeStorageKey("abc")).toBe("welcome_shown_abc");
  });
});
