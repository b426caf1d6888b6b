/**
 * Prometheus metrics through the real server: refused to anonymous and wrong-token requests on
 * the public port, answered with the bearer token and on the loopback metrics port, requests
 * labelled by route pattern (never by the raw URL), and the app's own gauges and counters.
 */
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "./test-event-stream";
import { freePort, startTestServer, type TestServer } from "./test-server";

const TOKEN = "metrics-token-for-the-http-test-0123456789";

let server: TestServer;
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
  server = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Fetches a page to its last byte: the request is observed once its answer has been sent. */
async function load(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

/** The value of one series, by its exact name and labels as the exposition format prints them. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("refuses anonymous and wrong-token requests on the public port, and answers the bearer token", async () => {
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect(await anonymous.text()).not.toContain("http_request_duration_seconds");
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    const authorized = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(authorized.status).toBe(200);
    expect(authorized.headers.get("content-type")).toContain("text/plain");
    expect(await authorized.text()).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("answers without a token on the metrics port, which listens on loopback only", async () => {
    const text = await scrape();
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal);
    if (external) {
      await expect(fetch(`http://${external.address}:${metricsPort}/metrics`)).rejects.toThrow();
    }
  });

  it("counts a blog post under its route pattern /blog/:slug, never under its slug", async () => {
    const blog = await (await fetch(`${server.url}/blog`)).text();
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blog)?.[1];
    expect(slug).toBeTruthy();
    const series = 'http_request_duration_seconds_count{method="GET",route="/blog/:slug",status_class="2xx"}';
    const before = sample(await scrape(), series) ?? 0;
    expect(await load(`${server.url}/blog/${slug}`)).toBe(200);
    expect(await load(`${server.url}/blog/${slug}.data`)).toBe(200);
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 2);
    expect(after).not.toContain(slug);
    expect(sample(after, 'http_request_duration_seconds_count{method="GET",route="/blog",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_count{method="GET",route="/*",status_class="4xx"}') ?? 0).toBe(0);
    expect(await load(`${server.url}/finns-inte/${slug}`)).toBe(404);
    expect(sample(await scrape(), 'http_request_duration_seconds_count{method="GET",route="/*",status_class="4xx"}')).toBe(1);
  });

  it("reports the HTML cache, the pool, the mail queue, open event streams and job runs", async () => {
    await load(`${server.url}/om-oss`);
    await load(`${server.url}/om-oss`);
    const stream = await openEventStream(server.url);
    try {
      await server.runJob("mail-queue");
      const text = await scrape();
      expect(sample(text, 'skinhamnen_html_cache_lookups_total{state="miss"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skinhamnen_html_cache_lookups_total{state="hit"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, "skinhamnen_html_cache_pages")).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skinhamnen_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      if (process.env.DATABASE_URL) expect(sample(text, 'skinhamnen_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'skinhamnen_mail_queue_depth{status="pending"}')).toBe(0);
      expect(sample(text, 'skinhamnen_mail_queue_depth{status="failed"}')).toBe(0);
      expect(sample(text, "skinhamnen_event_streams_open")).toBe(1);
      expect(sample(text, 'skinhamnen_job_runs_total{job="mail-queue",status="ok"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skinhamnen_job_duration_seconds_count{job="mail-queue"}')).toBeGreaterThanOrEqual(1);
      // A stream is not a request with a latency: it is counted by the gauge only.
      expect(text).not.toContain('route="/api/events"');
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(), "skinhamnen_event_streams_open")).toBe(0);
  });
});
