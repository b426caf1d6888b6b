/**
 * JavaScript a first visit downloads: fetches a page's HTML, collects every script and
 * modulepreload URL in it (the import graph React Router preloads), and sums their gzip sizes.
 * The budget is 90 KB gzip for `/` and a blog post (docs/rules/http.md#front-end-weight).
 *   npm run build && npx tsx bench/js-bytes.ts [server-url] [path...]
 * Without a server URL it starts the production server on a fresh database.
 */
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

export interface JsBytes {
  path: string;
  /** Distinct script files the page loads on a first visit. */
  files: number;
  /** Their gzip size summed, in bytes. */
  gzipBytes: number;
  /** Each file and its gzip size, largest first. */
  detail: Array<{ url: string; gzipBytes: number }>;
}

/** Every `<script src>` and `<link rel="modulepreload" href>` of a page, plus inline module imports. */
export function scriptUrls(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)) urls.add(new URL(match[1]!, base).href);
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel="modulepreload"/i.test(tag)) continue;
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href) urls.add(new URL(href, base).href);
  }
  // The inline bootstrap imports the entry and route modules by URL.
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?\(?\s*"([^"]+\.js)"/g)) {
    urls.add(new URL(match[1]!, base).href);
  }
  return [...urls].filter((url) => new URL(url).origin === new URL(base).origin);
}

export async function measureJsBytes(serverUrl: string, path: string): Promise<JsBytes> {
  const pageUrl = new URL(path, serverUrl).href;
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const html = await response.text();
  const detail = await Promise.all(
    scriptUrls(html, pageUrl).map(async (url) => {
      const body = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
      return { url: new URL(url).pathname, gzipBytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  detail.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { path, files: detail.length, gzipBytes: detail.reduce((sum, file) => sum + file.gzipBytes, 0), detail };
}

async function cli(): Promise<void> {
  const [first, ...rest] = process.argv.slice(2);
  let url = first?.startsWith("http") ? first : undefined;
  const paths = (url ? rest : [first, ...rest]).filter((value): value is string => Boolean(value));
  let stop: (() => Promise<unknown>) | undefined;
  if (!url) {
    const { startTestServer } = await import("../server/test-server");
    const server = await startTestServer({ LOG_LEVEL: "warn" });
    url = server.url;
    stop = () => server.stop();
  }
  try {
    if (paths.length === 0) {
      paths.push("/", "/blog");
      const blog = await (await fetch(new URL("/blog", url))).text();
      const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
      if (post) paths.push(post);
    }
    process.stdout.write("path\tfiles\tgzip KB\n");
    for (const path of paths) {
      const result = await measureJsBytes(url, path);
      process.stdout.write(`${path}\t${result.files}\t${(result.gzipBytes / 1024).toFixed(1)}\n`);
      if (process.env.JS_BYTES_DETAIL) {
        for (const file of result.detail) process.stdout.write(`  ${(file.gzipBytes / 1024).toFixed(1)}\t${file.url}\n`);
      }
    }
  } finally {
    await stop?.();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await cli();
