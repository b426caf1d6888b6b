/**
 * The one scheduled-job runner (docs/rules/jobs.md). Each instance looks for due jobs every
 * minute; a job runs only under its PostgreSQL advisory lock and only when its row in
 * `scheduled_jobs` says it is due, so across any number of instances each job runs once per
 * interval. Jobs must be idempotent (running one twice changes nothing more): a crash between
 * the work and the bookkeeping only means it runs again. Every run is logged.
 */
import { sql } from "drizzle-orm";
import { JOB_RUNNER } from "~/constants";
import { queryRows, type Database, type Db } from "../db/client.server";
import { logger } from "../logger.server";

export interface Job {
  /** Lower-case, digits and hyphens; also the lock's name. */
  name: string;
  /** How long after a run starts the next one is due. */
  intervalMs: number;
  /**
   * The work. What it returns is logged (keep it small: counts, not rows). A long-running job
   * (the campaign sender) stops early when `signal` aborts: the instance is shutting down.
   */
  run(db: Db, now: Date, signal: AbortSignal): Promise<unknown>;
}

export type JobOutcome =
  | { status: "ran"; result: unknown }
  | { status: "failed"; error: string }
  | { status: "not-due" }
  | { status: "locked" };

const runningHere = new Set<string>();

export interface RunOptions {
  /** Run even if not due yet (work was just queued for it); the lock still makes it one run. */
  force?: boolean;
  signal?: AbortSignal;
}

/** Runs the job if it is due and no other instance (or call) is running it. */
export async function runJobIfDue(
  database: Database,
  job: Job,
  now: Date = new Date(),
  options: RunOptions = {},
): Promise<JobOutcome> {
  if (runningHere.has(job.name)) return { status: "locked" };
  runningHere.add(job.name);
  try {
    const held = await database.withAdvisoryLock(`job:${job.name}`, async (): Promise<JobOutcome> => {
      const db = database.db;
      await db.execute(sql`INSERT INTO scheduled_jobs (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
      const [row] = await queryRows<{ due: boolean }>(
        db,
        sql`SELECT next_run_at <= ${now.toISOString()}::timestamptz AS due FROM scheduled_jobs WHERE name = ${job.name}`,
      );
      if (!row?.due && !options.force) return { status: "not-due" };
      const startedAt = Date.now();
      await db.execute(sql`
        UPDATE scheduled_jobs
        SET last_started_at = ${now.toISOString()}::timestamptz,
            next_run_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${job.intervalMs / 1000})
        WHERE name = ${job.name}
      `);
      let outcome: JobOutcome;
      try {
        const result = await job.run(db, now, options.signal ?? new AbortController().signal);
        outcome = { status: "ran", result };
        logger.info({ job: job.name, result, durationMs: Date.now() - startedAt }, "job finished");
      } catch (error) {
        outcome = { status: "failed", error: error instanceof Error ? error.message : String(error) };
        logger.error({ err: error, job: job.name, durationMs: Date.now() - startedAt }, "job failed");
      }
      await db.execute(sql`
        UPDATE scheduled_jobs
        SET last_finished_at = now(),
            last_status = ${outcome.status === "ran" ? "ok" : "failed"},
            last_error = ${outcome.status === "failed" ? outcome.error.slice(0, 1_000) : null},
            last_duration_ms = ${Date.now() - startedAt},
            run_count = run_count + 1
        WHERE name = ${job.name}
      `);
      return outcome;
    });
    return held.acquired ? held.value : { status: "locked" };
  } finally {
    runningHere.delete(job.name);
  }
}

export interface JobRunner {
  /** Runs a job now, due or not, unless it is running already (here or on another instance). */
  runNow(name: string): void;
  /** Stops looking for jobs and waits for the ones running to finish. */
  stop(): Promise<void>;
}

/** This process's runner, so a feature can ask for its job to run now (`requestJobRun`). */
let activeRunner: JobRunner | undefined;

/**
 * Asks this process's runner to run the named job now (work was just queued for it, e.g. a
 * campaign was sent). Without a runner (a process that serves no background work) the next
 * tick of some instance runs it. Returns whether a runner took the request.
 */
export function requestJobRun(name: string): boolean {
  if (!activeRunner) return false;
  activeRunner.runNow(name);
  return true;
}

/** Starts this instance's periodic look for due jobs. */
export function startJobRunner(database: Database, jobs: readonly Job[], tickMs: number = JOB_RUNNER.tickMs): JobRunner {
  let stopped = false;
  const shutdown = new AbortController();
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  const runOne = async (job: Job, force: boolean) => {
    try {
      await runJobIfDue(database, job, new Date(), { force, signal: shutdown.signal });
    } catch (error) {
      // The database may be briefly unreachable; the next tick tries again.
      logger.error({ err: error, job: job.name }, "job runner could not check a job");
    }
  };
  const tick = () => {
    if (stopped) return;
    track(
      (async () => {
        for (const job of jobs) {
          if (stopped) break;
          await runOne(job, false);
        }
      })(),
    );
  };
  const first = setTimeout(tick, JOB_RUNNER.firstTickMs + Math.random() * 1_000);
  const interval = setInterval(tick, tickMs);
  first.unref();
  interval.unref();
  const runner: JobRunner = {
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job || stopped) return;
      track(runOne(job, true));
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      shutdown.abort();
      if (activeRunner === runner) activeRunner = undefined;
      await Promise.all([...running]);
    },
  };
  activeRunner = runner;
  return runner;
}
