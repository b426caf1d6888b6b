/**
 * Every claim on the public site as rendered by the production build
 * (docs/rules/site.md#marketing-claims): each public page is fetched and its text scanned for
 * the kinds of claim the claims module owns — a founding year, a payout time, a fee, a payment
 * method, another game — and each found must say what `app/modules/marketing/claims.ts` says.
 * A claim edited on one page to contradict its source ("sedan 2016", "Swish inom 1-5 minuter"
 * while Swish is paid by hand, "0% avgift", a Klarna badge) fails here.
 *
 * The site's figures (docs/decisions/055-site-figures.md): every number standing next to
 * kunder, medlemmar, affärer, omdömen, betyg, MSEK, utbetalt or per dag must be the figure
 * recounted here from the database — first with the data below every minimum (no such number
 * on any page), then above them with review sources configured.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatNumber } from "~/lib/format";
import { addDays, stockholmDay, stockholmDayStart } from "~/lib/stockholm-time";
import { formatCustomers } from "~/modules/marketing/hero-counters";
import { formatClaim, formatPaidOut, formatRating, summarizeReviews } from "~/modules/marketing/site-figures";
import { execCount, queryRows } from "~/platform/db/client.server";
import { COMPANY } from "~/lib/company";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { CLAIMS, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, makeStaff } from "./test-members";

let server: InProcessServer;
const texts = new Map<string, string>();
const db = () => server.database.db;

/** This test's minimums, small enough to seed above and below in seconds. */
const MINIMUMS = { members: 100, trades: 120, paidOutSek: 1_000_000, tradesPerDay: 3 };

/** Completed trades of `ore` each, `perDay` on each day going back from yesterday (noon, Stockholm). */
async function seedTrades(count: number, type: "sale" | "purchase", ore: number, perDay: number): Promise<void> {
  const noon = stockholmDayStart(stockholmDay(new Date()))!.getTime() + 12 * 3_600_000;
  await execCount(
    db(),
    sql`INSERT INTO trades (user_id, type, status, base_total_ore, total_ore, level_at_recording, payout_method, payment_method, completed_at)
        SELECT (SELECT user_id FROM profiles ORDER BY created_at LIMIT 1), ${type}, 'completed', ${ore}, ${ore}, 'bronze',
               ${type === "sale" ? "swish" : null}, ${type === "purchase" ? "Swish" : null},
               ${new Date(noon).toISOString()}::timestamptz - (g / ${perDay} + 1) * interval '1 day'
          FROM generate_series(0, ${count - 1}) AS g`,
  );
}

/** Accounts, `count` of them, straight into the tables (the rollup triggers count them). */
async function seedMembers(count: number): Promise<void> {
  await execCount(
    db(),
    sql`WITH made AS (
          INSERT INTO "user" (name, email) SELECT 'Medlem', 'figur-' || gen_random_uuid() || '@example.se' FROM generate_series(1, ${count}) RETURNING id, email
        )
        INSERT INTO profiles (user_id, email) SELECT id, email FROM made`,
  );
}

/** The figures recounted from the raw rows (not the rollups), each null below its minimum. */
async function expectedFigures() {
  const yesterdayEnd = stockholmDayStart(stockholmDay(new Date()))!.toISOString();
  const monthAgo = stockholmDayStart(addDays(stockholmDay(new Date()), -30))!.toISOString();
  const [row] = await queryRows<{ members: number; trades: number; paid: string; recent: number }>(
    db(),
    sql`SELECT (SELECT count(*)::int FROM profiles WHERE deleted_at IS NULL) AS members,
               (SELECT count(*)::int FROM trades WHERE status = 'completed') AS trades,
               (SELECT coalesce(sum(total_ore), 0)::text FROM trades WHERE status = 'completed' AND type = 'sale') AS paid,
               (SELECT count(*)::int FROM trades WHERE status = 'completed'
                  AND completed_at >= ${monthAgo}::timestamptz AND completed_at < ${yesterdayEnd}::timestamptz) AS recent`,
  );
  const shown = (value: number, minimum: number) => (value >= minimum && value > 0 ? value : null);
  const sources = await queryRows<{ platform: string; rating: number; count: number; url: string }>(
    db(),
    sql`SELECT platform, rating_tenths / 10.0 AS rating, review_count AS count, url FROM review_sources`,
  );
  return {
    members: shown(row!.members, MINIMUMS.members),
    trades: shown(row!.trades, MINIMUMS.trades),
    paidOutSek: shown(Math.floor(Number(row!.paid) / 100), MINIMUMS.paidOutSek),
    tradesPerDay: shown(Math.floor(row!.recent / 30), MINIMUMS.tradesPerDay),
    reviews: summarizeReviews(sources.map((source) => ({ ...source, rating: Number(source.rating) }))),
  };
}

async function fetchPages(into: Map<string, string>): Promise<void> {
  for (const { path } of [...PUBLIC_PAGES, { path: "/salja/vardering" }]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    into.set(path, visibleText(await response.text()));
  }
}

