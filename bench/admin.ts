/**
 * The staff panel at a busy shop's volume, through the real server (docs/decisions/038-scale-dataset-and-exports.md):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skinhamnen_scale npm run bench:admin
 * DATABASE_URL names a `npm run seed:scale` database (an empty one is seeded first). The bench
 * copies it (CREATE DATABASE … TEMPLATE, so the original stays as it was), starts the built
 * server on the copy, waits for the start-up jobs (the monthly VIP bonus among them, whose time
 * the job runner records), signs in as the seeded admin over HTTP and prints, as HTTP requests:
 * p50/p95 of every staff page's first page, of 50 × its own "next" link and of a search; each
 * CSV export's time, rows and the server's peak RSS growth while it streams; /profile for the
 * member with the oldest history; then the targets table. Every figure is printed, or why not.
 *   BENCH_REPEATS=5 (requests per first page and search), BENCH_NEXT=50, BENCH_KEEP_DB=1 keeps the copy.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { formatNumber } from "../app/lib/format";
import { openPostgres, queryRows } from "../app/platform/db/client.server";
import { SCALE_ADMIN, SCALE_OLDEST_MEMBER, seedScale } from "../app/platform/db/seed/scale";
import { dropPostgresDatabase } from "../app/platform/db/test-db";
import { enrolTwoFactor, signInCookie } from "../server/test-members";
import { assertBuilt, startTestServer } from "../server/test-server";

const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 5));
const NEXT = Math.max(0, Number(process.env.BENCH_NEXT ?? 50));
const PAGE_TARGET_MS = 200;

const sourceUrl = process.env.DATABASE_URL;
if (!sourceUrl?.startsWith("postgres")) {
  process.stderr.write(
    "bench:admin runs on PostgreSQL: DATABASE_URL=postgres://…/skinhamnen_scale npm run bench:admin (make one with npm run seed:scale -- --create skinhamnen_scale).\n",
  );
  process.exit(2);
}
try {
  assertBuilt();
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}

// --- the database: seeded if empty, refused if it is not a seed:scale one --------------------
{
  const source = openPostgres(sourceUrl);
  try {
    await source.migrate();
    const [state] = await queryRows<{ members: string; admin: boolean }>(
      source.db,
      sql`SELECT (SELECT count(*) FROM profiles) AS members, EXISTS (SELECT 1 FROM "user" WHERE email = ${SCALE_ADMIN.email}) AS admin`,
    );
    if (Number(state!.members) === 0) {
      process.stdout.write(`${new URL(sourceUrl).pathname.slice(1)} is empty: seeding it (npm run seed:scale's volume)…\n`);
      await seedScale(source.db, { log: (line) => process.stdout.write(`  ${line}\n`) });
    } else if (!state!.admin) {
      process.stderr.write(
        `${new URL(sourceUrl).pathname.slice(1)} has members but no ${SCALE_ADMIN.email}: it is not a seed:scale database. Point DATABASE_URL at one, or at an empty database to seed.\n`,
      );
      process.exit(2);
    }
  } finally {
    await source.close();
  }
}

const copyName = `bench_admin_${Date.now().toString(36)}`;
const serverUrl = (() => {
  const url = new URL(sourceUrl);
  url.pathname = `/${copyName}`;
  return url.toString();
})();
const maintenanceUrl = (() => {
  const url = new URL(sourceUrl);
  url.pathname = "/postgres";
  return url.toString();
})();

async function copyDatabase(): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const source = new URL(sourceUrl!).pathname.slice(1);
    // The template must have no other session: another copy may be under way, so wait a little.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${copyName}" TEMPLATE "${source.replace(/"/g, "")}"`);
        break;
      } catch (error) {
        if (attempt >= 60 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

// --- figures --------------------------------------------------------------------------------
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
type Timing = { times: number[]; failures: string[] };
function summary(timing: Timing): string {
  if (timing.times.length === 0) return `not measured: ${timing.failures[0] ?? "no request made"}`;
  const sorted = [...timing.times].sort((a, b) => a - b);
  const failed = timing.failures.length > 0 ? ` (${timing.failures.length} failed: ${timing.failures[0]})` : "";
  return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 95).toFixed(0)} ms (n=${sorted.length})${failed}`;
}
const p95 = (timing: Timing) => (timing.times.length ? percentile([...timing.times].sort((a, b) => a - b), 95) : Number.NaN);

/**
 * The server's resident memory in KB, read from /proc (microseconds). Spawning `ps` every 100 ms
 * blocked this process for tens of milliseconds each time under load, so the bench read the
 * export more slowly than a browser would and the server waited on it (a 52 s export took 236 s).
 */
