import { describe, expect, it } from "vitest";
import { BLANK_LINE, draftLines, editDraft, lineEdit } from "./trade-draft";
import { TRADE_LIMITS } from "./trades-constants";

const posted = {
  intent: "record",
  member: "kund@example.se",
  type: "sale",
  "items.0.skinName": "AK-47 | Redline",
  "items.0.wear": "FT",
  "items.0.float": "0,15",
  "items.0.variant": "",
  "items.0.price": "500",
  "items.1.skinName": "AWP | Asiimov",
  "items.1.wear": "BS",
  "items.1.float": "",
  "items.1.variant": "stattrak",
  "items.1.price": "900",
};

describe("the record form's lines without JavaScript", () => {
  it("reads which line button posted the form, and nothing else", () => {
    expect(lineEdit({ addItem: "1" })).toEqual({ add: true });
    expect(lineEdit({ removeItem: "1" })).toEqual({ remove: 1 });
    expect(lineEdit({ removeItem: "-1" })).toBeNull();
    expect(lineEdit({ removeItem: "1e9" })).toBeNull();
    expect(lineEdit({ addItem: "ja" })).toBeNull();
    expect(lineEdit({ intent: "record" })).toBeNull();
  });

  it("adds a blank line after the typed ones and keeps every other field", () => {
    const next = editDraft({ ...posted, addItem: "1" }, { add: true });
    expect(draftLines(next)).toEqual([
      { skinName: "AK-47 | Redline", wear: "FT", float: "0,15", variant: "", price: "500" },
      { skinName: "AWP | Asiimov", wear: "BS", float: "", variant: "stattrak", price: "900" },
      BLANK_LINE,
    ]);
    expect(next).toMatchObject({ member: "kund@example.se", type: "sale" });
    expect(next).not.toHaveProperty("addItem");
  });

  it("removes a line and numbers the rest from 0, but never the last one", () => {
    const next = editDraft({ ...posted, removeItem: "0" }, { remove: 0 });
    expect(next["items.0.skinName"]).toBe("AWP | Asiimov");
    expect(next).not.toHaveProperty("items.1.skinName");
    expect(draftLines(editDraft(next, { remove: 0 }))).toHaveLength(1);
  });

  it("reads lines in position order, gaps closed, at most the trade's limit", () => {
    const gapped = { "items.7.skinName": "B", "items.2.skinName": "A" };
    expect(draftLines(gapped).map((line) => line.skinName)).toEqual(["A", "B"]);
    const many = Object.fromEntries(Array.from({ length: TRADE_LIMITS.maxItems + 5 }, (_, index) => [`items.${index}.skinName`, `S${index}`]));
    expect(draftLines(many)).toHaveLength(TRADE_LIMITS.maxItems);
    expect(draftLines(editDraft(many, { add: true }))).toHaveLength(TRADE_LIMITS.maxItems);
  });
});
