import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { subscribeToNewsletter } from "./newsletter.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const rowsFor = (email: string) =>
  queryRows<{ email: string; user_id: string | null; source: string; email_subscribed: boolean }>(
    database.db,
    sql`SELECT email, user_id, source, email_subscribed FROM newsletter_subscriptions WHERE lower(email) = lower(${email})`,
  );

describe("newsletter sign-ups", () => {
  it("stores an anonymous, subscribed row", async () => {
    expect(await subscribeToNewsletter(database.db, { email: "Lisa@Example.se", source: "blog" })).toEqual({
      created: true,
    });
    expect(await rowsFor("lisa@example.se")).toEqual([
      { email: "Lisa@Example.se", user_id: null, source: "blog", email_subscribed: true },
    ]);
  });

  it("treats a repeat address, in any case, as success without a second row", async () => {
    await subscribeToNewsletter(database.db, { email: "per@example.se", source: "footer" });
    expect(await subscribeToNewsletter(database.db, { email: "PER@EXAMPLE.SE", source: "blog" })).toEqual({
      created: false,
    });
    expect(await rowsFor("per@example.se")).toHaveLength(1);
  });

  it("stores concurrent identical sign-ups once", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        subscribeToNewsletter(database.db, { email: i % 2 ? "Samtidig@example.se" : "samtidig@example.se", source: "footer" }),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await rowsFor("samtidig@example.se")).toHaveLength(1);
  });
});
