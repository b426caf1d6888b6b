/** `npm run db:seed`: migrates and applies the idempotent seed content to the configured database. */
import { closeDatabase, database } from "../app/platform/db/client.server";
import { seed } from "../app/platform/db/seed";

const target = database();
await target.migrate();
const inserted = await seed(target.db);
process.stdout.write(
  `Seed applied to ${target.driver}: ${inserted.posts} posts, ${inserted.items} shop items, ${inserted.influencers} influencers inserted.\n`,
);
await closeDatabase();
