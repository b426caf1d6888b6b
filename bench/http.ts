/**
 * The production server's figures side by side, in one run, on a fresh database (a temporary
 * PGlite, or a new PostgreSQL database when DATABASE_URL is set): requests per second for a
 * static file and the public pages at 32 connections with each page's ratio to the static
 * file, a signed-in member's /profile latency at 50 connections, and the server's resident
 * memory idle and under load. Load comes from wrk (one thread, written in C, so on a small
 * machine the cores go to the server, not to the load generator):
 *   npm run bench                       (BENCH_SECONDS=10 per figure by default)
 *   DATABASE_URL=postgres://… npm run bench
 * Anonymous requests send `Accept-Encoding: br, gzip`, as browsers do; the server logs at `warn`
 * (a log line per request would measure the log pipe).
 */
import { execFileSync, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { BRONZE_TRADES, createAccount, giveTrades, MEMBER_PASSWORD } from "../tests/e2e/helpers/loyalty-members";
import { BLOG_POST_SEEDS, seed } from "../app/platform/db/seed";
import { signInCookie } from "../server/test-members";
import { startTestServer } from "../server/test-server";
import { measureJsBytes } from "./js-bytes";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_CONNECTIONS = 32;
const PROFILE_CONNECTIONS = 50;
const MEMBER_EMAIL = "bench.medlem@example.se";
const ACCEPT_ENCODING = "br, gzip";

function wrkAvailable(): boolean {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1.
    return (error as { status?: number }).status === 1;
  }
}

interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: string[];
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return { us: n / 1000, ms: n, s: n * 1000, m: n * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

async function wrk(url: string, connections: number, headers: Record<string, string>, onTick: () => void): Promise<WrkResult> {
  // A slow answer is a latency to report, not a timeout to drop.
  const args = ["-t1", `-c${connections}`, `-d${SECONDS}s`, "--timeout", "30s", "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const ticker = setInterval(onTick, 250);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(ticker);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
  const errors: string[] = [];
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (non2xx) errors.push(`${non2xx[1]} non-2xx answers`);
  const socket = /Socket errors: (.*)/.exec(out);
  if (socket) errors.push(`socket errors: ${socket[1]}`);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50Ms: toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    p99Ms: toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    errors,
  };
}

function rssMb(pid: number): number {
  const kb = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)]).toString().trim());
  return Math.round(kb / 1024);
}

/** The site's stylesheet, a hashed file every page loads (served precompressed, like a cached page). */
function staticFilePath(): string {
  const css = readdirSync("build/client/assets").find((name) => /^app-.*\.css$/.test(name) || /^root-.*\.css$/.test(name));
  if (!css) throw new Error("no stylesheet in build/client/assets: run `npm run build`");
  return `/assets/${css}`;
}

if (!wrkAvailable()) {
  process.stderr.write("npm run bench needs wrk (Debian/Ubuntu: apt-get install wrk).\n");
  process.exit(1);
}

