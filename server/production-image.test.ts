/**
 * The container image's start command, run on the host exactly as the image runs it: the
 * Dockerfile's final CMD (exec form, so node is PID 1's only process and gets SIGTERM itself) is
 * parsed here, not copied, so the two cannot drift; and its Node options are `npm start`'s.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionNodeArgs, startTestServer, type TestServer } from "./test-server";

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions of its last stage, continuation lines joined, comments dropped. */
function finalStage(): Instruction[] {
  const lines = readFileSync("Dockerfile", "utf8")
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const instructions = lines.map((line) => {
    const [keyword = "", ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
  });
  const lastFrom = instructions.map((instruction) => instruction.keyword).lastIndexOf("FROM");
  return instructions.slice(lastFrom);
}

function lastOf(stage: Instruction[], keyword: string): string {
  const found = stage.filter((instruction) => instruction.keyword === keyword).at(-1);
  if (!found) throw new Error(`Dockerfile: no ${keyword} in the final stage`);
  return found.args;
}

const stage = finalStage();
const cmd = JSON.parse(lastOf(stage, "CMD")) as string[];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { command: cmd });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

describe("the image's start command", () => {
  it("is node in exec form with npm start's Node options, as an unprivileged user, with a health check", () => {
    expect(cmd[0]).toBe("node");
    expect(cmd.slice(1, -1)).toEqual(productionNodeArgs());
    expect(cmd.at(-1)).toBe("build/server/main.js");
    expect(lastOf(stage, "USER")).not.toMatch(/^(root|0)(:|$)/);
    expect(lastOf(stage, "HEALTHCHECK")).toContain("/healthz");
    expect(lastOf(stage, "ENV")).toContain("NODE_ENV=production");
  });

  it("serves: live and ready once started", async () => {
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok", pendingMigrations: [] });
  });

  it("has no public /metrics without METRICS_TOKEN (the site's 404)", async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("http_request_duration_seconds");
  });

  it("stops gracefully on SIGTERM with exit code 0", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});
