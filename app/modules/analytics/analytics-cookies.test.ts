import { describe, expect, it } from "vitest";
import { analyticsCookieDeletions, analyticsCookieNames, cookieDomains } from "./analytics-cookies";

describe("analyticsCookieNames", () => {
  it("finds _ga, _ga_<container>, _gid and _gat* and nothing else", () => {
    const cookies =
      "theme=dark; _ga=GA1.1.1.2; _ga_ABC123=GS1.1.x; _gid=GA1.1.3; _gat=1; _gat_UA-1-1=1; better-auth.session_token=t; _gallery=1; ga=1; x_ga=1";
    expect(analyticsCookieNames(cookies)).toEqual(["_ga", "_ga_ABC123", "_gid", "_gat", "_gat_UA-1-1"]);
  });

  it("finds nothing in an empty cookie string or without analytics cookies", () => {
    expect(analyticsCookieNames("")).toEqual([]);
    expect(analyticsCookieNames("theme=light; session=abc")).toEqual([]);
  });

  it("lists a name once even if it appears twice (host and parent domain)", () => {
    expect(analyticsCookieNames("_ga=1; _ga=2")).toEqual(["_ga"]);
  });
});

describe("cookieDomains", () => {
  it("lists the host and its parent domains down to two labels", () => {
    expect(cookieDomains("www.skinhamnen.se")).toEqual(["www.skinhamnen.se", "skinhamnen.se"]);
    expect(cookieDomains("a.b.skinhamnen.se")).toEqual(["a.b.skinhamnen.se", "b.skinhamnen.se", "skinhamnen.se"]);
    expect(cookieDomains("skinhamnen.se")).toEqual(["skinhamnen.se"]);
  });

  it("gives no domain attribute for IP addresses and single-label hosts", () => {
    expect(cookieDomains("127.0.0.1")).toEqual([]);
    expect(cookieDomains("::1")).toEqual([]);
    expect(cookieDomains("localhost")).toEqual([]);
  });
});

describe("analyticsCookieDeletions", () => {
  it("expires each analytics cookie host-only and on the host and parent domain, path /", () => {
    const deletions = analyticsCookieDeletions("_ga=1; theme=dark; _gid=2", "www.skinhamnen.se");
    expect(deletions).toHaveLength(6);
    for (const name of ["_ga", "_gid"]) {
      const mine = deletions.filter((d) => d.startsWith(`${name}=;`));
      expect(mine.map((d) => d.match(/domain=([^;]+)/)?.[1] ?? null)).toEqual([
        null,
        "www.skinhamnen.se",
        "skinhamnen.se",
      ]);
      for (const d of mine) {
        expect(d).toContain("path=/");
        expect(d).toContain("expires=Thu, 01 Jan 1970 00:00:00 GMT");
      }
    }
    expect(deletions.some((d) => d.startsWith("theme="))).toBe(false);
  });

  it("removes nothing when there is nothing to remove", () => {
    expect(analyticsCookieDeletions("theme=dark", "skinhamnen.se")).toEqual([]);
  });
});
