import pino from "pino";
import { singleton } from "./singleton.server";

/** What a failed statement carries that may hold personal data or secrets: its values. */
const VALUE_FIELDS = ["params", "parameters", "detail", "values"];
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;

/**
 * Errors as pino serialises them, minus the values of a failed SQL statement: Drizzle puts
 * them in the message ("params: …") and the driver in `detail` ("Key (email)=(…)"). The
 * statement itself and the constraint name stay, which is what finding the bug needs.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") return serialized;
  const record = serialized as Record<string, unknown>;
  for (const field of VALUE_FIELDS) if (field in record) record[field] = "[redacted]";
  for (const field of ["message", "stack"]) {
    const text = record[field];
    if (typeof text === "string") record[field] = text.replace(PARAMS_IN_TEXT, "\nparams: [redacted]");
  }
  return record;
}

/** Paths whose query strings carry tokens (verification, reset, OAuth); never logged. */
const SENSITIVE_PATH = /^\/(api\/auth|auth|email-confirmation|reset)/;
/** Paths that carry a token as a path segment (Better Auth's reset link). */
const TOKEN_IN_PATH = /^(\/api\/auth\/reset-password\/)[^/]+/;
/** Query parameters that carry a secret on any path. */
const SECRET_PARAM = /^(token|code|state|secret|password|key|signature)$/i;

/** A URL as it may be logged: no token in its path or query, wherever it is. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  const rawPath = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? undefined : url.slice(mark + 1);
  const pathname = rawPath.replace(TOKEN_IN_PATH, "$1[redacted]");
  if (query === undefined) return pathname;
  if (SENSITIVE_PATH.test(pathname)) return `${pathname}?[redacted]`;
  const params = query
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${pathname}?${params}`;
}

/** The one JSON logger. Level from LOG_LEVEL (read directly so logging works before config validation). */
export const logger = singleton("logger", () =>
  pino({
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "skinhamnen" },
    serializers: { err: serializeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  }),
);
