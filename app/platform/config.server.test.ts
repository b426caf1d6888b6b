import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfig, ConfigError, parseEnv } from "./config.server";

describe("configuration", () => {
  it("applies the documented defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.SITE_NAME).toBe("Skinhamnen");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail"],
    ["SUPPORT_EMAIL", "nobody"],
    ["PUBLIC_URL", "ftp://example.se"],
    ["GA_MEASUREMENT_ID", "UA-1234"],
    ["BETTER_AUTH_SECRET", "short"],
  ])("rejects a bad %s with one line naming the variable", (name, value) => {
    let error: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split("\n")).toHaveLength(1);
  });

  it("generates a secret once and keeps it in DATA_DIR", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-config-"));
    const first = buildConfig(parseEnv({ DATA_DIR: dir }));
    const second = buildConfig(parseEnv({ DATA_DIR: dir }));
    expect(first.generatedSecret).toBe(true);
    expect(first.BETTER_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
    const configured = buildConfig(parseEnv({ DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(40) }));
    expect(configured.BETTER_AUTH_SECRET).toBe("x".repeat(40));
    expect(configured.generatedSecret).toBe(false);
  });

  it("keeps mail in the local mailbox only on the embedded default, without SMTP_URL or DATABASE_URL", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-config-"));
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).localMailbox).toBe(true);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, SMTP_URL: "smtp://127.0.0.1:2525" })).localMailbox).toBe(false);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, DATABASE_URL: "postgres://127.0.0.1:5432/x" })).localMailbox).toBe(false);
  });

  it("refuses an https PUBLIC_URL without a trusted proxy, in one line naming TRUST_PROXY", () => {
    let error: unknown;
    try {
      parseEnv({ PUBLIC_URL: "https://skinhamnen.se" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration: TRUST_PROXY /);
    expect((error as Error).message.split("\n")).toHaveLength(1);
    expect(() => parseEnv({ PUBLIC_URL: "https://skinhamnen.se", TRUST_PROXY: "1" })).not.toThrow();
    expect(() => parseEnv({ PUBLIC_URL: "http://localhost:3000" })).not.toThrow();
  });

  it("serves no metrics and no shutdown delay unless METRICS_PORT, METRICS_TOKEN and SHUTDOWN_DELAY_MS say otherwise", () => {
    const defaults = parseEnv({});
    expect([defaults.METRICS_PORT, defaults.METRICS_TOKEN, defaults.SHUTDOWN_DELAY_MS]).toEqual([undefined, undefined, 0]);
    const set = parseEnv({ METRICS_PORT: "9464", METRICS_TOKEN: "t".repeat(32), SHUTDOWN_DELAY_MS: "6000" });
    expect([set.METRICS_PORT, set.METRICS_TOKEN, set.SHUTDOWN_DELAY_MS]).toEqual([9464, "t".repeat(32), 6000]);
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(() => parseEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT must differ from PORT/);
    for (const bad of ["0", "70000", "x"]) expect(() => parseEnv({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ SHUTDOWN_DELAY_MS: "-1" })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it("caps open event streams per process at 1000 unless SSE_MAX_STREAMS says otherwise", () => {
    expect(parseEnv({}).SSE_MAX_STREAMS).toBe(1000);
    expect(parseEnv({ SSE_MAX_STREAMS: "3" }).SSE_MAX_STREAMS).toBe(3);
    for (const bad of ["0", "-5", "1.5", "many"]) expect(() => parseEnv({ SSE_MAX_STREAMS: bad })).toThrow(/SSE_MAX_STREAMS/);
  });

  it("takes TRUST_PROXY as true, false or the number of proxies in front", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-config-"));
    expect(buildConfig(parseEnv({ DATA_DIR: dir })).TRUST_PROXY).toBe(false);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, TRUST_PROXY: "true" })).TRUST_PROXY).toBe(true);
    expect(buildConfig(parseEnv({ DATA_DIR: dir, TRUST_PROXY: "2" })).TRUST_PROXY).toBe(2);
    for (const bad of ["yes", "0", "-1", "1.5"]) expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it("derives PUBLIC_URL from the port when unset", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-config-"));
    expect(buildConfig(parseEnv({ DATA_DIR: dir, PORT: "4123" })).PUBLIC_URL).toBe(
      "http://localhost:4123",
    );
  });
});
