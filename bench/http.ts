/**
 * The production server's figures side by side, in one run: requests per second for a static
 * file and the public pages at 32 connections with each page's ratio to the static file, a
 * signed-in member's /profile at 1 and 50 connections beside the static file's p99 at 50 (the
 * floor for any page), and the server's resident memory idle and under load. The member has two
 * years of points and XP rows (the history /profile pages through).
 *   npm run bench                       (BENCH_SECONDS=10 per figure by default)
 *   DATABASE_URL=postgres://… npm run bench          (a fresh PostgreSQL database)
 *   BENCH_DATABASE_URL=postgres://…/copy npm run bench   (an existing database, e.g. a copy of the
 *       seed:scale volume: migrated, the member added once, never dropped)
 * Load comes from wrk when installed, else from a loader in this process (bench/load.ts). Every
 * figure is a number or the reason it is missing. Anonymous requests send `Accept-Encoding: br,
 * gzip`, as browsers do; the server logs at `warn` (a log line per request would measure the log pipe).
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import { BRONZE_TRADES, createAccount, giveTrades, MEMBER_PASSWORD } from "../tests/e2e/helpers/loyalty-members";
import { BLOG_POST_SEEDS, seed } from "../app/platform/db/seed";
import type { Database } from "../app/platform/db/client.server";
import { user } from "../app/platform/db/schema";
import { signInCookie } from "../server/test-members";
import { startTestServer } from "../server/test-server";
import { measureJsBytes } from "./js-bytes";
import { figure, latencyFigure, runLoad, wrkAvailable, type LoadResult } from "./load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_CONNECTIONS = 32;
const PROFILE_CONNECTIONS = 50;
const MEMBER_EMAIL = "bench.medlem@example.se";
const ACCEPT_ENCODING = "br, gzip";
/** Two years of history: a points and an XP row every ~3 hours. */
const HISTORY_DAYS = 730;
const HISTORY_ROWS = 6000;

