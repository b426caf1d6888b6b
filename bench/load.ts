/**
 * Load for the benchmarks: `connections` keep-alive connections each sending one request after
 * another for `seconds`. wrk (one thread, written in C, so the cores go to the server) when it is
 * installed; otherwise a loader in this process (said so in the output: it shares the CPU with the
 * server). Either way a figure is a number or a reason, never NaN: the percentiles come from the
 * requests that completed, and a request not answered within twice the window (the built-in
 * loader waits for answers until a second window ends) is counted (`notCompleted`)
 * instead of hiding a latency longer than the window. wrk reports the requests in flight when it
 * stops instead.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

export interface LoadResult {
  tool: "wrk" | "node";
  /** Answers received within the window. */
  completed: number;
  /** Requests without an answer: after one more window (built-in loader), in flight at the end (wrk). */
  notCompleted: number;
  requestsPerSecond: number;
  /** Null when no request completed. */
  p50Ms: number | null;
  p99Ms: number | null;
  errors: string[];
}

export function wrkAvailable(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1.
    return (error as { status?: number }).status === 1;
  }
}

/** wrk counts what it sent and what came back (one thread), and prints it in one parseable line. */
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) started = 0; answered = 0 end
function request() started = started + 1; return wrk.format() end
function response(status, headers, body) answered = answered + 1 end
function done(summary, latency, requests)
  local s, a = 0, 0
  for _, t in ipairs(threads) do s = s + t:get("started"); a = a + t:get("answered") end
  io.write(string.format("BENCH started=%d answered=%d p50us=%d p99us=%d status_errors=%d timeouts=%d\\n",
    s, a, latency:percentile(50), latency:percentile(99), summary.errors.status, summary.errors.timeout))
end
`;

async function viaWrk(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<LoadResult> {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), "skinhamnen-wrk-")), "count.lua");
  writeFileSync(script, WRK_SCRIPT);
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", `${seconds}s`, "-s", script];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const line = /BENCH started=(\d+) answered=(\d+) p50us=(\d+) p99us=(\d+) status_errors=(\d+) timeouts=(\d+)/.exec(out);
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code} and no counts:\n${out}`);
  const [started, answered, p50, p99, statusErrors, timeouts] = line.slice(1).map(Number) as [number, number, number, number, number, number];
  const errors: string[] = [];
  if (statusErrors > 0) errors.push(`${statusErrors} non-2xx/3xx answers`);
  if (timeouts > 0) errors.push(`${timeouts} timed out`);
  return {
    tool: "wrk",
    completed: answered,
    notCompleted: Math.max(0, started - answered),
    requestsPerSecond: answered / seconds,
    p50Ms: answered > 0 ? p50 / 1000 : null,
    p99Ms: answered > 0 ? p99 / 1000 : null,
    errors,
  };
}

/** The value at quantile q of sorted values (nearest rank). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

async function viaNode(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let nonOk = 0;
  let failed = 0;
  const inFlight = new Set<http.ClientRequest>();
  let notCompleted = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.on("data", () => {});
        response.on("end", () => {
          inFlight.delete(request);
          latencies.push(performance.now() - started);
          if ((response.statusCode ?? 0) >= 400) nonOk++;
          resolve();
        });
        response.on("error", () => resolve());
      });
      inFlight.add(request);
      // Sent within the window, a request may be answered until a second window ends; past that
      // it counts as not completed (and no latency of it is known).
      const giveUp = setTimeout(() => {
        if (!inFlight.delete(request)) return;
        notCompleted++;
        request.destroy();
        resolve();
      }, Math.max(0, deadline + seconds * 1000 - started));
      request.on("close", () => clearTimeout(giveUp));
      request.on("error", () => {
        if (inFlight.delete(request)) failed++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const errors: string[] = [];
  if (nonOk > 0) errors.push(`${nonOk} non-2xx/3xx answers`);
  if (failed > 0) errors.push(`${failed} connection errors`);
  return {
    tool: "node",
    completed: sorted.length,
    notCompleted,
    requestsPerSecond: sorted.length / ((performance.now() - deadline) / 1000 + seconds),
    p50Ms: sorted.length ? quantile(sorted, 0.5) : null,
    p99Ms: sorted.length ? quantile(sorted, 0.99) : null,
    errors,
  };
}

export function runLoad(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<LoadResult> {
  return wrkAvailable() ? viaWrk(url, connections, seconds, headers) : viaNode(url, connections, seconds, headers);
}

/** "12.3" for a finite number, else the reason it is missing. */
export function figure(value: number | null, digits = 1, missing = "none completed"): string {
  return value !== null && Number.isFinite(value) ? value.toFixed(digits) : missing;
}

/** p50 / p99 with the throughput, and what did not complete within the window. */
export function latencyFigure(result: LoadResult, seconds: number): string {
  if (result.completed === 0) return `no answer (${result.notCompleted} requests unanswered${result.tool === "node" ? ` after ${2 * seconds} s` : ""})`;
  const late = result.notCompleted > 0 ? `; ${result.notCompleted} unanswered${result.tool === "node" ? ` after ${2 * seconds} s` : " at the end"}` : "";
  return `${figure(result.p50Ms)} / ${figure(result.p99Ms)} ms (${result.requestsPerSecond.toFixed(1)} req/s${late})`;
}
