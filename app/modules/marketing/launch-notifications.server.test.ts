import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { launchNotificationSchema } from "./launch-notification";
import { countLaunchNotifications, requestLaunchNotification } from "./launch-notifications.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("launch notifications", () => {
  it("stores a new address", async () => {
    const result = await requestLaunchNotification(database.db, "lisa@example.se");
    expect(result).toEqual({ created: true });
    const rows = await queryRows<{ email: string }>(
      database.db,
      sql`SELECT email FROM launch_notifications WHERE lower(email) = 'lisa@example.se'`,
    );
    expect(rows.map((row) => row.email)).toEqual(["lisa@example.se"]);
  });

  it("treats the same address again, in any letter case, as done without adding a row", async () => {
    const before = await countLaunchNotifications(database.db);
    expect(await requestLaunchNotification(database.db, "lisa@example.se")).toEqual({ created: false });
    expect(await requestLaunchNotification(database.db, "  LISA@Example.SE ")).toEqual({ created: false });
    expect(await countLaunchNotifications(database.db)).toBe(before);
  });

  it("keeps different addresses apart", async () => {
    const before = await countLaunchNotifications(database.db);
    expect(await requestLaunchNotification(database.db, "olle@example.se")).toEqual({ created: true });
    expect(await countLaunchNotifications(database.db)).toBe(before + 1);
  });

  it("stores nothing for input the shared schema rejects, and the table refuses it too", async () => {
    const before = await countLaunchNotifications(database.db);
    for (const email of ["", "inte-en-adress", "a b@c"]) {
      expect(launchNotificationSchema.safeParse({ email }).success).toBe(false);
    }
    await expect(requestLaunchNotification(database.db, "inte-en-adress")).rejects.toThrow();
    expect(await countLaunchNotifications(database.db)).toBe(before);
  });
});
