import { describe, expect, it } from "vitest";
import { withSearchParams } from "./search-params";

describe("withSearchParams", () => {
  it("sets, replaces and removes params and keeps the others", () => {
    const current = new URLSearchParams("type=sale&page=3&q=anna");
    expect(withSearchParams(current, { page: 4 })).toBe("?type=sale&page=4&q=anna");
    expect(withSearchParams(current, { sort: "total", dir: "asc", page: null })).toBe("?type=sale&q=anna&sort=total&dir=asc");
    expect(withSearchParams(current, { q: "" })).toBe("?type=sale&page=3");
  });

  it("leaves the original untouched and answers a bare ? when nothing is left", () => {
    const current = new URLSearchParams("page=2");
    expect(withSearchParams(current, { page: null })).toBe("?");
    expect(current.toString()).toBe("page=2");
  });
});
