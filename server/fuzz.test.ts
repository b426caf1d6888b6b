/**
 * Hostile input to every form action and API endpoint the server has, anonymous and signed
 * in: the route manifest of the production build and Better Auth's endpoint list are read at
 * run time, so a new route is fuzzed without anyone listing it here. Each request must get a
 * non-5xx answer and leave the database exactly as it was (rate-limit counters aside: counting
 * refused attempts is their job).
 */
import http from "node:http";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import type { Auth } from "~/modules/accounts/auth.server";
import { singleton } from "~/platform/singleton.server";
import { queryRows } from "~/platform/db/client.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, type TestMember } from "./test-members";

let server: InProcessServer;
let member: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  member = await createMember(server, "fuzz@example.se");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Tables whose content a refused request may change: the limiter counts attempts. */
const COUNTERS = new Set(["rate_limits"]);

async function snapshot(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    server.database.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const result: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (COUNTERS.has(table)) continue;
    const [row] = await queryRows<{ digest: string }>(
      server.database.db,
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`),
    );
    result[table] = row!.digest;
  }
  return result;
}

/** A path for each route pattern, with made-up values for its parameters. */
function concretePath(pattern: string): string {
  return `/${pattern}`
    .replace(/:[^/]+\??/g, "finns-inte")
    .replace(/\*$/, "finns-inte/alls")
    .replace(/\/+/g, "/");
}

interface Target {
  path: string;
  /** Routes that take input get every hostile body; others only a few (they answer 405). */
  takesInput: boolean;
}

/** Each route's path; a page with an action is fuzzed through its data URL (how the page's forms post) too. */
function routeTargets(build: ServerBuild): Target[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? full(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.keys(build.routes)
    .filter((id) => id !== "root")
    .flatMap((id) => {
      const module = build.routes[id]!.module as { action?: unknown; default?: unknown };
      const path = concretePath(full(id));
      if (!module.action) return [{ path, takesInput: false }];
      return module.default
        ? [{ path, takesInput: false }, { path: `${path === "/" ? "/_root" : path}.data`, takesInput: true }]
        : [{ path, takesInput: true }];
    });
}

function authTargets(): Target[] {
  const auth = singleton<Auth>("auth", () => {
    throw new Error("the server has no auth instance");
  });
  return Object.values(auth.api as Record<string, { path?: string; options?: { metadata?: { SERVER_ONLY?: boolean } } }>)
    .filter((endpoint) => typeof endpoint.path === "string" && !endpoint.options?.metadata?.SERVER_ONLY)
    .map((endpoint) => ({ path: `/api/auth${concretePath(endpoint.path!.slice(1))}`, takesInput: true }));
}

const FIELDS = [
  "intent", "email", "password", "confirmPassword", "newPassword", "currentPassword", "name", "firstName",
  "lastName", "first_name", "last_name", "phone", "phone_number", "phoneNumber", "subject", "message", "token",
  "redirectTo", "callbackURL", "source", "steamTradeLink", "steam_trade_link", "referralCode", "code", "website",
  "email_subscribed", "phone_subscribed", "image", "q", "id", "itemId", "amount", "reason", "status", "note",
  "purpose", "flow", "orderId",
];
const INTENTS = ["signin", "signup", "reset", "reset-password", "resend", "profile", "newsletter", "revoke-others", "password-change", "password-set", "payout-details", "__proto__", ""];

const CONCURRENCY = 4;
/** Endpoints the Express app answers itself, outside React Router and Better Auth. */
const EXPRESS_ENDPOINTS: Target[] = [
  { path: "/api/events", takesInput: false },
  { path: "/healthz", takesInput: false },
];
/** Ending one's own session is what these do with any body; signed in, they are left out. */
const ENDS_SESSION = new Set(["/auth/sign-out", "/api/auth/sign-out", "/api/auth/revoke-sessions"]);
const METHODS = new Set(["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]);
/** The hostile bodies a route without an action gets. */
const FEW = new Set(["no body", "malformed JSON", "__proto__ keys", "1 MB field", "form NUL (signin)"]);

interface Variant {
  label: string;
  method?: string;
  type?: string;
  encoding?: string;
  body?: string | Buffer;
}

function form(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

function allFields(value: (field: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((field) => [field, value(field)]));
}

function variants(): Variant[] {
  const list: Variant[] = [
    { label: "no body" },
    { label: "text body", type: "text/plain", body: "hej" },
    { label: "malformed JSON", type: "application/json", body: '{"email": ' },
    { label: "JSON array", type: "application/json", body: "[1,2,3]" },
    { label: "JSON null", type: "application/json", body: "null" },
    { label: "JSON string", type: "application/json", body: '"email"' },
    {
      label: "__proto__ keys",
      type: "application/json",
      body: '{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}},"intent":"profile"}',
    },
    { label: "__proto__ form keys", type: "application/x-www-form-urlencoded", body: "__proto__=x&constructor=y&prototype=z" },
    { label: "octet stream", type: "application/octet-stream", body: Buffer.from([0, 1, 2, 255]) },
    { label: "gzip body", type: "application/json", encoding: "gzip", body: gzipSync('{"email":"a@b.se"}') },
    { label: "1 MB field", type: "application/x-www-form-urlencoded", body: form({ email: "a".repeat(1024 * 1024) }) },
    { label: "60 KB field", type: "application/x-www-form-urlencoded", body: form({ intent: "profile", first_name: "a".repeat(60_000) }) },
    {
      label: "multipart file for a text field",
      type: "multipart/form-data; boundary=xyz",
      body: '--xyz\r\nContent-Disposition: form-data; name="email"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhej\r\n--xyz--\r\n',
    },
    { label: "broken multipart", type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nnonsense" },
  ];
  for (const [label, make] of [
    ["numbers", () => 12345],
    ["arrays", (field: string) => [`${field}@example.se`, "b"]],
    ["objects", () => ({ $ne: null, toString: "x" })],
    ["nulls", () => null],
    ["booleans", () => true],
    ["NUL in JSON", (field: string) => `${field}\u0000@example.se`],
  ] as const) {
    for (const intent of ["signin", "signup", "profile"]) {
      list.push({
        label: `JSON ${label} (${intent})`,
        type: "application/json",
        body: JSON.stringify({ ...allFields(make), intent }),
      });
    }
  }
  for (const intent of INTENTS) {
    const kinds = [
      ["NUL", "a\u0000b@example.se"],
      ["very long", "å".repeat(20_000)],
      ...(intent === "signup" || intent === "profile"
        ? ([
            ["control characters", "a\u0007\u001b[31mb"],
            ["line breaks", "rad ett\r\nBcc: x@example.se"],
          ] as const)
        : []),
    ] as const;
    for (const [label, value] of kinds) {
      list.push({
        label: `form ${label} (${intent || "no intent"})`,
        type: "application/x-www-form-urlencoded",
        body: form({ ...(allFields(() => value) as Record<string, string>), intent }),
      });
    }
    list.push({
      label: `form duplicates (${intent || "no intent"})`,
      type: "application/x-www-form-urlencoded",
      body: `intent=${intent}&email=a%40b.se&email=%00&email[]=x&password[]=y&first_name[0]=z`,
    });
  }
  return list;
}

function send(path: string, variant: Variant, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: server.url };
    if (variant.type) headers["content-type"] = variant.type;
    if (variant.encoding) headers["content-encoding"] = variant.encoding;
    if (cookie) headers.cookie = cookie;
    const body = variant.body === undefined ? undefined : Buffer.from(variant.body);
    if (body) headers["content-length"] = String(body.length);
    const request = http.request(`${server.url}${path}`, { method: variant.method ?? "POST", headers });
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text.slice(0, 300) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("hostile input to every endpoint", () => {
  it("finds the routes and endpoints to fuzz", () => {
    const withInput = routeTargets(server.build).filter((target) => target.takesInput).map((target) => target.path);
    expect(withInput).toEqual(
      expect.arrayContaining(["/kontakta-oss.data", "/auth.data", "/profile.data", "/api/newsletter", "/auth/sign-out"]),
    );
    expect(authTargets().map((target) => target.path)).toEqual(
      expect.arrayContaining(["/api/auth/sign-up/email", "/api/auth/update-user"]),
    );
  });

  it("answers every hostile request below 500 and changes nothing, signed out and signed in", async () => {
    const targets = [...routeTargets(server.build), ...authTargets(), ...EXPRESS_ENDPOINTS];
    const hostile = variants();
    const few = hostile.filter((variant) => FEW.has(variant.label));
    const requests: Array<{ path: string; variant: Variant }> = [];
    for (const { path, takesInput } of targets) {
      for (const variant of takesInput ? hostile : few) requests.push({ path, variant });
      for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]) {
        requests.push({
          path,
          variant: { label: method, method, type: "application/x-www-form-urlencoded", body: form({ email: "metod@example.se" }) },
        });
      }
    }

    const before = await snapshot();
    const failures: string[] = [];
    for (const cookie of [undefined, member.cookie]) {
      // A few at a time, as browsers would; the order within a batch does not matter.
      for (let start = 0; start < requests.length; start += CONCURRENCY) {
        await Promise.all(
          requests.slice(start, start + CONCURRENCY).map(async ({ path, variant }) => {
            if (cookie && ENDS_SESSION.has(path) && !METHODS.has(variant.method ?? "")) return;
            const { status, body } = await send(path, variant, cookie);
            const who = cookie ? " (signed in)" : "";
            if (status >= 500) failures.push(`${status} ${variant.method ?? "POST"} ${path} [${variant.label}]${who}: ${body}`);
            if (METHODS.has(variant.method ?? "") && status !== 405) {
              failures.push(`${status} instead of 405 for ${variant.method} ${path}${who}`);
            }
          }),
        );
      }
    }
    expect(failures).toEqual([]);
    // The signed-in pass really was signed in to the end.
    const profile = await fetch(`${server.url}/profile`, { headers: { cookie: member.cookie }, redirect: "manual" });
    expect(profile.status).toBe(200);
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual([]);
  }, 600_000);
});
