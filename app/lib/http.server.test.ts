import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { failureResponse, failureStatus, notFound, typedValues, validate } from "./http.server";

describe("failureResponse", () => {
  it("answers a refusal with its code's status, its message and the extras", () => {
    const answer = failureResponse({ ok: false, code: "slug_taken", message: "Adressen är upptagen." }, { title: "Inlägget kunde inte sparas", intent: "save" });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, title: "Inlägget kunde inte sparas", intent: "save", message: "Adressen är upptagen." });
    expect("fieldErrors" in answer.data).toBe(false);
  });

  it("hands on the field messages", () => {
    const answer = failureResponse({ ok: false, code: "invalid", message: "Fel.", fieldErrors: { name: "Fel." } });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ name: "Fel." });
  });
});

describe("failureStatus", () => {
  it.each([
    ["invalid", 400],
    ["forbidden", 403],
    ["level_required", 403],
    ["not_found", 404],
    ["member_not_found", 404],
    ["conflict", 409],
    ["invalid_transition", 409],
    ["gone", 410],
    ["inventory", 503],
  ] as const)("%s → %i", (code, status) => {
    expect(failureStatus(code)).toBe(status);
  });
});

describe("notFound", () => {
  it("is a 404 with the message", () => {
    const answer = notFound("Ordern finns inte.");
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toEqual({ ok: false, message: "Ordern finns inte." });
  });
});

describe("typedValues", () => {
  it("keeps the text a refused form showed, and never a password, token or secret", () => {
    const values = typedValues({
      first_name: "Ulla",
      steam_trade_link: "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc",
      password: "Hemligt#1",
      new_password: "Hemligt#2",
      formToken: "t0k3n",
      client_secret: "s",
      picture: new Blob(["x"]),
      count: 3,
    });
    expect(values).toEqual({
      first_name: "Ulla",
      steam_trade_link: "https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc",
    });
  });

  it("is carried by a failed validation only when the form asks for it", () => {
    const schema = z.object({ first_name: z.string().min(2, "För kort.") });
    const without = validate({ first_name: "U" }, schema, { intent: "profile" });
    const withValues = validate({ first_name: "U", password: "x" }, schema, { intent: "profile", values: typedValues({ first_name: "U", password: "x" }) });
    expect(!without.ok && without.response.data).toEqual({ ok: false, intent: "profile", message: "För kort.", fieldErrors: { first_name: "För kort." } });
    expect(!withValues.ok && withValues.response.data.values).toEqual({ first_name: "U" });
  });
});
