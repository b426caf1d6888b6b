/**
 * Every staff list paged by keyset cursor (docs/decisions/039-keyset-lists-and-search.md), on a
 * real database (PGlite, or PostgreSQL with DATABASE_URL): walking "next" to the end and
 * "previous" back to the start never skips or repeats a row while newer and older rows are
 * added between page loads, ties on the time are broken by id, and the pages come in the
 * list's order. One table of lists, one walk.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { KeysetLinks } from "~/lib/keyset";
import { listAudit, parseAuditListQuery } from "~/platform/audit/audit.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { listCampaigns } from "~/modules/newsletter/campaigns.server";
import { listAdminPosts } from "~/modules/blog/blog-admin.server";
import { parseAdminPostQuery } from "~/modules/blog/blog-post-schema";
import { audit_log, blog_posts, contact_messages, mail_queue, newsletter_campaigns, point_shop_items, point_shop_orders, sell_orders } from "~/platform/db/schema";
import { listContactMessages, parseContactQuery } from "~/modules/contact/contact-admin.server";
import { listOrders as listShopOrders } from "~/modules/shop/shop-admin.server";
import { parseShopOrderListQuery } from "~/modules/shop/shop-admin-schema";
import { createMember } from "~/modules/loyalty/test-fixtures";
import { createQuote } from "~/modules/selling/sell-order-fixtures";
import { listOrdersForStaff } from "~/modules/selling/sell-orders.server";
import { parseKeyset } from "~/lib/keyset";
import { listFailedMail } from "~/platform/mail/mail-queue.server";

let database: TestDatabase | undefined;
const db = () => database!.db;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database?.close());

const PAGE_SIZE = 3;

/** One row made once and shared by the rows that need it (a member, a reward). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
const shopper = once(() => createMember(db(), { email: "handlar@lista.example.se" }));
const reward = once(async () => {
  const [row] = await db().insert(point_shop_items).values({ name: "Klistermärke", point_cost: 100, category: "other" }).returning({ id: point_shop_items.id });
  return row!.id;
});

interface KeysetList {
  name: string;
  /** Adds one row the list shows, created at `at`; its id. */
  add: (at: Date) => Promise<string>;
  /** The page the URL's params name, PAGE_SIZE rows long: the rows' ids in the order shown. */
  page: (params: URLSearchParams) => Promise<{ ids: string[]; links: KeysetLinks }>;
}

