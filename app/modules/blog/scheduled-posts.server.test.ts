import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB_RUNNER } from "~/platform/platform-constants";
import { blog_posts } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import { REALTIME_CHANNEL, type RealtimeEvent } from "~/platform/realtime/events";
import { ANNOUNCE_DUE_POSTS_JOB, announceDuePosts } from "./scheduled-posts.server";
import { APP_JOBS } from "~/jobs.server";
import { getPublishedPost } from "./blog.server";

let database: TestDatabase;
const db = () => database.db;
const events: RealtimeEvent[] = [];
let listening: ReturnType<TestDatabase["listen"]>;

beforeAll(async () => {
  database = await createTestDatabase();
  listening = database.listen(REALTIME_CHANNEL, {
    onPayload: (payload) => events.push(JSON.parse(payload) as RealtimeEvent),
    onReconnect: () => {},
  });
  await listening.ready();
});
afterAll(async () => {
  await listening?.close();
  await database?.close();
});

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1_000);

async function insertPost(slug: string, published_at: Date | null, status = "published") {
  await db().insert(blog_posts).values({ slug, title: `Titel ${slug}`, content: "<p>Text</p>", status, published_at });
}

/** Events are delivered after commit and asynchronously: wait until the channel is quiet. */
async function blogEventsAfter(work: () => Promise<unknown>): Promise<number> {
  // A marker NOTIFY sent after the work arrives after every event the work published.
  const before = events.length;
  await work();
  const marker = { type: "content", tag: "config" } as const;
  await db().execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ ...marker, mark: before })})`);
  await expect
    .poll(() => events.slice(before).some((event) => (event as { mark?: number }).mark === before), { timeout: 5_000 })
    .toBe(true);
  return events.slice(before).filter((event) => event.type === "content" && event.tag === "blog").length;
}

describe("announcing posts that became due (docs/rules/blog.md#scheduled-publishing)", () => {
  beforeEach(async () => {
    await db().delete(blog_posts);
    // Every test starts from a run that has announced everything up to now.
    await announceDuePosts(db());
  });

  it("is a job of the runner that runs on every tick", () => {
    const job = APP_JOBS.find((entry) => entry.name === ANNOUNCE_DUE_POSTS_JOB);
    expect(job).toBeDefined();
    // The runner's due check tolerates a tick that fires a little early (docs/rules/jobs.md#the-runner).
    expect(job!.intervalMs).toBe(JOB_RUNNER.tickMs);
  });

  it("publishes the blog event once for a post that became due, and not again", async () => {
    await insertPost("snart", inSeconds(2));
    expect(await blogEventsAfter(async () => expect(await announceDuePosts(db())).toEqual({ due: 0 }))).toBe(0);
    await expect.poll(async () => (await getPublishedPost(db(), "snart")) !== null, { timeout: 15_000, interval: 250 }).toBe(true);
    expect(await blogEventsAfter(async () => expect(await announceDuePosts(db())).toEqual({ due: 1 }))).toBe(1);
    expect(await blogEventsAfter(async () => expect(await announceDuePosts(db())).toEqual({ due: 0 }))).toBe(0);
  });

  it("ignores drafts, archived posts and posts published before its last run", async () => {
    await insertPost("gammal", new Date("2025-01-01T00:00:00Z"));
    await insertPost("utan-datum", null);
    await insertPost("utkast", inSeconds(-1), "draft");
    await insertPost("arkiverad", inSeconds(-1), "archived");
    await insertPost("senare", inSeconds(3_600));
    expect(await blogEventsAfter(async () => expect(await announceDuePosts(db())).toEqual({ due: 0 }))).toBe(0);
  });

  it("announces a due post once however many runs race for it", async () => {
    await insertPost("samtidig", inSeconds(1));
    await expect.poll(async () => (await getPublishedPost(db(), "samtidig")) !== null, { timeout: 15_000, interval: 250 }).toBe(true);
    let results: Array<{ due: number }> = [];
    const published = await blogEventsAfter(async () => {
      results = await Promise.all(Array.from({ length: 8 }, () => announceDuePosts(db())));
    });
    expect(results.reduce((sum, result) => sum + result.due, 0)).toBe(1);
    expect(published).toBe(1);
  });

  it("announces a post moved to a due time ahead of the mark", async () => {
    await insertPost("flyttad", inSeconds(3_600));
    await db().update(blog_posts).set({ published_at: inSeconds(1) }).where(eq(blog_posts.slug, "flyttad"));
    await expect.poll(async () => (await getPublishedPost(db(), "flyttad")) !== null, { timeout: 15_000, interval: 250 }).toBe(true);
    expect(await blogEventsAfter(() => announceDuePosts(db()))).toBe(1);
  });
});
