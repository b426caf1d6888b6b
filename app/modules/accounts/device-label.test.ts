import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device-label";

describe("device label", () => {
  it("names browser and system in Swedish", () => {
    expect(
      deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36"),
    ).toBe("Chrome på Windows");
    expect(
      deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari på iPhone");
    expect(
      deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0"),
    ).toBe("Edge på Windows");
    expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0")).toBe("Firefox på Linux");
  });

  it("falls back when the agent is unknown or missing", () => {
    expect(deviceLabel("curl/8.0")).toBe("Okänd enhet");
    expect(deviceLabel(null)).toBe("Okänd enhet");
  });
});
