import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contact_messages } from "./db/schema";
import { createTestDatabase, type TestDatabase } from "./db/test-db";
import { serializeError } from "./logger.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ serializers: { err: serializeError } }, stream), lines };
}

describe("logging a failed statement", () => {
  it("keeps the statement but never the values, wherever the driver puts them", async () => {
    const secret = "Mitt personnummer är 19900101-1234\nring 070-123 45 67";
    let failure: unknown;
    try {
      // status violates its CHECK: the insert fails with the message among its parameters.
      await database.db.insert(contact_messages).values({
        name: "Anna Svensson",
        email: "anna@example.se",
        subject: "Hej",
        message: secret,
        status: "bogus",
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain("19900101-1234");

    const { log, lines } = capture();
    log.error({ err: failure }, "contact message failed");
    const written = lines.join("");
    expect(written).toContain("insert into");
    expect(written).toContain("contact_messages");
    expect(written).not.toContain("19900101-1234");
    expect(written).not.toContain("070-123 45 67");
    expect(written).not.toContain("anna@example.se");
  });
});
