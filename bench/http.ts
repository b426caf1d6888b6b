/**
 * HTTP benchmark of the production server: latency percentiles and throughput for a few
 * pages, and the server's memory before and after. Bounded (a fixed number of requests on
 * loopback) and self-stopping.
 *   npm run build && npx tsx bench/http.ts [requests-per-path] [concurrency]
 */
import { execSync } from "node:child_process";
import { startTestServer } from "../server/test-server";

const requests = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 8);
const paths = (process.env.BENCH_PATHS ?? "/,/healthz,/finns-inte").split(",");

function rssMb(pid: number): number {
  const kb = Number(execSync(`ps -o rss= -p ${pid}`).toString().trim());
  return Math.round(kb / 1024);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const server = await startTestServer({ LOG_LEVEL: "warn" });
const pid = server.process.pid!;
try {
  // Warm-up: route modules, caches, JIT.
  for (const path of paths) for (let i = 0; i < 20; i++) await (await fetch(server.url + path)).arrayBuffer();
  const rssBefore = rssMb(pid);
  process.stdout.write(`server rss after warm-up: ${rssBefore} MB\n`);
  process.stdout.write(`path\trequests\tconcurrency\treq/s\tp50 ms\tp95 ms\tp99 ms\n`);
  for (const path of paths) {
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next++;
          const t0 = performance.now();
          const response = await fetch(server.url + path, { headers: { "accept-encoding": "gzip" } });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      `${path}\t${latencies.length}\t${concurrency}\t${Math.round(latencies.length / seconds)}\t${percentile(latencies, 50).toFixed(1)}\t${percentile(latencies, 95).toFixed(1)}\t${percentile(latencies, 99).toFixed(1)}\n`,
    );
  }
  process.stdout.write(`server rss after run: ${rssMb(pid)} MB\n`);
} finally {
  await server.stop();
}
