import { describe, expect, it } from "vitest";
import { pageParams } from "./paging";

const sizes = { default: 25, max: 100 };

describe("pageParams", () => {
  it("uses the defaults when nothing is asked", () => {
    expect(pageParams({}, sizes)).toEqual({ page: 1, pageSize: 25, offset: 0 });
  });

  it("computes the offset of a page", () => {
    expect(pageParams({ page: 3, pageSize: 10 }, sizes)).toEqual({ page: 3, pageSize: 10, offset: 20 });
  });

  it.each([
    [
      { page: -4, pageSize: 0 },
      { page: 1, pageSize: 1, offset: 0 },
    ],
    [
      { page: 2.7, pageSize: 1e9 },
      { page: 2, pageSize: 100, offset: 100 },
    ],
    [
      { page: Number.NaN, pageSize: Number.POSITIVE_INFINITY },
      { page: 1, pageSize: 25, offset: 0 },
    ],
  ])("clamps %j", (input, expected) => {
    expect(pageParams(input, sizes)).toEqual(expected);
  });
});
