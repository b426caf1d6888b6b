import pino from "pino";
import { singleton } from "./singleton.server";

/** The one JSON logger. Level from LOG_LEVEL (read directly so logging works before config validation). */
export const logger = singleton("logger", () =>
  pino({
    level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "skinhamnen" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  }),
);
