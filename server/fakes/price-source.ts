/**
 * A local stand-in for a price source in Skinport's public `/v1/items` format
 * (docs/rules/selling.md#scheduled-import), on 127.0.0.1: configurable items, and a 429 with
 * Retry-After on demand. Tests start it in-process; for offline development run
 *
 *     npx tsx server/fakes/price-source.ts      # http://127.0.0.1:3902/v1/items
 *     PRICE_SOURCE_URL=http://127.0.0.1:3902/v1/items npm run dev
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export interface FakeSkinportItem {
  market_hash_name: string;
  currency?: string;
  suggested_price?: number | null;
  min_price?: number | null;
}

export interface FakePriceSource {
  url: string;
  requests: URL[];
  setItems(items: FakeSkinportItem[]): void;
  /** Answer the next requests with 429 and this Retry-After (seconds); null: answer normally. */
  setRateLimited(retryAfterSeconds: number | null): void;
  stop(): Promise<void>;
}

export async function startFakePriceSource(port = 0): Promise<FakePriceSource> {
  let items: FakeSkinportItem[] = [];
  let limited: number | null = null;
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/v1/items") {
      res.writeHead(404).end();
      return;
    }
    requests.push(url);
    if (limited !== null) {
      res.writeHead(429, { "retry-after": String(limited), "content-type": "application/json" }).end(JSON.stringify({ errors: [{ id: "rate_limit_exceeded" }] }));
      return;
    }
    const currency = url.searchParams.get("currency") ?? "EUR";
    const body = items.map((item) => ({
      market_hash_name: item.market_hash_name,
      currency: item.currency ?? currency,
      suggested_price: item.suggested_price ?? null,
      item_page: "https://skinport.com/item/x",
      market_page: "https://skinport.com/market/x",
      min_price: item.min_price ?? null,
      max_price: null,
      mean_price: null,
      quantity: 1,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1/items`,
    requests,
    setItems: (next) => void (items = next),
    setRateLimited: (seconds) => void (limited = seconds),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// Run directly: the fake for offline development, with a few demo prices in SEK.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakePriceSource(Number(process.env.FAKE_PRICE_SOURCE_PORT ?? 3902));
  fake.setItems([
    { market_hash_name: "AK-47 | Redline (Field-Tested)", suggested_price: 249.5 },
    { market_hash_name: "StatTrak™ AWP | Asiimov (Battle-Scarred)", suggested_price: 1180 },
    { market_hash_name: "Glock-18 | Water Elemental (Minimal Wear)", suggested_price: 79.9 },
    { market_hash_name: "★ Karambit | Doppler (Factory New)", suggested_price: 10950 },
    { market_hash_name: "Souvenir M4A1-S | Knight (Factory New)", min_price: 8200 },
    { market_hash_name: "USP-S | Kill Confirmed (Well-Worn)", suggested_price: 410 },
    { market_hash_name: "Revolution Case", suggested_price: 9.2 },
  ]);
  process.stdout.write(`Fake price source on ${fake.url} (PRICE_SOURCE_URL=${fake.url})\n`);
}
