import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "~/modules/loyalty/test-fixtures";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { auditBatches, exportAuditCsv, listAudit, parseAuditListQuery, recordAudit } from "./audit.server";

let database: TestDatabase;
const db = () => database.db;
let alice: string;
let bob: string;

beforeAll(async () => {
  database = await createTestDatabase();
  alice = await createStaff(db());
  bob = await createStaff(db());
});
afterAll(async () => {
  await database?.close();
});

describe("recordAudit", () => {
  it("stores who, what, which row, before and after, in the write's own transaction", async () => {
    const when = new Date("2025-05-05T08:00:00Z");
    await db().transaction((tx) =>
      recordAudit(tx, {
        actorUserId: alice,
        action: "trade.complete",
        entityType: "trade",
        entityId: "t-1",
        before: { status: "pending", at: when },
        after: { status: "completed" },
      }),
    );
    const page = await listAudit(db(), { entityType: "trade", entityId: "t-1" });
    expect(page.entries).toEqual([
      expect.objectContaining({
        actorUserId: alice,
        action: "trade.complete",
        entityType: "trade",
        entityId: "t-1",
        before: { status: "pending", at: "2025-05-05T08:00:00.000Z" },
        after: { status: "completed" },
      }),
    ]);
    expect(page.entries[0]?.actorEmail).toMatch(/^personal-.+@example\.se$/);
  });

  it("disappears with a write that rolls back", async () => {
    await db()
      .transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: bob, action: "trade.cancel", entityType: "trade", entityId: "t-rolled" });
        throw new Error("the write failed");
      })
      .catch(() => {});
    expect((await listAudit(db(), { entityId: "t-rolled" })).entries).toHaveLength(0);
  });
});

describe("listAudit", () => {
  beforeAll(async () => {
    const rows: Array<[string, string, string, string]> = [
      [alice, "shop_item.update", "shop_item", "s-1"],
      [bob, "trade.record", "trade", "t-2"],
      [bob, "trade.reverse", "trade", "t-2"],
      [alice, "trade_note.update", "trade", "t-3"],
    ];
    for (const [actor, action, entityType, entityId] of rows) {
      await db().transaction((tx) => recordAudit(tx, { actorUserId: actor, action, entityType, entityId }));
    }
  });

  it("filters by staff member", async () => {
    const page = await listAudit(db(), { actorUserId: bob, pageSize: 100 });
    expect(page.entries.every((entry) => entry.actorUserId === bob)).toBe(true);
    expect(page.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["trade.record", "trade.reverse"]),
    );
  });

  it("filters by a whole area or one action, not by a look-alike prefix", async () => {
    const area = await listAudit(db(), { action: "trade", pageSize: 100 });
    expect(area.entries.map((entry) => entry.action)).not.toContain("trade_note.update");
    expect(area.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["trade.record", "trade.reverse", "trade.complete"]),
    );
    const one = await listAudit(db(), { action: "trade.reverse" });
    expect(one.entries.map((entry) => entry.entityId)).toEqual(["t-2"]);
  });

  it("filters by date and pages newest first", async () => {
    const none = await listAudit(db(), { to: new Date("2000-01-01T00:00:00Z") });
    expect(none.entries).toHaveLength(0);
    const first = await listAudit(db(), { pageSize: 2 });
    expect(first.links.next).not.toBeNull();
    const second = await listAudit(db(), { pageSize: 2, position: parseAuditListQuery(new URLSearchParams({ efter: first.links.next! })).position });
    const times = [...first.entries, ...second.entries].map((entry) => entry.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(4);
  });
});

describe("parseAuditListQuery", () => {
  it("reads the filters from the URL with Stockholm days", () => {
    const filters = parseAuditListQuery(
      new URLSearchParams(
        `actor=${alice}&action=trade&entityType=trade&entityId=t-2&from=2025-06-01&to=2025-06-30&page=2`,
      ),
    );
    expect(filters).toEqual({
      actorUserId: alice,
      action: "trade",
      entityType: "trade",
      entityId: "t-2",
      from: new Date("2025-05-31T22:00:00Z"),
      to: new Date("2025-06-30T22:00:00Z"),
      page: 2,
      pageSize: undefined,
    });
  });

  it("ignores malformed values, and a hostile filter lists nothing instead of failing", async () => {
    const filters = parseAuditListQuery(
      new URLSearchParams("actor=nope&action=DROP TABLE&from=igår&entityId=a%00b&page=0"),
    );
    expect(Object.values(filters).filter((value) => value !== undefined)).toEqual([]);
    expect((await listAudit(db(), { actorUserId: "nope" })).entries).toEqual([]);
    expect((await listAudit(db(), { entityId: "a\u0000b" })).entries).toEqual([]);
    expect((await listAudit(db(), { from: new Date("invalid") })).entries.length).toBeGreaterThan(0);
  });
});

describe("auditBatches and exportAuditCsv", () => {
  it("reads every matching entry exactly once, newest first, in keyset batches", async () => {
    const actor = await createStaff(db());
    // One transaction: every row gets the same timestamp, so only the id orders them.
    await db().transaction(async (tx) => {
      for (let index = 0; index < 5; index++) {
        await recordAudit(tx, { actorUserId: actor, action: "member.adjust_points", entityType: "member", entityId: `m-${index}` });
      }
    });
    const batches: string[][] = [];
    for await (const batch of auditBatches(db(), { actorUserId: actor }, 2)) batches.push(batch.map((entry) => entry.entityId));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(new Set(batches.flat()).size).toBe(5);
    const none: unknown[] = [];
    for await (const batch of auditBatches(db(), { actorUserId: "nope" })) none.push(batch);
    expect(none).toEqual([]);
  });

  it("exports CSV with the staff member's email and neutralised cells", async () => {
    const actor = await createStaff(db());
    await db().transaction((tx) =>
      recordAudit(tx, { actorUserId: actor, action: "member.adjust_points", entityType: "member", entityId: "=HYPERLINK(1)", after: { reason: "a,b" } }),
    );
    let csv = "";
    for await (const chunk of exportAuditCsv(db(), { actorUserId: actor })) csv += chunk;
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("\uFEFFTidpunkt,Personal,Åtgärd,Typ,Id,Före,Efter");
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,personal-[^,]+@example\.se,member\.adjust_points,member,'=HYPERLINK\(1\),,"\{""reason"":""a,b""\}"$/);
  });
});
