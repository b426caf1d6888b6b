import { describe, expect, it } from "vitest";
import { providerAvatarUrl, providerText } from "./provider-profile";

describe("names from an identity provider", () => {
  it("are trimmed, cleaned of control characters and cut to 100 characters", () => {
    expect(providerText("  Gabe ")).toBe("Gabe");
    expect(providerText("Ga\u0000be\u001b")).toBe("Gabe");
    expect(providerText("x".repeat(500))).toHaveLength(100);
    expect(providerText("\u0000 ")).toBeNull();
    expect(providerText(42)).toBeNull();
  });
});

describe("avatars from an identity provider", () => {
  it("are kept only as plain https URLs", () => {
    expect(providerAvatarUrl("https://avatars.steamstatic.com/a_full.jpg")).toBe("https://avatars.steamstatic.com/a_full.jpg");
    for (const bad of [
      "javascript:alert(1)",
      "http://cdn.example/a.jpg",
      "data:image/png;base64,AAAA",
      "https://cdn.example/a\u0000.jpg",
      "https://user:pass@cdn.example/a.jpg",
      `https://cdn.example/${"a".repeat(2000)}`,
      "https://cdn.example/a b.jpg",
      null,
      { href: "https://cdn.example/a.jpg" },
    ]) {
      expect(providerAvatarUrl(bad)).toBeNull();
    }
  });
});
