/**
 * The one scheduled-job runner (docs/rules/jobs.md). Each instance looks for due jobs every
 * minute; a job runs only when its row in `scheduled_jobs` says it is due (taking the run moves
 * the due time in the same statement) and, unless it is marked not exclusive, only under its
 * PostgreSQL advisory lock, so across any number of instances each job runs once per interval.
 * Jobs must be idempotent (running one twice changes nothing more): a crash between the work
 * and the bookkeeping only means it runs again. Every run is logged.
 */
import { sql } from "drizzle-orm";
import { JOB_RUNNER } from "~/platform/platform-constants";
import { queryRows, type Database, type Db } from "../db/client.server";
import { logger } from "../logger.server";

export interface Job {
  /** Lower-case, digits and hyphens; also the lock's name. */
  name: string;
  /** How long after a run starts the next one is due. */
  intervalMs: number;
  /**
   * false: the job guards its own work (the campaign sender's leases), so a run on one instance
   * may overlap a run on another. Its run each interval is then taken with one conditional
   * update of its schedule row, not under the job's session lock held for the whole run (a
   * lock a frozen instance would keep). Default true.
   */
  exclusive?: boolean;
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

/**
 * Takes this interval's run when the job is due (or forced): moves its next due time one
 * interval ahead in the same statement that checks it, so of several callers one takes it.
 * Due means at most `JOB_RUNNER.dueSlackMs` early (docs/rules/jobs.md#the-runner).
 */
async function takeRun(db: Db, job: Job, now: Date, force: boolean): Promise<boolean> {
  const at = now.toISOString();
  await db.execute(sql`INSERT INTO scheduled_jobs (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
  const taken = await queryRows<{ name: string }>(
    db,
    sql`UPDATE scheduled_jobs
        SET last_started_at = ${at}::timestamptz,
            next_run_at = ${at}::timestamptz + make_interval(secs => ${job.intervalMs / 1000})
        WHERE name = ${job.name}
          AND (${force} OR next_run_at <= ${at}::timestamptz + make_interval(secs => ${JOB_RUNNER.dueSlackMs / 1000}))
        RETURNING name`,
  );
  return taken.length > 0;
}

/** How one run of a job ended, for whoever observes runs (the Prometheus metrics). */
export interface JobRunRecord {
  job: string;
  status: "ok" | "failed";
  durationMs: number;
}

const runObservers = new Set<(run: JobRunRecord) => void>();

/** Calls `observer` after every job run in this process; returns the call that stops it. */
export function observeJobRuns(observer: (run: JobRunRecord) => void): () => void {
  runObservers.add(observer);
  return () => runObservers.delete(observer);
}

/** Runs a taken job and records how it went. */
async function runTaken(db: Db, job: Job, now: Date, signal: AbortSignal): Promise<JobOutcome> {
  const startedAt = Date.now();
  let outcome: JobOutcome;
  try {
    const result = await job.run(db, now, signal);
    outcome = { status: "ran", result };
    logger.info({ job: job.name, result, durationMs: Date.now() - startedAt }, "job finished");
  } catch (error) {
    outcome = { status: "failed", error: error instanceof Error ? error.message : String(error) };
    logger.error({ err: error, job: job.name, durationMs: Date.now() - startedAt }, "job failed");
  }
  const run: JobRunRecord = { job: job.name, status: outcome.status === "ran" ? "ok" : "failed", durationMs: Date.now() - startedAt };
  for (const observer of runObservers) observer(run);
  await db.execute(sql`
    UPDATE scheduled_jobs
    SET last_finished_at = now(),
        last_status = ${run.status},
        last_error = ${outcome.status === "failed" ? outcome.error.slice(0, 1_000) : null},
        last_duration_ms = ${run.durationMs},
        run_count = run_count + 1
    WHERE name = ${job.name}
  `);
  return outcome;
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
    const db = database.db;
    const signal = options.signal ?? new AbortController().signal;
    const attempt = async (): Promise<JobOutcome> =>
      (await takeRun(db, job, now, options.force ?? false)) ? runTaken(db, job, now, signal) : { status: "not-due" };
    if (job.exclusive === false) return await attempt();
    const held = await database.withAdvisoryLock(`job:${job.name}`, attempt);
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
  const runOne = async (job: Job, force: boolean, now: Date = new Date()) => {
    try {
      await runJobIfDue(database, job, now, { force, signal: shutdown.signal });
    } catch (error) {
      // The database may be briefly unreachable; the next tick tries again.
      logger.error({ err: error, job: job.name }, "job runner could not check a job");
    }
  };
  const tick = () => {
    if (stopped) return;
    track(
      (async () => {
        // Every job of a tick is checked at the tick's time, however long the ones before it
        // took, so a job late in the list is not found a little early at the next tick.
        const now = new Date();
        for (const job of jobs) {
          if (stopped) break;
          await runOne(job, false, now);
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
