/**
 * /point-shop through the production build, as a browser without JavaScript posts it (a plain
 * form to the page's action), on a database this test reads: a purchase and each refusal,
 * visitors, hostile input and the per-member limit. Every refusal must leave the member's
 * points, the ledger, the orders and the stock exactly as they were.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOP_PURCHASE_RATE_LIMIT, shopPurchaseReason } from "~/modules/shop/shop-constants";
import { hashPassword } from "better-auth/crypto";
import { reconcileLedger } from "~/modules/loyalty/ledger.server";
import { createMember as createLoyaltyMember } from "~/modules/loyalty/test-fixtures";
import { SHOP_MESSAGES } from "~/modules/shop/shop-rules";
import { PURCHASE_MESSAGES } from "~/modules/shop/shop-schema";
import { INPUT_MESSAGES } from "~/lib/validation";
import { queryRows } from "~/platform/db/client.server";
import {
  account,
  email_outbox,
  point_shop_items,
  point_shop_orders,
  points_transactions,
  profiles,
  user,
} from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { formBody, MEMBER_PASSWORD, signInCookie, type TestMember } from "./test-members";

let server: InProcessServer;
const db = () => server.database.db;

const ITEMS = {
  hoodie: { id: randomUUID(), name: "Testhoodie", point_cost: 500, stock_quantity: null, min_level: null },
  skin: { id: randomUUID(), name: "Dyrt testskin", point_cost: 90_000, stock_quantity: null, min_level: null },
  platinum: { id: randomUUID(), name: "Platinumpaket", point_cost: 100, stock_quantity: null, min_level: "platinum" },
  lastTicket: { id: randomUUID(), name: "Sista biljetten", point_cost: 200, stock_quantity: 1, min_level: null },
} as const;

beforeAll(async () => {
  server = await startInProcessServer();
  await db()
    .insert(point_shop_items)
    .values(
      Object.values(ITEMS).map((item) => ({
        ...item,
        description: "En belöning för tester.",
        category: "other",
        is_active: true,
      })),
    );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let passwordHash: string;

/**
 * A member with a balance given through the ledger, signed in through the /auth form. The
 * account is written directly (sign-up has its own tests and an hourly limit per address).
 */
async function member(points: number, xp = 0): Promise<TestMember> {
  const email = `shop-${randomUUID().slice(0, 8)}@example.se`;
  const userId = await createLoyaltyMember(db(), { email, points, xp });
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  passwordHash ??= await hashPassword(MEMBER_PASSWORD);
  await db().insert(account).values({ accountId: userId, providerId: "credential", userId, password: passwordHash });
  return { userId, email, cookie: await signInCookie(server.url, email) };
}

