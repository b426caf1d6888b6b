/**
 * Lighthouse mobile scores of the pages the front-end budget names (docs/decisions/042): each
 * page three times, the median of each category printed. Lighthouse 12 (it runs on Node 20) is
 * fetched by npx; Chromium is the system's.
 *   npm run bench:lighthouse [-- server-url] [path...]
 * Without a server URL it starts the production server on a fresh database. Scores depend on
 * the machine's load: print `uptime` with them.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { benchTarget } from "./js-bytes";

const run = promisify(execFile);
const LIGHTHOUSE = "lighthouse@12.2.3";
const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function scores(url: string, dir: string): Promise<Record<string, number>> {
  const output = path.join(dir, "report.json");
  await run(
    "npx",
    [
      "-y",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(await readFile(output, "utf8")) as { categories: Record<string, { score: number }> };
  return Object.fromEntries(CATEGORIES.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)]));
}

async function main(): Promise<void> {
  const { url, paths, stop } = await benchTarget(process.argv.slice(2));
  const dir = await mkdtemp(path.join(os.tmpdir(), "lighthouse-"));
  try {
    process.stdout.write(`load average ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}\n`);
    process.stdout.write(`path\t${CATEGORIES.join("\t")}\n`);
    for (const page of paths) {
      const runs: Array<Record<string, number>> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await scores(new URL(page, url).href, dir));
      process.stdout.write(`${page}\t${CATEGORIES.map((name) => median(runs.map((result) => result[name]!))).join("\t")}\n`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await stop?.();
  }
}

await main();
