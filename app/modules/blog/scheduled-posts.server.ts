/**
 * Scheduled publishing (docs/rules/blog.md#scheduled-publishing): a published post whose
 * `published_at` lies ahead appears on the public blog once that time has come. The queries in
 * blog.server.ts hide it until then; nothing changes in the database when it becomes due, so
 * nothing would tell the anonymous HTML cache or open /blog tabs. This job does: every minute it
 * looks for posts that became due since its last look and, if there are any, publishes the same
 * `content` event a publish sends, so every instance drops its cached blog pages and open lists
 * refetch.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/realtime/publisher.server";

/** The job's name in `scheduled_jobs`; its row also keeps how far the job has announced. */
export const ANNOUNCE_DUE_POSTS_JOB = "announce-due-blog-posts";

/** How far back the very first run looks (it has no mark yet): one run's worth. */
const FIRST_LOOK_BACK_SECONDS = 60;

export interface DueAnnouncement {
  /** Posts that became due since the previous run (0: nothing was published). */
  due: number;
}

/**
 * Announces posts that became due in (mark, now], then moves the mark to now — in one
 * transaction, under a lock on the job's row, so concurrent calls (two instances, a retried run)
 * announce each post once: the second waits, then sees the moved mark. The time is read after
 * the lock (`clock_timestamp()`), so a caller that waited never moves the mark backwards.
 */
export async function announceDuePosts(db: Db): Promise<DueAnnouncement> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO scheduled_jobs (name) VALUES (${ANNOUNCE_DUE_POSTS_JOB}) ON CONFLICT (name) DO NOTHING`);
    await tx.execute(sql`SELECT 1 FROM scheduled_jobs WHERE name = ${ANNOUNCE_DUE_POSTS_JOB} FOR UPDATE`);
    const [window] = await queryRows<{ since: string; until: string }>(
      tx,
      sql`
        SELECT
          COALESCE(cursor_at, clock_timestamp() - make_interval(secs => ${FIRST_LOOK_BACK_SECONDS}))::text AS since,
          GREATEST(clock_timestamp(), COALESCE(cursor_at, '-infinity'::timestamptz))::text AS until
        FROM scheduled_jobs WHERE name = ${ANNOUNCE_DUE_POSTS_JOB}
      `,
    );
    const [counted] = await queryRows<{ due: number }>(
      tx,
      sql`
        SELECT count(*)::int AS due FROM blog_posts
        WHERE status = 'published'
          AND published_at > ${window!.since}::timestamptz
          AND published_at <= ${window!.until}::timestamptz
      `,
    );
    const due = Number(counted?.due ?? 0);
    if (due > 0) await publishEvent(tx, { type: "content", tag: "blog" });
    await tx.execute(sql`UPDATE scheduled_jobs SET cursor_at = ${window!.until}::timestamptz WHERE name = ${ANNOUNCE_DUE_POSTS_JOB}`);
    return { due };
  });
}
