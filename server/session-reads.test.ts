/**
 * One session read per request (docs/rules/accounts.md#one-session-read-per-request): the root
 * loader, the page's loader and the guards share it. Counts the statements the production build
 * sends to the database for one signed-in request through a query logger on the process's Db.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { logStatements } from "./statement-log";
import { createMember, type TestMember, makeStaff } from "./test-members";

let server: InProcessServer;
let member: TestMember;
let staff: TestMember;
let statements: string[] = [];

/** Reads of Better Auth's session table (by token), not lists of a member's sessions. */
const sessionLookups = () => statements.filter((query) => /from "session"/i.test(query) && /"token" = /i.test(query));

async function count(path: string, cookie: string): Promise<{ status: number; total: number; sessionReads: number }> {
  statements.length = 0;
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, total: statements.length, sessionReads: sessionLookups().length };
}

beforeAll(async () => {
  server = await startInProcessServer();
  member = await createMember(server, "en-lasning@example.se");
  staff = await createMember(server, "personal-lasning@example.se");
  await makeStaff(server, staff, "admin");
  statements = logStatements(server.database.db);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("one session read per request", () => {
  it("/profile (the page and its data request) reads the session once", async () => {
    const page = await count("/profile", member.cookie);
    expect(page.status).toBe(200);
    process.stdout.write(`/profile: ${page.total} statements, ${page.sessionReads} session reads\n`);
    if (process.env.SHOW_STATEMENTS) process.stdout.write(`${statements.join("\n")}\n`);
    expect(page.sessionReads).toBe(1);
    const data = await count("/profile.data", member.cookie);
    expect(data.status).toBe(200);
    expect(data.sessionReads).toBe(1);
  });

  it("a staff page behind the role guard reads it once", async () => {
    const page = await count("/admin/users", staff.cookie);
    expect(page.status).toBe(200);
    expect(page.sessionReads).toBe(1);
  });

  it("a signed-out visit reads no session at all", async () => {
    const page = await count("/profile", "");
    expect(page.status).toBe(302);
    expect(page.sessionReads).toBe(0);
  });
});