function rssKb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) : Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)]).toString().trim()) || null;
  } catch {
    return null;
  }
}

/** The page's own "next" link: rel=next, or a link named "Nästa…" (the pager's text or label). */
function nextLink(html: string, base: string): string | null {
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    const attrs = match[1]!;
    const text = match[2]!.replace(/<[^>]+>/g, "").trim();
    const labelled = /\brel="next"/.test(attrs) || /aria-label="Nästa[^"]*"/.test(attrs) || /^Nästa\b/.test(text);
    const href = /\bhref="([^"]+)"/.exec(attrs)?.[1];
    if (labelled && href && !/aria-disabled="true"/.test(attrs)) return new URL(href.replace(/&amp;/g, "&"), base).toString();
  }
  return null;
}

const copyMs = await copyDatabase();
process.stdout.write(`copied ${new URL(sourceUrl).pathname.slice(1)} to ${copyName} in ${(copyMs / 1000).toFixed(1)} s\n`);
const server = await startTestServer({ LOG_LEVEL: "warn" }, { databaseUrl: serverUrl });
const pid = server.process.pid!;
const copy = openPostgres(serverUrl);
const rows: Array<[string, string, string]> = [];
let failed = false;
try {
  // The start-up jobs run a second or so after listening; their times are the job runner's own.
  const startupDeadline = Date.now() + 300_000;
  let jobs: Array<{ name: string; last_duration_ms: number | null; last_status: string | null; last_error: string | null }> = [];
  for (;;) {
    jobs = await queryRows(copy.db, sql`SELECT name, last_duration_ms, last_status, last_error FROM scheduled_jobs ORDER BY name`);
    const bonus = jobs.find((job) => job.name === "vip-monthly-bonus");
    const busy = await queryRows<{ n: string }>(
      copy.db,
      sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (bonus?.last_status && Number(busy[0]!.n) === 0) break;
    if (Date.now() > startupDeadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const bonusJob = jobs.find((job) => job.name === "vip-monthly-bonus");
  const bonusFigure = !bonusJob?.last_status
    ? "not measured: the job had not finished 5 minutes after start-up"
    : bonusJob.last_status !== "ok"
      ? `failed: ${bonusJob.last_error}`
      : `${((bonusJob.last_duration_ms ?? 0) / 1000).toFixed(1)} s`;
  process.stdout.write(`start-up jobs: ${jobs.map((job) => `${job.name} ${job.last_duration_ms ?? "?"} ms${job.last_status === "failed" ? " (failed)" : ""}`).join(", ")}\n`);

  // Staff pages need a second factor (docs/decisions/046-two-factor-and-step-up.md): the admin of
  // the copy sets up an authenticator through the setup page, as a new staff member would.
  const admin = { email: SCALE_ADMIN.email, cookie: await signInCookie(server.url, SCALE_ADMIN.email, SCALE_ADMIN.password) };
  await enrolTwoFactor(server, admin, SCALE_ADMIN.password);
  const cookie = admin.cookie;
  const get = async (url: string, headers: Record<string, string> = { cookie }): Promise<{ ms: number; status: number; body: string }> => {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: "manual" });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  };
  const timed = async (url: string, times: number, headers?: Record<string, string>): Promise<Timing> => {
    const timing: Timing = { times: [], failures: [] };
    for (let i = 0; i < times; i++) {
      const answer = await get(url, headers);
      if (answer.status === 200) timing.times.push(answer.ms);
      else timing.failures.push(`HTTP ${answer.status}`);
    }
    return timing;
  };

  // Staff pages: first page, then 50 × the page's own next link, then a search where there is one.
  const pages: Array<{ path: string; search?: string }> = [
    { path: "/admin/dashboard" },
    { path: "/admin/users", search: "q=medlem12345" },
    { path: "/admin/transactions", search: "q=medlem4321" },
    { path: "/admin/transactions/saljordrar" },
    { path: "/admin/ltv" },
    { path: "/admin/analytics?period=30" },
    { path: "/admin/analytics?period=365" },
    { path: "/admin/referrals" },
    { path: "/admin/influencers" },
    { path: "/admin/newsletter", search: "q=prenumerant1234" },
    { path: "/admin/newsletter/lansering" },
    { path: "/admin/users/audit" },
    { path: "/admin/point-shop" },
    { path: "/admin/blog" },
  ];
  process.stdout.write(`\nstaff pages as HTTP requests, p50 / p95 (target p95 < ${PAGE_TARGET_MS} ms)\n`);
  process.stdout.write(`| page | first page ×${REPEATS} | ${NEXT} × next | search ×${REPEATS} |\n|---|---|---|---|\n`);
  let worstPage = { label: "", ms: 0 };
  const consider = (label: string, timing: Timing) => {
    const value = p95(timing);
    if (timing.failures.length > 0) failed = true;
    if (Number.isFinite(value) && value > worstPage.ms) worstPage = { label, ms: value };
  };
  for (const page of pages) {
    const url = server.url + page.path;
    await get(url); // warm: route module, plans
    const first = await timed(url, REPEATS);
    consider(`${page.path} first`, first);
    const next: Timing = { times: [], failures: [] };
    let current = await get(url);
    let link = current.status === 200 ? nextLink(current.body, url) : null;
    if (!link) next.failures.push(current.status === 200 ? "the first page has no next link (it fits one page)" : `HTTP ${current.status}`);
    for (let i = 0; i < NEXT && link; i++) {
      current = await get(link);
      if (current.status !== 200) {
        next.failures.push(`HTTP ${current.status} at ${link}`);
        break;
      }
      next.times.push(current.ms);
      link = nextLink(current.body, link);
    }
    const ended = next.times.length > 0 && next.times.length < NEXT && next.failures.length === 0 ? ` (the list ends after ${next.times.length + 1} pages)` : "";
    if (next.times.length > 0) consider(`${page.path} next`, next);
    let search = "–";
    if (page.search) {
      const searchUrl = `${server.url}${page.path}${page.path.includes("?") ? "&" : "?"}${page.search}`;
      const timing = await timed(searchUrl, REPEATS);
      consider(`${page.path}?${page.search}`, timing);
      search = `${summary(timing)} (${page.search})`;
    }
    process.stdout.write(`| ${page.path} | ${summary(first)} | ${summary(next)}${ended} | ${search} |\n`);
  }

  // Exports: total time, rows, and the server's peak RSS growth while streaming.
  const [influencer] = await queryRows<{ id: string }>(copy.db, sql`SELECT id FROM influencers ORDER BY referral_code LIMIT 1`);
  const month = new Date().toISOString().slice(0, 7);
  const exportsList = [
    "/admin/transactions/export.csv",
    "/admin/referrals/export.csv",
    "/admin/newsletter/export.csv",
    "/admin/newsletter/lansering/export.csv",
    "/admin/users/audit/export.csv",
    "/admin/ltv/export.csv",
    ...(influencer ? [`/admin/influencers/${influencer.id}/commission.csv?manad=${month}`] : []),
  ];
  process.stdout.write(`\nCSV exports (one request each)\n| export | time | rows | bytes | server RSS growth (peak) |\n|---|---|---|---|---|\n`);
  let transactionsExport = "not measured";
  for (const path of exportsList) {
    if (global.gc) global.gc();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssKb(pid);
    let peak = before ?? 0;
    const sampler = setInterval(() => {
      const now = rssKb(pid);
      if (now) peak = Math.max(peak, now);
    }, 100);
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    let status = 0;
    let error = "";
    try {
      const response = await fetch(server.url + path, { headers: { cookie } });
      status = response.status;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines++;
      }
    } catch (caught) {
      error = (caught as Error).message;
    }
    clearInterval(sampler);
    const ms = performance.now() - started;
    const growth = before === null ? "not measured: ps could not read the server" : `${((peak - before) / 1024).toFixed(1)} MB`;
    const time = status === 200 && !error ? `${(ms / 1000).toFixed(1)} s` : `failed: ${error || `HTTP ${status}`}`;
    if (time.startsWith("failed")) failed = true;
    process.stdout.write(`| ${path} | ${time} | ${Math.max(0, lines - 1)} | ${bytes} | ${growth} |\n`);
    if (path === "/admin/transactions/export.csv") transactionsExport = `${time}, ${Math.max(0, lines - 1)} rows, RSS +${growth}`;
  }

  // /profile for the member with the oldest, longest history, one connection.
  let profileFigure: string;
  try {
    const memberCookie = await signInCookie(server.url, SCALE_OLDEST_MEMBER.email, SCALE_OLDEST_MEMBER.password);
    await get(`${server.url}/profile`, { cookie: memberCookie });
    const timing = await timed(`${server.url}/profile`, Math.max(REPEATS, 10), { cookie: memberCookie });
    profileFigure = summary(timing);
  } catch (error) {
    profileFigure = `not measured: ${(error as Error).message.split("\n")[0]}`;
  }
  process.stdout.write(`\n/profile (${SCALE_OLDEST_MEMBER.email}, one connection): ${profileFigure}\n`);

  const [volume] = await queryRows<{ members: string; trades: string; points: string }>(
    copy.db,
    sql`SELECT (SELECT count(*) FROM profiles) AS members, (SELECT count(*) FROM trades) AS trades, (SELECT count(*) FROM points_transactions) AS points`,
  );
  const load = `load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ")} at ${new Date().toISOString()}`;
  rows.push(
    [`every staff page p95 (first page, ${NEXT} × next, search)`, worstPage.label ? `worst ${worstPage.ms.toFixed(0)} ms (${worstPage.label})` : "not measured", `< ${PAGE_TARGET_MS} ms`],
    ["/profile for the member with the oldest history, one connection (p50 / p95)", profileFigure, "< 100 ms"],
    ["/profile p99 at 50 connections vs the static file's", "not measured here: npm run bench (wrk)", "≤ 2×"],
    ["queries per /profile", "not measured here: bench/profile.ts", "≤ 8"],
    ["transactions CSV", transactionsExport, "< 15 s, RSS growth < 50 MB"],
    ["monthly-bonus job at start-up", bonusFigure, "< 5 s"],
  );
  process.stdout.write(
    `\nSkinhamnen staff benchmark: ${formatNumber(Number(volume!.members))} members, ${formatNumber(Number(volume!.trades))} trades, ${formatNumber(Number(volume!.points))} points rows; ${load}\n\n| figure | value | target |\n|---|---|---|\n`,
  );
  for (const row of rows) process.stdout.write(`| ${row.join(" | ")} |\n`);
} finally {
  await copy.close();
  await server.stop();
  if (process.env.BENCH_KEEP_DB === "1") process.stdout.write(`kept ${serverUrl}\n`);
  else await dropPostgresDatabase(maintenanceUrl, copyName);
}
process.exitCode = failed ? 1 : 0;
