/**
 * Where the production server's CPU time goes under load: starts the compiled server with
 * `node --cpu-prof` on a fresh database (PGlite, or PostgreSQL when DATABASE_URL is set), loads
 * one page at 32 connections (wrk, or bench/load.ts's loader without it), stops it with SIGTERM (which writes the
 * profile) and prints the self time by package (React DOM rendering, React Router, the embedded
 * database, Express, compression …), counting only the samples taken under load.
 *   npm run build && npx tsx bench/profile.ts [path] [seconds]
 *   PROFILE_SIGNED_IN=1 npx tsx bench/profile.ts /profile     (as a signed-in member)
 * The raw profile stays in the printed directory (open it in Chrome DevTools for the call tree).
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seed } from "../app/platform/db/seed";
import { signInCookie } from "../server/test-members";
import { startTestServer } from "../server/test-server";
import { latencyFigure, runLoad } from "./load";
import { BRONZE_TRADES, createAccount, giveTrades, MEMBER_PASSWORD } from "../tests/e2e/helpers/loyalty-members";

const pagePath = process.argv[2] ?? "/";
const seconds = Number(process.argv[3] ?? 15);
const MEMBER_EMAIL = "profil.medlem@example.se";
const dir = mkdtempSync(path.join(os.tmpdir(), "skinhamnen-profile-"));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A bucket for a sample's frame: the package, the Node module, or the engine's own work. */
function bucket(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)") return "V8 garbage collector";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "V8/native (program)";
    return `native: ${functionName || "anonymous"}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url.replace(/^node:internal\//, "node:").split("/").slice(0, 2).join("/");
  if (url.includes("/build/server/")) return "app (build/server)";
  return url;
}

const signedIn = process.env.PROFILE_SIGNED_IN === "1";
const server = await startTestServer(
  { LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
  {
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    async prepare(database) {
      await seed(database.db);
      if (!signedIn) return;
      const staff = await createAccount(database, { email: "profil.personal@example.se", firstName: "Profil", lastName: "Personal", role: "admin" });
      const member = await createAccount(database, { email: MEMBER_EMAIL, firstName: "Profil", lastName: "Medlem" });
      await giveTrades(database, staff, member, BRONZE_TRADES);
    },
  },
);
const url = server.url;
const headers: Record<string, string> = { "accept-encoding": "br, gzip" };
if (signedIn) headers.cookie = await signInCookie(url, MEMBER_EMAIL, MEMBER_PASSWORD);
for (let i = 0; i < 30; i++) await (await fetch(url + pagePath, { headers })).arrayBuffer();
const loadStarted = performance.now();
const load = await runLoad(url + pagePath, 32, seconds, headers);
const loadEnded = performance.now();
await server.stop();
const exitedAt = performance.now();

const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile written in ${dir}`);
const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const totals = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
// Only the samples taken while wrk ran: not start-up (migrations, seeding) nor shutdown.
const windowEnd = profile.endTime - (exitedAt - loadEnded) * 1000;
const windowStart = windowEnd - (loadEnded - loadStarted) * 1000;
let at = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  at += delta;
  if (at < windowStart || at > windowEnd) return;
  const frame = byId.get(id)!.callFrame;
  const name = bucket(frame);
  if (name !== "(idle)") {
    const fn = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}`;
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
  }
  totals.set(name, (totals.get(name) ?? 0) + delta);
  if (name !== "(idle)") busy += delta;
});
process.stdout.write(
  `${pagePath}: ${latencyFigure(load, seconds)} p50 / p99 under ${load.tool} at 32 connections for ${seconds} s; profile ${path.join(dir, file)}\n`,
);
const idle = totals.get("(idle)") ?? 0;
process.stdout.write(`the main thread was busy ${busy + idle > 0 ? `${((busy / (busy + idle)) * 100).toFixed(0)} %` : "(no samples in the window)"} of the load window\n`);
process.stdout.write(`self time by package, % of busy (non-idle) CPU time:\n`);
for (const [name, micros] of [...totals].filter(([name]) => name !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  process.stdout.write(`${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}\n`);
}
process.stdout.write(`top functions by self time:\n`);
for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  process.stdout.write(`${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${name}\n`);
}
