import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./safe-redirect";

describe("safeRedirectTo", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeRedirectTo("/profile")).toBe("/profile");
    expect(safeRedirectTo("/blog/x?y=1#z")).toBe("/blog/x?y=1#z");
    expect(safeRedirectTo("/blog/%C3%A5r-2026")).toBe("/blog/%C3%A5r-2026");
  });

  it("falls back to / for anything that could leave the site", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "evil", "/\t/evil.example", "", undefined, 5]) {
      expect(safeRedirectTo(bad)).toBe("/");
    }
  });

  it("normalises before checking, whatever the encoding", () => {
    for (const bad of [
      "/.//evil.example/phish",
      "/%2e%2e//evil.example",
      "/%2E%2E/%2Fevil.example",
      "/%2f%2fevil.example",
      "/%2F/evil.example",
      "/%5cevil.example",
      "/%5C%5Cevil.example",
      "/%252f%252fevil.example",
      "/%09/evil.example",
      "/\n/evil.example",
      "/%0d%0a/evil.example",
      "/./%2e/.//evil.example",
      "/a/../..//evil.example",
      "/%00",
      "/%E0%A4%A",
      `/${"a".repeat(5000)}`,
    ]) {
      expect(safeRedirectTo(bad), bad).toBe("/");
    }
  });

  it("resolves harmless dot segments to the page they name", () => {
    expect(safeRedirectTo("/blog/../profile")).toBe("/profile");
    expect(safeRedirectTo("/./point-shop")).toBe("/point-shop");
  });

  it("never keeps React Router's data-request suffix or parameters", () => {
    expect(safeRedirectTo("/profile.data")).toBe("/profile");
    expect(safeRedirectTo("/_root.data")).toBe("/");
    expect(safeRedirectTo("/blog/_.data")).toBe("/blog/");
    expect(safeRedirectTo("/point-shop.data?_routes=routes%2Fpoint-shop")).toBe("/point-shop");
    expect(safeRedirectTo("/blog.data?q=skins&_routes=root")).toBe("/blog?q=skins");
  });

  it("never loops back to the auth page or the auth API", () => {
    expect(safeRedirectTo("/auth?mode=signin")).toBe("/");
    expect(safeRedirectTo("/auth.data")).toBe("/");
    expect(safeRedirectTo("/api/auth/sign-out")).toBe("/");
  });
});
