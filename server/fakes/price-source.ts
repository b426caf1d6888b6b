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
import { SELL_PRICE_SEEDS } from "../../app/platform/db/seed/sell-prices";

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

// Run directly: the fake for offline development, with the demo prices in SEK.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakePriceSource(Number(process.env.FAKE_PRICE_SOURCE_PORT ?? 3902));
  fake.setItems(SELL_PRICE_SEEDS.map((price) => ({ market_hash_name: price.market_hash_name, suggested_price: price.reference_price_ore / 100 })));
  process.stdout.write(`Fake price source on ${fake.url} (PRICE_SOURCE_URL=${fake.url})\n`);
}