/** The member's two years of points and XP rows, with balances equal to their sums. */
async function giveHistory(database: Database, memberId: string): Promise<void> {
  for (const table of ["points_transactions", "xp_transactions"]) {
    await database.db.execute(sql`INSERT INTO ${sql.identifier(table)} (user_id, amount, reason, created_at)
      SELECT ${memberId}, 10 + (g % 90), 'Genomförd försäljning', now() - make_interval(days => ${HISTORY_DAYS}) + g * make_interval(days => ${HISTORY_DAYS}) / ${HISTORY_ROWS}
      FROM generate_series(1, ${HISTORY_ROWS}) g`);
  }
  await database.db.execute(sql`UPDATE profiles SET
      points = (SELECT sum(amount) FROM points_transactions WHERE user_id = ${memberId}),
      xp = (SELECT sum(amount) FROM xp_transactions WHERE user_id = ${memberId})
    WHERE user_id = ${memberId}`);
  await database.db.execute(sql`ANALYZE points_transactions; ANALYZE xp_transactions`);
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

const existingDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const server = await startTestServer(
  { LOG_LEVEL: "warn" },
  {
    databaseUrl: existingDatabaseUrl,
    async prepare(database) {
      const [already] = await database.db.select({ id: user.id }).from(user).where(sql`${user.email} = ${MEMBER_EMAIL}`);
      if (already) return;
      // A prepared database is not fresh at start-up, so the demo content comes from here.
      if (!existingDatabaseUrl) await seed(database.db);
      const staff = await createAccount(database, { email: "bench.personal@example.se", firstName: "Bench", lastName: "Personal", role: "admin" });
      const member = await createAccount(database, { email: MEMBER_EMAIL, firstName: "Bench", lastName: "Medlem" });
      await giveTrades(database, staff, member, BRONZE_TRADES);
      await giveHistory(database, member);
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

  const load = (path: string, connections: number, headers: Record<string, string> = {}) =>
    runLoad(server.url + path, connections, SECONDS, { "Accept-Encoding": ACCEPT_ENCODING, ...headers });
  const tick = setInterval(sample, 250);
  const results: Array<{ label: string; result: LoadResult }> = [];
  for (const { label, path } of pages) results.push({ label, result: await load(path, PAGE_CONNECTIONS) });
  const profile = await load("/profile", PROFILE_CONNECTIONS, { Cookie: cookie });
  // The floor for any page at the same load: the static file's own latency at PROFILE_CONNECTIONS.
  const staticAtProfileLoad = await load(staticFile, PROFILE_CONNECTIONS);
  // One connection: what one /profile costs on its own, beside the figure under load.
  const profileAlone = await load("/profile", 1, { Cookie: cookie });
  clearInterval(tick);

  const database = existingDatabaseUrl ? "PostgreSQL (existing database)" : server.databaseUrl ? "PostgreSQL" : "PGlite";
  const tool = wrkAvailable() ? "wrk 1 thread" : "the built-in loader (no wrk installed: it shares the CPU with the server)";
  const staticRps = results[0]!.result.requestsPerSecond;
  const line = (cells: string[]) => process.stdout.write(`| ${cells.join(" | ")} |\n`);
  const load1 = `load average ${os.loadavg().map((value) => value.toFixed(2)).join(", ")}`;
  process.stdout.write(`\nSkinhamnen HTTP benchmark: ${database}, ${tool}, ${SECONDS} s per figure, node ${process.version}, ${load1}\n\n`);
  line(["figure", "value", "target"]);
  line(["---", "---", "---"]);
  for (const { label, result } of results) {
    const isStatic = result === results[0]!.result;
    const target = label === "/" || label.startsWith("blog post") ? "≥ 1.0×" : "";
    const ratio = staticRps > 0 ? ` (${(result.requestsPerSecond / staticRps).toFixed(2)}× static)` : " (static file answered nothing)";
    const value = result.completed > 0 ? `${Math.round(result.requestsPerSecond)}${isStatic ? "" : ratio}` : latencyFigure(result, SECONDS);
    line([`${label} req/s at ${PAGE_CONNECTIONS} connections`, value, isStatic ? "" : target]);
  }
  line([`signed-in /profile p50 / p99 at 1 connection`, latencyFigure(profileAlone, SECONDS), "< 100 ms"]);
  line([`signed-in /profile p50 / p99 at ${PROFILE_CONNECTIONS} connections`, latencyFigure(profile, SECONDS), ""]);
  line([`static file p50 / p99 at ${PROFILE_CONNECTIONS} connections (the floor for any page)`, latencyFigure(staticAtProfileLoad, SECONDS), ""]);
  const ratio =
    profile.p99Ms !== null && staticAtProfileLoad.p99Ms !== null && staticAtProfileLoad.p99Ms > 0
      ? `${(profile.p99Ms / staticAtProfileLoad.p99Ms).toFixed(2)}×`
      : `not computable: ${profile.p99Ms === null ? "no /profile answer" : "no static answer"} (${latencyFigure(profile.p99Ms === null ? profile : staticAtProfileLoad, SECONDS)})`;
  line([`/profile p99 ÷ static p99 at ${PROFILE_CONNECTIONS} connections`, ratio, "≤ 2×"]);
  line(["server RSS idle (one process)", `${idleRss} MB`, database.startsWith("PostgreSQL") ? "< 150 MB" : ""]);
  line(["server RSS under load (peak)", `${peakRss} MB`, ""]);
  for (const { label, path } of [pages[1]!, pages[2]!, pages[3]!]) {
    const js = await measureJsBytes(server.url, path).catch((error: Error) => error);
    const value = js instanceof Error ? `not measured: ${js.message}` : `${figure(js.gzipBytes / 1024)} KB in ${js.files} files`;
    line([`gzip JavaScript, first visit to ${label}`, value, "≤ 90 KB"]);
  }

  const failures = [...results.map(({ label, result }) => ({ label, errors: result.errors })), { label: "/profile", errors: [...profile.errors, ...profileAlone.errors] }, { label: "static file at the /profile load", errors: staticAtProfileLoad.errors }].filter(
    (entry) => entry.errors.length > 0,
  );
  for (const { label, errors } of failures) process.stdout.write(`warning: ${label}: ${errors.join(", ")}\n`);
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