/** The page's visible text: no scripts or tags, entities and no-break spaces as plain spaces. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  server = await startInProcessServer({
    // Every page rendered anew, so the second half sees the new figures.
    HTML_CACHE_MB: "0",
    SITE_FIGURE_MIN_MEMBERS: String(MINIMUMS.members),
    SITE_FIGURE_MIN_TRADES: String(MINIMUMS.trades),
    SITE_FIGURE_MIN_PAID_OUT_SEK: String(MINIMUMS.paidOutSek),
    SITE_FIGURE_MIN_TRADES_PER_DAY: String(MINIMUMS.tradesPerDay),
  });
  // Below every minimum: 60 accounts, 80 trades (40 sales of 5 000 kr), 2 a day over the last 30 days.
  await seedMembers(60);
  await seedTrades(40, "sale", 5_000_00, 1);
  await seedTrades(40, "purchase", 1_000_00, 1);
  await fetchPages(texts);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const everyPage = () => [...texts.entries()];

describe("every claim on the public site says what its source says", () => {
  it("names one founding year", () => {
    // Blog posts are editorial ("Sedan 2025 har Valve …"), not claims about us.
    for (const [path, text] of everyPage().filter(([path]) => path !== "/blog")) {
      for (const match of text.matchAll(/\b(?:sedan|grundat|grundades|startade vi[^.]*?)\s+(\d{4})\b/gi)) {
        expect(Number(match[1]), `${path}: "${match[0]}"`).toBe(COMPANY.foundedYear);
      }
    }
  });

  it("states no payout or delivery time in minutes or bank days on a public page", () => {
    // Public pages state the manual promise whatever is configured; only a member's own order
    // states an automatic method's time, when its gateway is on (decision 051).
    for (const [path, text] of everyPage()) {
      expect(text, path).not.toMatch(/\d+\s*[-–]\s*\d+\s*(?:minuter|bankdagar)/);
    }
    expect(texts.get("/")).toContain(PAYOUT_CLAIMS.swish);
  });

  it("claims no fee percentage and no competitor's fees, and says what a quote pays", () => {
    // The XP page's purchase fee per level is a loyalty rule read from the level table, not a claim.
    for (const [path, text] of everyPage().filter(([path]) => path !== "/xp-system")) {
      // A fee we do not take (selling is free; a purchase's level fee is a loyalty rule, not a claim).
      expect(text, path).not.toMatch(/\b0\s*%\s*(?:i\s+)?avgift/i);
      expect(text, path).not.toMatch(/andra (?:handlare )?tar/i);
      expect(text, path).not.toMatch(/till marknadspris/i);
    }
    expect(texts.get("/salja-skins")).toContain(CLAIMS.rates);
    expect(texts.get("/faq")).toContain(CLAIMS.fees);
  });

  it("shows only the payment methods checkout offers", () => {
    for (const [path, text] of everyPage()) {
      expect(text, path).not.toMatch(/\bKlarna\b/);
      const badges = /Betalningsmetoder/.test(text);
      if (badges) for (const method of CLAIMS.paymentMethods) expect(text, path).toContain(method);
    }
  });

  it("names other games only as handled via chat", () => {
    for (const [path, text] of everyPage()) {
      // Each mention comes with the chat, in its own sentence or the answer beside it.
      for (const match of text.matchAll(/\b(?:Dota 2|Rust|TF2)\b/g)) {
        const near = text.slice(Math.max(0, match.index - 200), match.index + 300);
        expect(near, path).toMatch(/chatt/);
      }
    }
  });
});

// ---------------------------------------------------------------------------
// The site's figures
// ---------------------------------------------------------------------------

const NUMBER = String.raw`(?<![\d,.])(\d+K\+|\d{1,3}(?: \d{3})*(?:,\d+)?\+?)`;
/** A number followed by what it counts. */
const BEFORE_WORD = new RegExp(`${NUMBER}\\s+(?:nöjda\\s+)?(kunder|medlemmar|affärer|genomförda affärer|omdömen|MSEK|kr utbetalt|per dag|i snittbetyg)`, "gi");
/** A stat's label followed by its figure (the stat cards and hero counters put the label first). */
const AFTER_LABEL = new RegExp(`(Medlemmar|Nöjda kunder|Genomförda affärer|Affärer per dag|Utbetalt till säljare|Snittbetyg av 5|Sammanlagt betyg|snittbetyg)\\s+${NUMBER}`, "g");

/** Every figure-like number on a page with the words around it. */
function figuresOn(text: string): Array<{ number: string; context: string }> {
  const found: Array<{ number: string; context: string }> = [];
  for (const match of text.matchAll(BEFORE_WORD)) found.push({ number: match[1]!, context: match[0] });
  for (const match of text.matchAll(AFTER_LABEL)) found.push({ number: match[2]!, context: match[0] });
  return found;
}

