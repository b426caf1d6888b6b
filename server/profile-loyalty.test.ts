/**
 * /profile's loyalty part through the production build: the history pages come from the URL
 * (and bad page numbers fall back to the first page), each list reads one page, and a trade
 * shows the member their own numbers but not the staff side (the internal note).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditPoints } from "~/modules/loyalty/ledger.server";
import { createMember as createLoyaltyMember, createStaff } from "~/modules/loyalty/test-fixtures";
import { completeTrade, recordTrade } from "~/modules/trades/trades.server";
import { account, user } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { MEMBER_PASSWORD, signInCookie, type TestMember } from "./test-members";

let server: InProcessServer;
let member: TestMember;
const db = () => server.database.db;
const NOTE = "Intern anteckning: kontrollera säljarens Steam-konto";

beforeAll(async () => {
  server = await startInProcessServer();
  const email = "historik@example.se";
  const userId = await createLoyaltyMember(db(), { email });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  await db()
    .insert(account)
    .values({ accountId: userId, providerId: "credential", userId, password: await hashPassword(MEMBER_PASSWORD) });
  // Twelve points rows, oldest first: "Bonus 1" … "Bonus 12".
  for (let index = 1; index <= 12; index += 1) {
    await db().transaction((tx) =>
      creditPoints(tx, { userId, amount: index, reason: `Bonus ${index}`, idempotencyKey: `test:${randomUUID()}` }),
    );
  }
  const staffId = await createStaff(db());
  const recorded = await recordTrade(db(), {
    actorUserId: staffId,
    input: {
      memberId: userId,
      type: "sale",
      items: [{ skinName: "AK-47 | Fire Serpent", wear: "FT", price: "2500" }],
      payoutMethod: "bank",
      note: NOTE,
    },
  });
  if (!recorded.ok) throw new Error(recorded.message);
  await completeTrade(db(), { actorUserId: staffId, tradeId: recorded.trade.id });
  member = { userId, email, cookie: await signInCookie(server.url, email) };
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function page(search: string): Promise<string> {
  const response = await fetch(`${server.url}/profile${search}`, { headers: { cookie: member.cookie } });
  expect(response.status, search).toBe(200);
  // React separates adjacent text with empty comments; a reader sees the text joined.
  return (await response.text()).replace(/<!-- -->/g, "").replace(/&nbsp;|\u00a0/g, " ");
}

const rows = (html: string) => html.match(/data-testid="history-row"/g)?.length ?? 0;

describe("the points history on /profile", () => {
  it("shows the newest ten rows and links to the next page in the URL", async () => {
    const html = await page("");
    expect(rows(html)).toBe(10);
    // The trade's credit is the newest row; the oldest two bonuses are on page 2.
    expect(html).toContain("Genomförd försäljning");
    expect(html).toContain("Bonus 4");
    expect(html).not.toContain("Bonus 3<");
    expect(html).toContain(`href="/profile?poang=2#historik"`);
  });

  it("shows the rest on page 2, with the way back", async () => {
    const html = await page("?poang=2");
    expect(rows(html)).toBe(3);
    expect(html).toContain("Bonus 1<");
    expect(html).toContain(`href="/profile#historik"`);
  });

  it("treats a page number that is not one as the first page", async () => {
    for (const search of ["?poang=-3", "?poang=abc", "?poang=1e9", "?historik=%3Cscript%3E&poang=0"]) {
      expect(rows(await page(search)), search).toBe(10);
    }
  });

  it("says so when a page is past the end", async () => {
    const html = await page("?poang=40");
    expect(rows(html)).toBe(0);
    expect(html).toContain("Det finns inget på sida 40.");
  });
});

describe("trades on /profile", () => {
  it("show the items, status and amounts, but not the staff's internal note", async () => {
    const html = await page("?historik=affarer");
    expect(html).toContain("AK-47 | Fire Serpent");
    expect(html).toContain("Genomförd");
    expect(html).toContain("2 500 kr");
    expect(html).toContain("5 000 poäng · 5 000 XP");
    expect(html).not.toContain(NOTE);
  });

  it("count the completed sale in the statistics", async () => {
    const html = await page("");
    expect(html).toMatch(/Sålt för totalt.*?2 500 kr/s);
  });
});
