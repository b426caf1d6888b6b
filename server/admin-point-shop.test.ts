/**
 * The Point Shop tab through the production build: the image upload route (content checks,
 * size limits, the larger body limit on that path only), the public image route's caching,
 * the item form and the order actions, with hostile input. Refusals are Swedish 4xx, never 5xx.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_LIMITS, IMAGE_LIMITS } from "~/platform/platform-constants";
import { HTTP_MESSAGES } from "~/lib/http-messages";
import { createMember as createLoyaltyMember } from "~/modules/loyalty/test-fixtures";
import { purchaseItem } from "~/modules/shop/shop.server";
import { audit_log, point_shop_items, point_shop_orders, profiles } from "~/platform/db/schema";
import { IMAGE_MESSAGES } from "~/platform/images/images";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let admin: TestMember;
let member: TestMember;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startInProcessServer();
  admin = await createMember(server, "butik.admin@example.se");
  member = await createMember(server, "butik.medlem@example.se");
  await makeStaff(server, admin, "admin");
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function upload(who: TestMember, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/admin/point-shop/image`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, accept: "application/json", ...headers },
    body,
  });
}

function fileForm(data: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

function post(who: TestMember, path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { origin: server.url, cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: formBody(fields),
    redirect: "manual",
  });
}

const png = () => sharp({ create: { width: 900, height: 600, channels: 3, background: "#1d4ed8" } }).png().toBuffer();

describe("image upload", () => {
  it("takes a real PNG and serves WebP with a year of immutable caching and an ETag", async () => {
    const response = await upload(admin, fileForm(await png(), "hoodie.png", "image/png"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; imageId: string; url: string };
    expect(body.ok).toBe(true);
    for (const width of [320, 640]) {
      const image = await fetch(`${server.url}/images/${body.imageId}/${width}.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = image.headers.get("etag")!;
      expect(etag).toMatch(/^".+"$/);
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(width);
      const again = await fetch(`${server.url}/images/${body.imageId}/${width}.webp`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
  });

  it("answers 404 for an unknown image, a width not made or a malformed id", async () => {
    for (const path of [`/images/${crypto.randomUUID()}/320.webp`, "/images/not-an-id/320.webp", "/images/x/99999.webp"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it("refuses a text file renamed .png with a Swedish message", async () => {
    const response = await upload(admin, fileForm(Buffer.from("hej, jag är text"), "bild.png", "image/png"));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ ok: false, message: IMAGE_MESSAGES.notImage });
  });

  it("refuses a file over the image limit with 413", async () => {
    const big = new Uint8Array(IMAGE_LIMITS.maxBytes + 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await upload(admin, fileForm(big, "stor.png", "image/png"));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: IMAGE_MESSAGES.tooLarge });
  });

  it("refuses a body over the upload path's limit before reading it, and keeps the small limit elsewhere", async () => {
    const huge = await upload(admin, new Uint8Array(HTTP_LIMITS.uploadBodyBytes + 1), { "content-type": "multipart/form-data; boundary=x" });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ message: HTTP_MESSAGES.tooLarge });
    const form = fileForm(await png(), "hoodie.png", "image/png");
    const elsewhere = await fetch(`${server.url}/admin/point-shop/items/new`, {
      method: "POST",
      headers: { origin: server.url, cookie: admin.cookie },
      body: (() => {
        form.append("pad", "x".repeat(HTTP_LIMITS.bodyBytes));
        return form;
      })(),
    });
    expect(elsewhere.status).toBe(413);
  });

  it("refuses an upload without a file, a non-multipart body, and a member", async () => {
    const empty = await upload(admin, new FormData());
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: IMAGE_MESSAGES.missing });
    const json = await upload(admin, JSON.stringify({ image: "x" }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    const refused = await upload(member, fileForm(await png(), "hoodie.png", "image/png"));
    expect(refused.status).toBe(403);
  });
});

describe("items and orders", () => {
  it("creates an item with an uploaded image; /point-shop shows it", async () => {
    const uploaded = (await (await upload(admin, fileForm(await png(), "keps.png", "image/png"))).json()) as { imageId: string };
    const created = await post(admin, "/admin/point-shop/items/new", {
      formToken: crypto.randomUUID(),
      name: "Keps <script>alert(1)</script>",
      description: "Svart keps",
      pointCost: "250",
      category: "other",
      stockQuantity: "5",
      minLevel: "",
      imageId: uploaded.imageId,
      isActive: "on",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/point-shop");
    const [item] = await db().select().from(point_shop_items).where(eq(point_shop_items.image_id, uploaded.imageId));
    expect(item).toMatchObject({ point_cost: 250, stock_quantity: 5 });
    const shop = await (await fetch(`${server.url}/point-shop`)).text();
    expect(shop).toContain(`/images/${uploaded.imageId}/640.webp`);
    expect(shop).not.toContain("<script>alert(1)</script>");
  });

  it("refuses hostile or broken item input with Swedish 400s", async () => {
    const cases: Record<string, string>[] = [
      { name: "", pointCost: "10", category: "other" },
      { name: "Ok", pointCost: "-1", category: "other" },
      { name: "Ok", pointCost: "1e9", category: "other" },
      { name: "Ok", pointCost: "10", category: "'; DROP TABLE point_shop_items; --" },
      { name: "Ok", pointCost: "10", category: "other", stockQuantity: "3.5" },
      { name: "Ok", pointCost: "10", category: "other", minLevel: "diamond" },
      { name: "Ok", pointCost: "10", category: "other", imageId: "../../etc/passwd" },
      { name: "Ok\u0000", pointCost: "10", category: "other" },
      { name: "x".repeat(500), pointCost: "10", category: "other" },
    ];
    for (const fields of cases) {
      const response = await post(admin, "/admin/point-shop/items/new", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toMatch(/Ange|Välj|Bilden|högst|tecken|Ogiltigt|Fältet/);
    }
    const unknown = await post(admin, `/admin/point-shop/items/${crypto.randomUUID()}`, {
      formToken: crypto.randomUUID(),
      name: "Ok",
      pointCost: "10",
      category: "other",
    });
    expect(unknown.status).toBe(404);
  });

  it("cancels an order through the tab: points back, stock back, audited; a second cancel is a 409", async () => {
    const [item] = await db()
      .insert(point_shop_items)
      .values({ name: "Mugg", point_cost: 400, category: "other", stock_quantity: 1 })
      .returning();
    const buyerId = await createLoyaltyMember(db(), { points: 400 });
    const bought = await purchaseItem(db(), buyerId, item!.id, { mail: false });
    if (!bought.ok) throw new Error(bought.message);
    const cancel = await post(admin, "/admin/point-shop", { intent: "cancel", orderId: bought.order.id });
    expect(cancel.status).toBe(200);
    const [profile] = await db().select().from(profiles).where(eq(profiles.user_id, buyerId));
    expect(profile!.points).toBe(400);
    const [after] = await db().select().from(point_shop_items).where(eq(point_shop_items.id, item!.id));
    expect(after!.stock_quantity).toBe(1);
    const [order] = await db().select().from(point_shop_orders).where(eq(point_shop_orders.id, bought.order.id));
    expect(order!.status).toBe("cancelled");
    expect(await db().select().from(audit_log).where(eq(audit_log.entity_id, bought.order.id))).toHaveLength(1);
    const again = await post(admin, "/admin/point-shop", { intent: "complete", orderId: bought.order.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ordern är redan annullerad.");
    // Deleting an item with orders is refused; an unknown intent or id is a 4xx.
    expect((await post(admin, "/admin/point-shop", { intent: "delete", itemId: item!.id })).status).toBe(409);
    expect((await post(admin, "/admin/point-shop", { intent: "nuke" })).status).toBe(400);
    expect((await post(admin, "/admin/point-shop", { intent: "cancel", orderId: "1 OR 1=1" })).status).toBe(400);
    expect((await post(member, "/admin/point-shop", { intent: "cancel", orderId: bought.order.id })).status).toBe(403);
  });

  it("lists orders with filters from the URL, ignoring malformed ones", async () => {
    const page = await fetch(`${server.url}/admin/point-shop?status=cancelled&q=%25&from=igår&page=-4`, {
      headers: { cookie: admin.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Mugg");
  });
});