/** How the pages may word each figure they show. */
function allowedNumbers(figures: Awaited<ReturnType<typeof expectedFigures>>): Set<string> {
  const allowed = new Set<string>();
  const add = (text: string) => allowed.add(text.replace(/[\u00a0\u202f]/g, " "));
  if (figures.members !== null) [formatClaim(figures.members), formatCustomers(figures.members)].forEach(add);
  if (figures.trades !== null) add(formatClaim(figures.trades));
  if (figures.paidOutSek !== null) add(formatPaidOut(figures.paidOutSek).replace(/ MSEK$| kr$/, ""));
  if (figures.tradesPerDay !== null) add(formatClaim(figures.tradesPerDay));
  if (figures.reviews.average !== null) {
    add(formatRating(figures.reviews.average));
    add(formatNumber(figures.reviews.total));
    for (const source of figures.reviews.sources) [formatRating(source.rating), formatNumber(source.count)].forEach(add);
  }
  return allowed;
}

describe("the site's figures below their minimums", () => {
  it("shows no member, trade, payout, per-day or review figure on any page", async () => {
    const figures = await expectedFigures();
    expect(figures).toMatchObject({ members: null, trades: null, paidOutSek: null, tradesPerDay: null, reviews: { average: null } });
    for (const [path, text] of everyPage()) {
      expect(figuresOn(text), path).toEqual([]);
      expect(text, path).not.toMatch(/\b0\s+(?:kunder|medlemmar|affärer)/);
      expect(text, path).not.toMatch(/Källa:/);
    }
  });

  it("makes no claim the product cannot back", () => {
    for (const [path, text] of everyPage()) {
      expect(text, path).not.toMatch(/säkra transaktioner/i);
      expect(text, path).not.toMatch(/(?:inventarie|värder)[^.]{0,80}inom \d+ minuter/i);
      expect(text, path).not.toMatch(/community har vuxit/i);
      expect(text, path).not.toMatch(/\+2–5\s*%/);
    }
    expect(texts.get("/salja-skins")).toContain("Värdera ditt inventarie");
  });
});

describe("the site's figures above their minimums", () => {
  const above = new Map<string, string>();

  beforeAll(async () => {
    // 1 234 accounts (with the admin below), 320 trades, 1,32 million SEK paid for sales, 6 a day over the last 30 days.
    await seedMembers(1_234 - 60 - 1);
    await seedTrades(160, "sale", 7_000_00, 2);
    await seedTrades(80, "purchase", 1_000_00, 2);
    // An admin configures the review sources; saving one also makes every page read the figures anew.
    const admin = await createMember(server, "figures.admin@example.se");
    await makeStaff(server, admin, "admin");
    for (const source of [
      { platform: "Trustpilot", rating: "4,8", count: "2847", url: "https://se.trustpilot.com/review/skinhamnen.se" },
      { platform: "Google", rating: "4,1", count: "1394", url: "https://g.page/r/skinhamnen/review" },
    ]) {
      const response = await fetch(`${server.url}/admin/seo/omdomen`, {
        method: "POST",
        headers: { origin: server.url, cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: formBody({ intent: "save", formToken: crypto.randomUUID(), ...source }),
      });
      expect(response.status).toBe(200);
    }
    await fetchPages(above);
  }, 120_000);

  it("shows each figure as recounted from the data, and no other number beside those words", async () => {
    const figures = await expectedFigures();
    expect(figures.members).toBe(1_234);
    expect(figures.trades).toBe(320);
    expect(figures.paidOutSek).toBe(40 * 5_000 + 160 * 7_000);
    expect(figures.tradesPerDay).toBe(6);
    const allowed = allowedNumbers(figures);
    const seen = new Set<string>();
    for (const [path, text] of above) {
      for (const { number, context } of figuresOn(text)) {
        expect(allowed.has(number), `${path}: "${context}" (allowed: ${[...allowed].join(" | ")})`).toBe(true);
        seen.add(number);
      }
    }
    // Each computed figure, the review total and the average are shown beside their words somewhere.
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    for (const number of [
      formatClaim(figures.members!),
      formatClaim(figures.trades!),
      formatPaidOut(figures.paidOutSek!).replace(/ MSEK$/, ""),
      formatClaim(figures.tradesPerDay!),
      formatNumber(figures.reviews.total),
      formatRating(figures.reviews.average!),
    ]) {
      expect(seen, number).toContain(plain(number));
    }
  });

  it("shows the stats and counters on the home and about pages with their sources", () => {
    const home = above.get("/")!;
    expect(home).toContain("Medlemmar 1 200+");
    expect(home).toContain("Genomförda affärer 320+");
    expect(home).toContain("Utbetalt till säljare 1,3 MSEK");
    expect(home).toContain("Affärer per dag 6");
    // (4,8 · 2 847 + 4,1 · 1 394) / 4 241 = 4,57 → 4,5, never rounded up.
    expect(home).toMatch(/Snittbetyg av 5 4,5/);
    for (const path of ["/", "/omdomen", "/om-oss"]) {
      expect(above.get(path), path).toContain("Källa: Trustpilot");
      expect(above.get(path), path).toContain("Källa: Google");
    }
    expect(above.get("/om-oss")).toContain("1 200+ medlemmar");
  });
});