const LISTS: KeysetList[] = [
  {
    name: "audit log",
    add: async (at) => {
      const [row] = await db()
        .insert(audit_log)
        .values({ actor_user_id: null, action: "trade.complete", entity_type: "trade", entity_id: "t", created_at: at })
        .returning({ id: audit_log.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listAudit(db(), { ...parseAuditListQuery(params), pageSize: PAGE_SIZE });
      return { ids: page.entries.map((entry) => entry.id), links: page.links };
    },
  },
  {
    name: "failed mail",
    add: async (at) => {
      const [row] = await db()
        .insert(mail_queue)
        .values({
          message_id: `<${randomUUID()}@skinhamnen.se>`,
          to_address: "studsar@example.se",
          subject: "Kvitto",
          html: "<p>Kvitto</p>",
          text: "Kvitto",
          template: "receipt",
          status: "failed",
          attempts: 5,
          updated_at: at,
        })
        .returning({ id: mail_queue.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listFailedMail(db(), { position: parseKeyset(params, "timestamp"), pageSize: PAGE_SIZE });
      return { ids: page.mails.map((mail) => mail.id), links: page.links };
    },
  },
  {
    name: "point-shop orders",
    add: async (at) => {
      const [row] = await db()
        .insert(point_shop_orders)
        .values({ user_id: await shopper(), item_id: await reward(), item_name: "Klistermärke", points_spent: 100, created_at: at, updated_at: at })
        .returning({ id: point_shop_orders.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listShopOrders(db(), { ...parseShopOrderListQuery(params), pageSize: PAGE_SIZE });
      return { ids: page.rows.map((row) => row.id), links: page.links };
    },
  },
  {
    name: "staff sell orders",
    add: async (at) => {
      const member = await shopper();
      const [row] = await db()
        .insert(sell_orders)
        .values({
          user_id: member,
          quote_id: await createQuote(db(), member, { prices: [10_000], levelBonusPercent: 0 }),
          status: "in_review",
          security_code: "ABCDEF",
          level_at_quote: "bronze",
          base_total_ore: 10_000,
          level_bonus_percent: 0,
          level_bonus_ore: 0,
          bulk_bonus_percent: 0,
          bulk_bonus_ore: 0,
          total_ore: 10_000,
          points: 200,
          xp: 200,
          payout_method: "swish",
          created_at: at,
        })
        .returning({ id: sell_orders.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listOrdersForStaff(db(), { position: parseKeyset(params, "timestamp"), pageSize: PAGE_SIZE });
      return { ids: page.orders.map((order) => order.id), links: page.links };
    },
  },
  {
    name: "contact messages",
    add: async (at) => {
      const [row] = await db()
        .insert(contact_messages)
        .values({ name: "Kim", email: "kim@example.se", subject: "Fråga", message: "Hej!", created_at: at })
        .returning({ id: contact_messages.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listContactMessages(db(), { ...parseContactQuery(params), pageSize: PAGE_SIZE });
      return { ids: page.rows.map((row) => row.id), links: page.links };
    },
  },
  {
    name: "newsletter campaigns",
    add: async (at) => {
      const [row] = await db()
        .insert(newsletter_campaigns)
        .values({ subject: "Nyheter", body_html: "<p>Hej</p>", created_at: at })
        .returning({ id: newsletter_campaigns.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listCampaigns(db(), { position: parseKeyset(params, "timestamp"), pageSize: PAGE_SIZE });
      return { ids: page.rows.map((row) => row.id), links: page.links };
    },
  },
  {
    name: "Blog tab (by last change)",
    add: async (at) => {
      const slug = `inlagg-${randomUUID()}`;
      const [row] = await db().insert(blog_posts).values({ slug, title: slug, created_at: at, updated_at: at }).returning({ id: blog_posts.id });
      return row!.id;
    },
    page: async (params) => {
      const page = await listAdminPosts(db(), { ...parseAdminPostQuery(params), pageSize: PAGE_SIZE });
      return { ids: page.posts.map((post) => post.id), links: page.links };
    },
  },
];

describe.each(LISTS)("keyset pages of the $name", (list) => {
  it("never skips or repeats a row while newer and older rows arrive between page loads, forward and back", async () => {
    const base = Date.UTC(2026, 2, 1);
    const at = new Map<string, number>();
    const add = async (time: number) => {
      const id = await list.add(new Date(time));
      at.set(id, time);
      return id;
    };
    // Newest first, ties (the same microsecond) by id, descending.
    const listOrder = (ids: string[]) => [...ids].sort((a, b) => at.get(b)! - at.get(a)! || (a < b ? 1 : a > b ? -1 : 0));
    const original: string[] = [];
    // Ten rows, three of them at one instant.
    for (let i = 0; i < 10; i += 1) original.push(await add(base + (i < 3 ? 0 : i) * 60_000));

    let round = 0;
    const between = async () => {
      round += 1;
      await add(base + 3_600_000 * round);
      await add(base - 3_600_000 * round);
    };
    const load = (cursor: Record<string, string>) => list.page(new URLSearchParams({ ...cursor, page: "7" }));

    let page = await load({});
    expect(page.links).toMatchObject({ first: false, previous: null });
    const seen = [...page.ids];
    while (page.links.next) {
      await between();
      page = await load({ efter: page.links.next });
      expect(page.ids.length).toBeLessThanOrEqual(PAGE_SIZE);
      seen.push(...page.ids);
    }
    expect(new Set(seen).size, "no row twice going forward").toBe(seen.length);
    expect(seen, "in the list's order").toEqual(listOrder(seen));
    for (const id of original) expect(seen, "every first row").toContain(id);

    const back = [...page.ids];
    while (page.links.previous) {
      await between();
      page = await load({ fore: page.links.previous });
      expect(page.ids.length).toBeLessThanOrEqual(PAGE_SIZE);
      back.unshift(...page.ids);
    }
    expect(page.links.first, "back at the first page").toBe(true);
    expect(new Set(back).size, "no row twice going back").toBe(back.length);
    expect(back, "in the list's order").toEqual(listOrder(back));
    // Back to the newest row there is: nothing in between left out.
    const all = listOrder([...at.keys()]);
    expect(back).toEqual(all.slice(0, back.length));
    expect(back.at(-1)).toBe(seen.at(-1));
  });
});