/** A plain form post, as the page's form sends it without JavaScript. */
function buy(who: TestMember | null, body: BodyInit, type = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}/point-shop`, {
    method: "POST",
    headers: { origin: server.url, "content-type": type, ...(who ? { cookie: who.cookie } : {}) },
    body,
    redirect: "manual",
  });
}
const buyItem = (who: TestMember | null, itemId: string) => buy(who, formBody({ itemId }));

/** What a refused request must not change. */
async function state(userId: string) {
  const [profile] = await db().select({ points: profiles.points }).from(profiles).where(eq(profiles.user_id, userId));
  const [orders] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM point_shop_orders WHERE user_id = ${userId}`,
  );
  const [rows] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM points_transactions WHERE user_id = ${userId}`,
  );
  const stock = await db()
    .select({ id: point_shop_items.id, stock: point_shop_items.stock_quantity })
    .from(point_shop_items)
    .orderBy(point_shop_items.id);
  return { points: profile?.points, orders: orders!.n, ledgerRows: rows!.n, stock };
}

describe("a member buys a reward", () => {
  it("takes the price through the ledger, stores a pending order, mails a confirmation and says 'Köp genomfört!'", async () => {
    const buyer = await member(1_800);
    const response = await buyItem(buyer, ITEMS.hoodie.id);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(SHOP_MESSAGES.success);
    expect(html).toContain("Du löste in Testhoodie för 500 poäng.");
    // The page shows the new balance at once.
    expect(html).toMatch(/data-testid="shop-balance"[^>]*>1(?:\s|&nbsp;|\u00a0)300 poäng</);

    const [order] = await db().select().from(point_shop_orders).where(eq(point_shop_orders.user_id, buyer.userId));
    expect(order).toMatchObject({
      item_id: ITEMS.hoodie.id,
      item_name: "Testhoodie",
      points_spent: 500,
      quantity: 1,
      status: "pending",
    });
    const [row] = await db().select().from(points_transactions).where(eq(points_transactions.reference_id, order!.id));
    expect(row).toMatchObject({ user_id: buyer.userId, amount: -500, reason: shopPurchaseReason("Testhoodie") });
    expect((await state(buyer.userId)).points).toBe(1_300);
    const mails = await db().select().from(email_outbox).where(eq(email_outbox.to_address, buyer.email.toLowerCase()));
    expect(mails.map((mail) => mail.subject)).toContain("Orderbekräftelse: Testhoodie");
    expect(await reconcileLedger(db())).toEqual([]);
  });
});

describe("a purchase the server refuses changes nothing", () => {
  it("answers 409 with 'Du har inte tillräckligt med poäng.' when the member is short", async () => {
    const buyer = await member(1_000);
    const before = await state(buyer.userId);
    const response = await buyItem(buyer, ITEMS.skin.id);
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(SHOP_MESSAGES.failureTitle);
    expect(html).toContain(SHOP_MESSAGES.insufficientPoints);
    expect(await state(buyer.userId)).toEqual(before);
  });

  it("answers 403 naming the level for an item above the member's level, though the points cover it", async () => {
    const buyer = await member(5_000, 100_000);
    const before = await state(buyer.userId);
    const response = await buyItem(buyer, ITEMS.platinum.id);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Belöningen kräver nivån Platinum.");
    expect(await state(buyer.userId)).toEqual(before);
  });

  it("lets a Platinum member buy the Platinum-only item", async () => {
    const buyer = await member(5_000, 500_000);
    const response = await buyItem(buyer, ITEMS.platinum.id);
    expect(response.status).toBe(200);
    expect((await state(buyer.userId)).points).toBe(4_900);
  });

  it("sells the last one once: the next buyer hears 'Belöningen är slutsåld.'", async () => {
    const first = await member(1_000);
    const second = await member(1_000);
    expect((await buyItem(first, ITEMS.lastTicket.id)).status).toBe(200);
    const before = await state(second.userId);
    const response = await buyItem(second, ITEMS.lastTicket.id);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(SHOP_MESSAGES.itemSoldOut);
    expect(await state(second.userId)).toEqual(before);
    const [item] = await db().select().from(point_shop_items).where(eq(point_shop_items.id, ITEMS.lastTicket.id));
    expect(item!.stock_quantity).toBe(0);
  });

  it("answers 404 'Belöningen finns inte längre.' for an item that is not on sale", async () => {
    const buyer = await member(1_000);
    const before = await state(buyer.userId);
    const response = await buyItem(buyer, randomUUID());
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(SHOP_MESSAGES.itemGone);
    expect(await state(buyer.userId)).toEqual(before);
  });
});

describe("visitors", () => {
  it("see the catalogue with 'Logga in för att köpa' leading to /auth and back", async () => {
    const response = await fetch(`${server.url}/point-shop`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Testhoodie");
    expect(html).toContain(SHOP_MESSAGES.signInToBuy);
    expect(html).toContain(`href="/auth?redirectTo=%2Fpoint-shop"`);
  });

  it("are sent to /auth with the way back when they post a purchase, and nothing is bought", async () => {
    const [before] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM point_shop_orders`);
    const response = await buyItem(null, ITEMS.hoodie.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fpoint-shop");
    const [after] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM point_shop_orders`);
    expect(after!.n).toBe(before!.n);
  });
});

describe("hostile input gets a Swedish 4xx and changes nothing", () => {
  it("refuses a missing, malformed, non-text, oversized or NUL-carrying item id", async () => {
    const buyer = await member(10_000);
    const before = await state(buyer.userId);
    const cases: Array<{ body: BodyInit; type?: string; message: string }> = [
      { body: "", message: PURCHASE_MESSAGES.itemRequired },
      { body: formBody({ itemId: "inte-ett-id" }), message: PURCHASE_MESSAGES.itemRequired },
      { body: formBody({ itemId: `${ITEMS.hoodie.id}\u0000` }), message: INPUT_MESSAGES.controlCharacters },
      { body: formBody({ itemId: "a".repeat(60_000) }), message: PURCHASE_MESSAGES.itemRequired },
      {
        body: JSON.stringify({ itemId: [ITEMS.hoodie.id] }),
        type: "application/json",
        message: PURCHASE_MESSAGES.itemRequired,
      },
      { body: JSON.stringify({ itemId: 42 }), type: "application/json", message: PURCHASE_MESSAGES.itemRequired },
      { body: JSON.stringify([ITEMS.hoodie.id]), type: "application/json", message: INPUT_MESSAGES.badRequest },
      { body: "{", type: "application/json", message: INPUT_MESSAGES.badRequest },
    ];
    for (const { body, type, message } of cases) {
      const response = await buy(buyer, body, type);
      const label = `${type ?? "form"} ${String(body).slice(0, 40)}`;
      expect(response.status, label).toBe(400);
      expect(await response.text(), label).toContain(message);
    }
    const put = await fetch(`${server.url}/point-shop`, {
      method: "PUT",
      headers: { origin: server.url, cookie: buyer.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: formBody({ itemId: ITEMS.hoodie.id }),
    });
    expect(put.status).toBe(405);
    expect(await state(buyer.userId)).toEqual(before);
  });

  it("refuses a purchase posted from another site", async () => {
    const buyer = await member(1_000);
    const before = await state(buyer.userId);
    const response = await fetch(`${server.url}/point-shop`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        cookie: buyer.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: formBody({ itemId: ITEMS.hoodie.id }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await state(buyer.userId)).toEqual(before);
  });
});

describe("scripted hammering", () => {
  it(`stops a member after ${SHOP_PURCHASE_RATE_LIMIT.limit} attempts with a 429, Retry-After and a Swedish message`, async () => {
    const buyer = await member(100_000);
    for (let attempt = 0; attempt < SHOP_PURCHASE_RATE_LIMIT.limit; attempt += 1) {
      // Refused attempts count as well as purchases.
      const response = await buyItem(buyer, attempt % 2 === 0 ? ITEMS.hoodie.id : "fel");
      expect(response.status, `attempt ${attempt + 1}`).toBeLessThan(429);
    }
    const before = await state(buyer.userId);
    const response = await buyItem(buyer, ITEMS.hoodie.id);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.text()).toContain("För många försök.");
    expect(await state(buyer.userId)).toEqual(before);

    // The limit is the member's own: another member buys on.
    const other = await member(1_000);
    expect((await buyItem(other, ITEMS.hoodie.id)).status).toBe(200);
  });
});

describe("the page for a member", () => {
  it("shows the balance, what is missing for an item and the level a locked item needs", async () => {
    const viewer = await member(1_200);
    const response = await fetch(`${server.url}/point-shop`, { headers: { cookie: viewer.cookie } });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/&nbsp;|\u00a0/g, " ");
    expect(html).toMatch(/data-testid="shop-balance"[^>]*>1 200 poäng</);
    expect(html).toContain("88 800 poäng kvar");
    expect(html).toContain("Kräver Platinum");
  });
});
