/**
 * "Ladda ner mina uppgifter" through the production build (decision 048): asking on /profile,
 * the job's archive downloaded by its owner only, as an uncached attachment, and hostile input
 * answered with a Swedish 4xx that changes nothing.
 */
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATA_EXPORT_MESSAGES } from "~/modules/accounts/data-export-constants";
import { dataExportJob } from "~/modules/accounts/data-export.server";
import { data_exports } from "~/platform/db/schema";
import { runJobIfDue } from "~/platform/jobs/job-runner.server";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, formBody, type TestMember } from "./test-members";

let server: InProcessServer;
let owner: TestMember;
let other: TestMember;

beforeAll(async () => {
  server = await startInProcessServer();
  owner = await createMember(server, "export-agare@example.se", { firstName: "Ägare" });
  other = await createMember(server, "export-annan@example.se", { firstName: "Annan" });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function post(member: TestMember | null, body: BodyInit, type = "application/x-www-form-urlencoded") {
  return fetch(`${server.url}/profile.data`, {
    method: "POST",
    headers: { origin: server.url, "content-type": type, ...(member ? { cookie: member.cookie } : {}) },
    body,
    redirect: "manual",
  });
}

const rowsOf = (userId: string) => server.database.db.select().from(data_exports).where(eq(data_exports.user_id, userId));

async function waitForReady(userId: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = await rowsOf(userId);
    if (row?.status === "ready") return row;
    await runJobIfDue(server.database, dataExportJob, new Date(), { force: true });
  }
  throw new Error("the export was never built");
}

describe("POST /profile intent=data-export and GET /profile/mina-uppgifter/:id", () => {
  it("refuses hostile input with a Swedish 4xx and creates nothing", async () => {
    const nul = await post(owner, formBody({ intent: "data-export", extra: "a\u0000b" }));
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Fältet innehåller tecken som inte är tillåtna.");
    const wrongType = await post(owner, JSON.stringify({ intent: ["data-export"] }), "application/json");
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain("Ogiltig");
    const number = await post(owner, JSON.stringify({ intent: 7 }), "application/json");
    expect(number.status).toBe(400);
    const notAnObject = await post(owner, JSON.stringify(["data-export"]), "application/json");
    expect(notAnObject.status).toBe(400);
    const signedOut = await post(null, formBody({ intent: "data-export" }));
    expect(signedOut.status).not.toBe(200);
    expect(await rowsOf(owner.userId)).toHaveLength(0);
  });

  it("builds the owner's archive, downloads it as an uncached attachment, and answers anyone else with a Swedish 404", async () => {
    const asked = await post(owner, formBody({ intent: "data-export" }));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(DATA_EXPORT_MESSAGES.requested);
    const again = await post(owner, formBody({ intent: "data-export" }));
    expect([409, 429]).toContain(again.status);
    expect(await again.text()).toMatch(/Vi förbereder redan din fil|en gång per 24 timmar/);

    const ready = await waitForReady(owner.userId);
    expect(await rowsOf(owner.userId)).toHaveLength(1);
    const afterReady = await post(owner, formBody({ intent: "data-export" }));
    expect(afterReady.status).toBe(429);
    expect(await afterReady.text()).toContain(DATA_EXPORT_MESSAGES.rateLimited);

    const page = await fetch(`${server.url}/profile`, { headers: { cookie: owner.cookie } });
    const html = await page.text();
    expect(html).toContain("Dina uppgifter");
    expect(html).toContain(`/profile/mina-uppgifter/${ready.id}`);

    const download = await fetch(`${server.url}/profile/mina-uppgifter/${ready.id}`, { headers: { cookie: owner.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const profile = JSON.parse(strFromU8(files["profil.json"]!)) as { account: { email: string } };
    expect(profile.account.email).toBe("export-agare@example.se");

    const theirs = await fetch(`${server.url}/profile/mina-uppgifter/${ready.id}`, { headers: { cookie: other.cookie } });
    expect(theirs.status).toBe(404);
    const body = await theirs.text();
    expect(body).toContain(DATA_EXPORT_MESSAGES.notFound);
    expect(body).not.toContain("export-agare@example.se");
    const anonymous = await fetch(`${server.url}/profile/mina-uppgifter/${ready.id}`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.headers.get("content-type")).not.toBe("application/zip");
  });

  it("answers malformed ids with the same Swedish 404", async () => {
    for (const id of ["inte-ett-id", "%00", "00000000-0000-4000-8000-00000000000%00", "' OR 1=1 --", "x".repeat(300)]) {
      const response = await fetch(`${server.url}/profile/mina-uppgifter/${id}`, { headers: { cookie: other.cookie } });
      expect(response.status, id).toBeGreaterThanOrEqual(400);
      expect(response.status, id).toBeLessThan(500);
      if (response.status === 404) expect(await response.text()).toContain(DATA_EXPORT_MESSAGES.notFound);
    }
  });
});
