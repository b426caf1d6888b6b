import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB_RUNNER } from "~/platform/platform-constants";
import { openPostgres, queryRows, type Database } from "../db/client.server";
import { createTestDatabase, type TestDatabase } from "../db/test-db";
import { runJobIfDue, type Job } from "./job-runner.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM scheduled_jobs`);
});

const HOUR = 60 * 60_000;
// A new job row is due from the moment it is inserted (`now()`), so the clock the tests pass
// must lie after the real one: a whole hour at least an hour ahead of when the file runs.
const base = Math.ceil((Date.now() + HOUR) / HOUR) * HOUR;
const at = (minutes: number) => new Date(base + minutes * 60_000);

function countingJob(name: string, work: () => Promise<unknown> = async () => "ok"): Job & { runs: number } {
  const job = {
    name,
    intervalMs: HOUR,
    runs: 0,
    async run() {
      job.runs++;
      return work();
    },
  };
  return job;
}

async function scheduleRow(name: string) {
  const [row] = await queryRows<{ last_status: string | null; last_error: string | null; run_count: number; next_run_at: Date }>(
    database.db,
    sql`SELECT last_status, last_error, run_count, next_run_at FROM scheduled_jobs WHERE name = ${name}`,
  );
  return row;
}

describe("the job runner", () => {
  it("runs a due job once per interval and records the run", async () => {
    const job = countingJob("cleanup-a");
    expect(await runJobIfDue(database, job, at(0))).toEqual({ status: "ran", result: "ok" });
    expect(await runJobIfDue(database, job, at(30))).toEqual({ status: "not-due" });
    expect(job.runs).toBe(1);
    expect(await runJobIfDue(database, job, at(61))).toMatchObject({ status: "ran" });
    expect(job.runs).toBe(2);
    const row = await scheduleRow("cleanup-a");
    expect(row).toMatchObject({ last_status: "ok", last_error: null, run_count: 2 });
    expect(new Date(row!.next_run_at).getTime()).toBe(at(61).getTime() + HOUR);
  });

  it("records a failure, moves on to the next interval and frees the lock", async () => {
    const failing = countingJob("cleanup-b", async () => {
      throw new Error("database said no");
    });
    expect(await runJobIfDue(database, failing, at(0))).toEqual({ status: "failed", error: "database said no" });
    expect(await scheduleRow("cleanup-b")).toMatchObject({ last_status: "failed", last_error: "database said no" });
    expect(await runJobIfDue(database, failing, at(5))).toEqual({ status: "not-due" });
    expect(await runJobIfDue(database, failing, at(61))).toMatchObject({ status: "failed" });
    expect(failing.runs).toBe(2);
  });

  it("runs a job whose interval is the tick at a tick that fires a little early (docs/rules/jobs.md#the-runner)", async () => {
    const everyTick = countingJob("every-tick");
    everyTick.intervalMs = JOB_RUNNER.tickMs;
    const tick = (n: number, earlyMs = 0) => new Date(at(0).getTime() + n * JOB_RUNNER.tickMs - earlyMs);
    expect(await runJobIfDue(database, everyTick, tick(0))).toMatchObject({ status: "ran" });
    // The next tick fires 2 s earlier relative to the last run's start (a slow job before it
    // then, timer jitter, a clock step): still this interval's run, not a skipped minute.
    expect(await runJobIfDue(database, everyTick, tick(1, 2_000))).toMatchObject({ status: "ran" });
    // Halfway through an interval it is not due.
    expect(await runJobIfDue(database, everyTick, tick(1.5))).toEqual({ status: "not-due" });
    expect(await runJobIfDue(database, everyTick, tick(2))).toMatchObject({ status: "ran" });
    expect(everyTick.runs).toBe(3);
  });

  it("lets a non-exclusive job take each interval's run once, without the job lock", async () => {
    const shared = countingJob("shared-d");
    shared.exclusive = false;
    // Another session holds the job's lock all along: a non-exclusive job does not need it.
    const blocked = await database.withAdvisoryLock("job:shared-d", async () => {
      const first = await runJobIfDue(database, shared, at(0));
      const again = await runJobIfDue(database, shared, at(30));
      const forced = await runJobIfDue(database, shared, at(30), { force: true });
      return [first.status, again.status, forced.status];
    });
    expect(blocked).toEqual({ acquired: true, value: ["ran", "not-due", "ran"] });
    expect(shared.runs).toBe(2);
  });

  it("never runs one job twice at the same time in one process", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = countingJob("cleanup-c", () => gate);
    const first = runJobIfDue(database, slow, at(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runJobIfDue(database, slow, at(0))).toEqual({ status: "locked" });
    release();
    expect(await first).toMatchObject({ status: "ran" });
    expect(slow.runs).toBe(1);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "lets exactly one of several instances (own connection pools) run a due job",
    async () => {
      const instances: Database[] = Array.from({ length: 4 }, () => openPostgres(database.url!));
      try {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const job = countingJob("cleanup-d", () => gate);
        const outcomes = instances.map((instance) => runJobIfDue(instance, job, at(0)));
        await new Promise((resolve) => setTimeout(resolve, 200));
        release();
        const statuses = (await Promise.all(outcomes)).map((outcome) => outcome.status).sort();
        expect(job.runs).toBe(1);
        expect(statuses.filter((status) => status === "ran")).toHaveLength(1);
        expect(statuses.every((status) => status === "ran" || status === "locked" || status === "not-due")).toBe(true);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    },
  );
});
