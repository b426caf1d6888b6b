import { describe, expect, it } from "vitest";
import {
  buildSteamLoginUrl,
  checkAuthenticationBody,
  isValidCheckAuthenticationAnswer,
  nonceTimestamp,
  openIdParams,
  sameReturnTo,
  steamIdFromClaimedId,
  verifySteamAssertion,
} from "./steam-openid.server";

const endpoint = "https://steamcommunity.com/openid/login";
const returnTo = "https://skinhamnen.se/auth/steam/callback?state=abc123";
const now = new Date("2026-11-22T10:00:00Z");
const steamId = "76561198000000001";

function assertion(overrides: Record<string, string | undefined> = {}): Map<string, string> {
  const base: Record<string, string | undefined> = {
    ns: "http://specs.openid.net/auth/2.0",
    mode: "id_res",
    op_endpoint: endpoint,
    claimed_id: `https://steamcommunity.com/openid/id/${steamId}`,
    identity: `https://steamcommunity.com/openid/id/${steamId}`,
    return_to: returnTo,
    response_nonce: "2026-11-22T09:59:30ZaBcD1234",
    assoc_handle: "1234567890",
    signed: "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle",
    sig: "c2lnbmF0dXJl",
    ...overrides,
  };
  const map = new Map<string, string>();
  for (const [key, value] of Object.entries(base)) if (value !== undefined) map.set(key, value);
  return map;
}

const verify = (params: Map<string, string>, at = now) =>
  verifySteamAssertion(params, { endpoint, returnTo, now: at });

describe("the Steam login URL", () => {
  it("asks Steam for checkid_setup with identifier_select, our return_to and realm", () => {
    const url = new URL(buildSteamLoginUrl({ endpoint, returnTo, realm: "https://skinhamnen.se" }));
    expect(`${url.origin}${url.pathname}`).toBe(endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      "openid.ns": "http://specs.openid.net/auth/2.0",
      "openid.mode": "checkid_setup",
      "openid.claimed_id": "http://specs.openid.net/auth/2.0/identifier_select",
      "openid.identity": "http://specs.openid.net/auth/2.0/identifier_select",
      "openid.return_to": returnTo,
      "openid.realm": "https://skinhamnen.se",
    });
  });
});

describe("verifying Steam's positive assertion", () => {
  it("accepts a well-formed, fresh assertion and returns the SteamID64 and nonce", () => {
    expect(verify(assertion())).toEqual({ ok: true, steamId, nonce: "2026-11-22T09:59:30ZaBcD1234" });
  });

  it("rejects any mode other than id_res", () => {
    expect(verify(assertion({ mode: "cancel" }))).toEqual({ ok: false, reason: "not_id_res" });
    expect(verify(assertion({ mode: "setup_needed" }))).toEqual({ ok: false, reason: "not_id_res" });
    expect(verify(assertion({ mode: undefined }))).toEqual({ ok: false, reason: "not_id_res" });
  });

  it("rejects a forged op_endpoint, even one on a look-alike host", () => {
    expect(verify(assertion({ op_endpoint: "https://evil.example/openid/login" }))).toMatchObject({
      reason: "wrong_op_endpoint",
    });
    expect(
      verify(assertion({ op_endpoint: "https://steamcommunity.com.evil.example/openid/login" })),
    ).toMatchObject({ reason: "wrong_op_endpoint" });
  });

  it("rejects a forged claimed_id: another host, a short id, trailing text, or identity that differs", () => {
    for (const claimed of [
      `https://evil.example/openid/id/${steamId}`,
      `http://steamcommunity.com/openid/id/${steamId}`,
      "https://steamcommunity.com/openid/id/7656119800000",
      `https://steamcommunity.com/openid/id/${steamId}/../1`,
      `https://steamcommunity.com/openid/id/${steamId}?x=1`,
    ]) {
      expect(verify(assertion({ claimed_id: claimed, identity: claimed }))).toMatchObject({ reason: "bad_claimed_id" });
    }
    expect(
      verify(assertion({ identity: "https://steamcommunity.com/openid/id/76561198000000002" })),
    ).toMatchObject({ reason: "bad_claimed_id" });
  });

  it("rejects a wrong return_to: other origin, other path, other or missing state", () => {
    for (const value of [
      "https://evil.example/auth/steam/callback?state=abc123",
      "https://skinhamnen.se/auth/steam/callbackx?state=abc123",
      "https://skinhamnen.se/auth/steam/callback?state=other",
      "https://skinhamnen.se/auth/steam/callback",
      "https://skinhamnen.se/auth/steam/callback?state=abc123&extra=1",
      "not a url",
    ]) {
      expect(verify(assertion({ return_to: value }))).toMatchObject({ reason: "wrong_return_to" });
    }
  });

  it("rejects an assertion whose signature does not cover every security field", () => {
    for (const field of ["op_endpoint", "claimed_id", "identity", "return_to", "response_nonce", "assoc_handle"]) {
      const signed = "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle"
        .split(",")
        .filter((name) => name !== field)
        .join(",");
      expect(verify(assertion({ signed }))).toMatchObject({ reason: "unsigned_field" });
    }
  });

  it("rejects missing fields, including a field listed as signed but absent", () => {
    expect(verify(assertion({ sig: undefined }))).toMatchObject({ reason: "missing_field" });
    expect(verify(assertion({ assoc_handle: undefined }))).toMatchObject({ reason: "missing_field" });
    expect(
      verify(assertion({ signed: "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle,invalidate_handle" })),
    ).toMatchObject({ reason: "missing_field" });
  });

  it("rejects a stale nonce, a nonce from the future and a malformed one", () => {
    expect(verify(assertion({ response_nonce: "2026-11-22T09:54:00Zold" }))).toMatchObject({ reason: "stale_nonce" });
    expect(verify(assertion({ response_nonce: "2026-11-22T10:03:00Zahead" }))).toMatchObject({ reason: "stale_nonce" });
    expect(verify(assertion({ response_nonce: "yesterday-abc" }))).toMatchObject({ reason: "bad_nonce" });
    expect(verify(assertion({ response_nonce: "2026-13-45T99:00:00Zx" }))).toMatchObject({ reason: "bad_nonce" });
  });

  it("rejects a foreign OpenID namespace", () => {
    expect(verify(assertion({ ns: "http://openid.net/signon/1.1" }))).toMatchObject({ reason: "bad_namespace" });
  });
});

