import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./safe-redirect";

describe("safeRedirectTo", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirectTo("/profile")).toBe("/profile");
    expect(safeRedirectTo("/blog/x?y=1#z")).toBe("/blog/x?y=1#z");
  });
  it("falls back to / for anything that could leave the site", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "evil", "/\t/evil.example", "", undefined, 5]) {
      expect(safeRedirectTo(bad)).toBe("/");
    }
  });
  it("never loops back to the auth page or the auth API", () => {
    expect(safeRedirectTo("/auth?mode=signin")).toBe("/");
    expect(safeRedirectTo("/api/auth/sign-out")).toBe("/");
  });
});
