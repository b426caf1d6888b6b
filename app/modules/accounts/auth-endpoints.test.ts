import { describe, expect, it } from "vitest";
import { AUTH_ENDPOINT_MESSAGES, authInputError, isHttpAuthEndpoint } from "./auth-endpoints";
import { FIRST_NAME_REQUIRED, INVALID_EMAIL, NAME_TOO_LONG } from "./profile-schema";
import { SIGNUP_MESSAGES } from "./signup-schema";

const signUp = { email: "kund@example.se", password: "Hemligt#2026", name: "Kalle", callbackURL: "/auth" };

describe("Better Auth endpoints reachable over HTTP", () => {
  it("are only the mailed links and the Google callback, with GET", () => {
    expect(isHttpAuthEndpoint("GET", "/verify-email")).toBe(true);
    expect(isHttpAuthEndpoint("GET", "/reset-password/:token")).toBe(true);
    expect(isHttpAuthEndpoint("GET", "/callback/:id")).toBe(true);
    expect(isHttpAuthEndpoint("POST", "/callback/:id")).toBe(false);
    for (const path of ["/sign-up/email", "/sign-in/email", "/change-password", "/verify-password", "/update-user", "/get-session", "/error"]) {
      expect(isHttpAuthEndpoint("POST", path)).toBe(false);
      expect(isHttpAuthEndpoint("GET", path)).toBe(false);
    }
    expect(isHttpAuthEndpoint("GET", undefined)).toBe(false);
  });
});

describe("input rules on every call into an account", () => {
  it("accepts what the sign-up form sends", () => {
    expect(authInputError("/sign-up/email", { body: signUp })).toBeNull();
  });

  it("refuses a weak password at sign-up, reset and change with the wizard's text", () => {
    expect(authInputError("/sign-up/email", { body: { ...signUp, password: "aaaaaaaa" } })?.message).toBe(SIGNUP_MESSAGES.weakPassword);
    expect(authInputError("/reset-password", { body: { token: "t", newPassword: "aaaaaaaa" } })?.message).toBe(SIGNUP_MESSAGES.weakPassword);
    expect(
      authInputError("/change-password", { body: { currentPassword: "Gammalt#1", newPassword: "kort" } })?.fieldErrors,
    ).toEqual({ newPassword: SIGNUP_MESSAGES.weakPassword });
  });

  it("requires a name of at most 100 characters, as the profile does", () => {
    expect(authInputError("/sign-up/email", { body: { ...signUp, name: "   " } })?.message).toBe(FIRST_NAME_REQUIRED);
    expect(authInputError("/sign-up/email", { body: { email: signUp.email, password: signUp.password } })?.message).toBe(FIRST_NAME_REQUIRED);
    expect(authInputError("/sign-up/email", { body: { ...signUp, name: "x".repeat(1_000_000) } })?.message).toBe(NAME_TOO_LONG);
    expect(authInputError("/update-user", { body: { name: null } })?.message).toBe(FIRST_NAME_REQUIRED);
    expect(authInputError("/update-user", { body: { name: { first: "Kalle" } } })?.message).toBe(FIRST_NAME_REQUIRED);
  });

  it("never takes an avatar or any other unknown field from a request body", () => {
    expect(authInputError("/sign-up/email", { body: { ...signUp, image: "javascript:alert(1)" } })?.message).toBe(
      AUTH_ENDPOINT_MESSAGES.invalid,
    );
    expect(authInputError("/sign-up/email", { body: { ...signUp, image: "https://cdn.example/a.png" } })).not.toBeNull();
    expect(authInputError("/update-user", { body: { image: "https://cdn.example/a.png" } })).not.toBeNull();
    expect(authInputError("/sign-up/email", { body: { ...signUp, role: "admin" } })).not.toBeNull();
  });

  it("refuses an invalid address when one is created or changed", () => {
    expect(authInputError("/sign-up/email", { body: { ...signUp, email: "inte-en-adress" } })?.message).toBe(SIGNUP_MESSAGES.invalidEmail);
    expect(authInputError("/change-email", { body: { newEmail: "inte-en-adress" } })?.message).toBe(INVALID_EMAIL);
    expect(authInputError("/change-email", { body: { newEmail: "ny@example.se", callbackURL: "/profile" } })).toBeNull();
  });

  it("answers wrong types in Swedish, never in the library's English", () => {
    for (const [path, body] of [
      ["/sign-in/email", { email: ["a@example.se"], password: "x" }],
      ["/sign-in/email", { email: "a@example.se", password: 12345678 }],
      ["/sign-up/email", { ...signUp, rememberMe: "yes" }],
      ["/request-password-reset", { email: { $ne: "" } }],
      ["/send-verification-email", { email: null }],
      ["/change-password", { currentPassword: true, newPassword: "Hemligt#2026" }],
      ["/verify-password", {}],
      ["/sign-up/email", "not an object"],
      ["/sign-up/email", null],
    ] as const) {
      const error = authInputError(path, { body });
      expect(error, path).not.toBeNull();
      expect(error!.message).not.toMatch(/Invalid|expected|Unrecognized/);
    }
  });

  it("refuses control characters in any field, nested or not, of any endpoint", () => {
    expect(authInputError("/sign-in/email", { body: { email: "a@example.se\u0000", password: "x" } })?.message).toBe(
      AUTH_ENDPOINT_MESSAGES.controlCharacters,
    );
    expect(authInputError("/sign-up/email", { body: { ...signUp, name: "Kal\u001ble" } })?.message).toBe(
      AUTH_ENDPOINT_MESSAGES.controlCharacters,
    );
    expect(authInputError("/some-plugin", { body: { nested: [{ deep: "a\u007fb" }] } })).not.toBeNull();
    expect(authInputError("/verify-email", { query: { token: "abc\u0000" } })).not.toBeNull();
    expect(authInputError("/reset-password/:token", { params: { token: "abc%00def" } })).not.toBeNull();
    expect(authInputError("/reset-password/:token", { params: { token: "abc%zz" } })).not.toBeNull();
    expect(authInputError("/reset-password/:token", { params: { token: "Ab12Cd34" } })).toBeNull();
  });

  it("takes each link parameter once, as text", () => {
    expect(authInputError("/verify-email", { overHttp: true, query: { token: ["a", "b"] } })?.message).toBe(
      AUTH_ENDPOINT_MESSAGES.invalid,
    );
    expect(authInputError("/verify-email", { overHttp: true, query: { token: "a.b.c", callbackURL: "/auth?mode=signin" } })).toBeNull();
    // Server code may pass flags in a query.
    expect(authInputError("/get-session", { overHttp: false, query: { disableRefresh: true } })).toBeNull();
  });

  it("checks the profile fields a sign-up brings with the profile's own rules", () => {
    const seed = { firstName: "Kalle", lastName: "Anka", phoneNumber: "0701234567", steamTradeLink: null };
    expect(authInputError("/sign-up/email", { body: signUp, profileSeed: seed })).toBeNull();
    expect(authInputError("/sign-up/email", { body: signUp, profileSeed: { ...seed, lastName: "A".repeat(101) } })?.message).toBe(
      NAME_TOO_LONG,
    );
    expect(authInputError("/sign-up/email", { body: signUp, profileSeed: { ...seed, lastName: "An\u0000ka" } })?.message).toBe(
      AUTH_ENDPOINT_MESSAGES.controlCharacters,
    );
    expect(authInputError("/sign-up/email", { body: signUp, profileSeed: { ...seed, phoneNumber: "ring mig" } })).not.toBeNull();
  });
});
