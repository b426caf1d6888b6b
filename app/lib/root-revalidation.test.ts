import { describe, expect, it } from "vitest";
import { rootShouldRevalidate } from "./root-revalidation";

const post = (formAction: string, extra: { actionStatus?: number; defaultShouldRevalidate?: boolean } = {}) =>
  rootShouldRevalidate({ formMethod: "POST", formAction, defaultShouldRevalidate: true, ...extra });

describe("the root loader re-runs only when what it shows can change (docs/rules/site.md#root-data)", () => {
  it("navigations and revalidations keep React Router's default", () => {
    expect(rootShouldRevalidate({ defaultShouldRevalidate: true })).toBe(true);
    expect(rootShouldRevalidate({ formMethod: "GET", formAction: "/blog", defaultShouldRevalidate: false })).toBe(false);
  });

  it("actions of the account's own pages re-run it", () => {
    for (const action of ["/auth", "/auth?mode=signup", "/auth/sign-out", "/profile", "/profile?index", "/admin/sign-out"]) {
      expect(post(action), action).toBe(true);
    }
  });

  it("any other action does not", () => {
    for (const action of ["/api/newsletter", "/point-shop", "/api/blog-view", "/admin/users/x", "/kontakta-oss", "/authx", "/profiles"]) {
      expect(post(action), action).toBe(false);
    }
  });

  it("a refused action re-reads who is signed in; a failed account action follows the default", () => {
    expect(post("/point-shop", { actionStatus: 401 })).toBe(true);
    expect(post("/api/newsletter", { actionStatus: 403 })).toBe(true);
    expect(post("/profile", { actionStatus: 400, defaultShouldRevalidate: false })).toBe(false);
  });
});