const server = await startTestServer(
  { LOG_LEVEL: "warn" },
  {
    async prepare(database) {
      // A prepared database is not fresh at start-up, so the demo content comes from here.
      await seed(database.db);
      const staff = await createAccount(database, { email: "bench.personal@example.se", firstName: "Bench", lastName: "Personal", role: "admin" });
      const member = await createAccount(database, { email: MEMBER_EMAIL, firstName: "Bench", lastName: "Medlem" });
      await giveTrades(database, staff, member, BRONZE_TRADES);
    },
  },
);
const pid = server.process.pid!;
try {
  const blogPost = `/blog/${BLOG_POST_SEEDS[0]!.slug}`;
  const cookie = await signInCookie(server.url, MEMBER_EMAIL, MEMBER_PASSWORD);
  const staticFile = staticFilePath();
  const pages = [
    { label: `static file (${staticFile.slice(0, 28)}…)`, path: staticFile },
    { label: "/", path: "/" },
    { label: `blog post (${blogPost})`, path: blogPost },
    { label: "/blog", path: "/blog" },
    { label: "/point-shop", path: "/point-shop" },
  ];

  // Warm-up: JIT, route modules, and (where it is on) the HTML cache.
  for (const { path } of pages) for (let i = 0; i < 30; i++) await (await fetch(server.url + path)).arrayBuffer();
  for (let i = 0; i < 30; i++) await (await fetch(`${server.url}/profile`, { headers: { cookie } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRss = rssMb(pid);

  let peakRss = idleRss;
  const sample = () => {
    try {
      peakRss = Math.max(peakRss, rssMb(pid));
    } catch {
      // the server may be between samples; the next one counts
    }
  };

  const results: Array<{ label: string; result: WrkResult }> = [];
  for (const { label, path } of pages) {
    results.push({ label, result: await wrk(server.url + path, PAGE_CONNECTIONS, { "Accept-Encoding": ACCEPT_ENCODING }, sample) });
  }
  const profile = await wrk(`${server.url}/profile`, PROFILE_CONNECTIONS, { "Accept-Encoding": ACCEPT_ENCODING, Cookie: cookie }, sample);
  // The floor for any page at the same load: the static file's own latency at PROFILE_CONNECTIONS.
  const staticAtProfileLoad = await wrk(server.url + staticFile, PROFILE_CONNECTIONS, { "Accept-Encoding": ACCEPT_ENCODING }, sample);
  // One connection: what one /profile costs on its own, beside the figure under load.
  const profileAlone = await wrk(`${server.url}/profile`, 1, { "Accept-Encoding": ACCEPT_ENCODING, Cookie: cookie }, sample);

  const database = server.databaseUrl ? "PostgreSQL" : "PGlite";
  const staticRps = results[0]!.result.requestsPerSecond;
  const line = (cells: string[]) => process.stdout.write(`| ${cells.join(" | ")} |\n`);
  process.stdout.write(`\nSkinhamnen HTTP benchmark: ${database}, wrk 1 thread, ${SECONDS} s per figure, node ${process.version}\n\n`);
  line(["figure", "value", "target"]);
  line(["---", "---", "---"]);
  for (const { label, result } of results) {
    const ratio = result.requestsPerSecond / staticRps;
    const isStatic = result === results[0]!.result;
    const target = label === "/" || label.startsWith("blog post") ? "≥ 1.0×" : "";
    line([
      `${label} req/s at ${PAGE_CONNECTIONS} connections`,
      `${Math.round(result.requestsPerSecond)}${isStatic ? "" : ` (${ratio.toFixed(2)}× static)`}`,
      isStatic ? "" : target,
    ]);
  }
  const profileFigure =
    Number.isFinite(profile.p99Ms) && profile.requestsPerSecond > 0
      ? `${profile.p50Ms.toFixed(1)} / ${profile.p99Ms.toFixed(1)} ms (${profile.requestsPerSecond.toFixed(1)} req/s)`
      : `no answer completed within ${SECONDS} s`;
  line([`signed-in /profile p50 / p99 at ${PROFILE_CONNECTIONS} connections`, profileFigure, "p99 < 50 ms"]);
  line([
    `static file p50 / p99 at ${PROFILE_CONNECTIONS} connections (the floor for any page)`,
    `${staticAtProfileLoad.p50Ms.toFixed(1)} / ${staticAtProfileLoad.p99Ms.toFixed(1)} ms (${Math.round(staticAtProfileLoad.requestsPerSecond)} req/s)`,
    "",
  ]);
  line(["signed-in /profile p50 / p99 at 1 connection", `${profileAlone.p50Ms.toFixed(1)} / ${profileAlone.p99Ms.toFixed(1)} ms (${profileAlone.requestsPerSecond.toFixed(1)} req/s)`, ""]);
  line(["server RSS idle (one process)", `${idleRss} MB`, database === "PostgreSQL" ? "< 150 MB" : ""]);
  line(["server RSS under load (peak)", `${peakRss} MB`, ""]);
  for (const { label, path } of [pages[1]!, pages[2]!, pages[3]!]) {
    const js = await measureJsBytes(server.url, path);
    line([`gzip JavaScript, first visit to ${label}`, `${(js.gzipBytes / 1024).toFixed(1)} KB in ${js.files} files`, "≤ 90 KB"]);
  }

  const failures = [...results.map(({ label, result }) => ({ label, errors: result.errors })), { label: "/profile", errors: [...profile.errors, ...profileAlone.errors] }, { label: "static file at the /profile load", errors: staticAtProfileLoad.errors }].filter(
    (entry) => entry.errors.length > 0,
  );
  for (const { label, errors } of failures) process.stdout.write(`warning: ${label}: ${errors.join(", ")}\n`);
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