describe("protocol helpers", () => {
  it("reads only openid.* parameters and refuses repeated ones", () => {
    const params = openIdParams(new URLSearchParams("state=x&openid.mode=id_res&openid.sig=abc"));
    expect(params && Object.fromEntries(params)).toEqual({ mode: "id_res", sig: "abc" });
    expect(openIdParams(new URLSearchParams("openid.mode=id_res&openid.mode=cancel"))).toBeNull();
  });

  it("builds check_authentication from every openid field with the mode replaced", () => {
    const body = checkAuthenticationBody(assertion());
    expect(body.get("openid.mode")).toBe("check_authentication");
    expect(body.get("openid.sig")).toBe("c2lnbmF0dXJl");
    expect(body.get("openid.claimed_id")).toBe(`https://steamcommunity.com/openid/id/${steamId}`);
    expect([...body.keys()].every((key) => key.startsWith("openid."))).toBe(true);
    expect([...body.keys()]).toHaveLength(10);
  });

  it("accepts only an explicit is_valid:true answer", () => {
    expect(isValidCheckAuthenticationAnswer("ns:http://specs.openid.net/auth/2.0\nis_valid:true\n")).toBe(true);
    expect(isValidCheckAuthenticationAnswer("ns:http://specs.openid.net/auth/2.0\nis_valid:false\n")).toBe(false);
    expect(isValidCheckAuthenticationAnswer("is_valid:TRUE")).toBe(false);
    expect(isValidCheckAuthenticationAnswer("<html>is_valid true</html>")).toBe(false);
    expect(isValidCheckAuthenticationAnswer("")).toBe(false);
  });

  it("compares return_to by origin, path and the exact query set", () => {
    expect(sameReturnTo("https://a.se/cb?x=1&y=2", "https://a.se/cb?y=2&x=1")).toBe(true);
    expect(sameReturnTo("https://a.se/cb?x=1#frag", "https://a.se/cb?x=1")).toBe(false);
    expect(sameReturnTo("https://a.se:444/cb?x=1", "https://a.se/cb?x=1")).toBe(false);
  });

  it("extracts SteamID64 and nonce timestamps", () => {
    expect(steamIdFromClaimedId(`https://steamcommunity.com/openid/id/${steamId}`)).toBe(steamId);
    expect(steamIdFromClaimedId(undefined)).toBeNull();
    expect(nonceTimestamp("2026-11-22T09:59:30Zabc")?.toISOString()).toBe("2026-11-22T09:59:30.000Z");
  });
});
