import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSprite, usedIconNames } from "./icon-sprite";

const UI_DIR = path.resolve("app/components/ui");

describe("the icon sprite (decision 023)", () => {
  it("holds exactly the icons the app imports, as the committed files say", async () => {
    const names = usedIconNames();
    expect(names.length).toBeGreaterThan(50);
    const { svg, module } = await buildSprite(names);
    expect(readFileSync(path.join(UI_DIR, "icons.svg"), "utf8")).toBe(svg);
    expect(readFileSync(path.join(UI_DIR, "icons.ts"), "utf8")).toBe(module);
  });

  it("draws lucide's own paths, aliases sharing one symbol", async () => {
    const { svg, module } = await buildSprite(["ArrowLeft", "Loader2", "LoaderCircle"]);
    expect(svg).toContain('<symbol id="arrow-left" viewBox="0 0 24 24"><path d="m12 19-7-7 7-7"/><path d="M19 12H5"/></symbol>');
    expect(svg.match(/<symbol id="loader-circle"/g)).toHaveLength(1);
    expect(module).toContain('export const Loader2 = spriteIcon("loader-circle");');
  });

  it("refuses a name lucide does not have", async () => {
    await expect(buildSprite(["NoSuchIcon"])).rejects.toThrow("NoSuchIcon");
  });
});
