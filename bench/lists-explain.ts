/**
 * The staff lists' queries at volume (docs/decisions/039-keyset-lists-and-search.md): for each
 * list, the first page, page 50 (49 × "next") and a search are timed through their services
 * (median of 3) and every query they send is run again under EXPLAIN (ANALYZE, BUFFERS), its
 * execution time, buffers and top plan nodes printed. Read-only; run on a copy of the
 * `seed:scale` database:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/skinhamnen_lists npx tsx bench/lists-explain.ts [list-prefix]
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { parseKeyset, type KeysetLinks } from "../app/lib/keyset";
import { searchMembers } from "../app/modules/accounts/member-admin.server";
import { listTrades } from "../app/modules/trades/trades.server";
import { listReferrals } from "../app/modules/referrals/referral-admin.server";
import { listSubscribers } from "../app/modules/newsletter/newsletter-admin.server";
import type { Db } from "../app/platform/db/client.server";
import * as schema from "../app/platform/db/schema";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
let captured: Array<{ query: string; params: unknown[] }> = [];
const db = drizzle({ client: pool, schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;

type Page = { rows: unknown[]; links: KeysetLinks };
/** A list read from its URL's cursor (`efter`), as its loader would. */
type List = (efter: string | undefined) => Promise<Page>;
const position = (efter: string | undefined) => parseKeyset(new URLSearchParams(efter ? { efter } : {}), "timestamp");

const LISTS: Record<string, List> = {
  users: (efter) => searchMembers(db, { position: position(efter) }),
  "users, search 'persson'": (efter) => searchMembers(db, { q: "persson", position: position(efter) }),
  "users, search 'medlem11804'": (efter) => searchMembers(db, { q: "medlem11804", position: position(efter) }),
  transactions: (efter) => listTrades(db, { efter }),
  "transactions, search 'persson'": (efter) => listTrades(db, { q: "persson", efter }),
  "transactions, by total": (efter) => listTrades(db, { sort: "total", dir: "asc", efter }),
  referrals: (efter) => listReferrals(db, { position: position(efter) }),
  newsletter: (efter) => listSubscribers(db, { position: position(efter) }),
  "newsletter, search 'medlem24'": (efter) => listSubscribers(db, { q: "medlem24", position: position(efter) }),
};

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1]!;
}

async function explainCaptured(): Promise<string> {
  const out: string[] = [];
  for (const { query, params } of captured) {
    const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
    const lines = rows.map((row) => row["QUERY PLAN"]);
    const time = lines.find((line) => line.startsWith("Execution Time")) ?? "";
    const buffers = lines.find((line) => line.includes("Buffers:"))?.trim() ?? "";
    const nodes = lines
      .filter((line) => /Scan|Sort|Limit|WindowAgg|Aggregate|Join|Nested Loop/.test(line))
      .slice(0, 4)
      .map((line) => `      ${line.trim().replace(/\(cost=[^)]*\)\s*/, "")}`);
    out.push(`    ${query.replace(/\s+/g, " ").slice(0, 100)}…\n      ${time}; ${buffers}\n${nodes.join("\n")}`);
  }
  return out.join("\n");
}

const only = process.argv[2];
for (const [name, list] of Object.entries(LISTS)) {
  if (only && !name.startsWith(only)) continue;
  let cursor: string | undefined;
  for (let step = 1; step < 50; step += 1) {
    const next: string | null = (await list(cursor)).links.next;
    if (!next) break;
    cursor = next;
  }
  const first = await medianMs(() => list(undefined));
  const deep = await medianMs(() => list(cursor));
  captured = [];
  await list(undefined);
  const firstPlans = await explainCaptured();
  captured = [];
  const deepRows = (await list(cursor)).rows.length;
  const deepPlans = await explainCaptured();
  process.stdout.write(`${name}: first page ${first.toFixed(1)} ms, page 50 ${deep.toFixed(1)} ms (${deepRows} rows)\n`);
  process.stdout.write(`  first page:\n${firstPlans}\n  page 50:\n${deepPlans}\n`);
}
await pool.end();
