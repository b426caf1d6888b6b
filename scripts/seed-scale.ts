/**
 * `npm run seed:scale -- [--create <name>] [--scale <factor>]` (PostgreSQL only): migrates the
 * database named by DATABASE_URL, or with --create a new database of that name on the same
 * server, and fills it with a busy shop's volume (app/platform/db/seed/scale.ts). Prints the
 * row counts, the time taken and the accounts to sign in with.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "../app/lib/zod";
import { openPostgres } from "../app/platform/db/client.server";
import { SCALE_ADMIN, SCALE_OLDEST_MEMBER, seedScale } from "../app/platform/db/seed/scale";
import { formatNumber } from "../app/lib/format";

const usage = "Usage: DATABASE_URL=postgres://… npm run seed:scale -- [--create <database>] [--scale <factor, default 1>]";
const argsSchema = z.object({
  create: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, "--create takes a database name: lower-case letters, digits and _").optional(),
  scale: z.coerce.number().gt(0).max(10).default(1),
});

let args: z.infer<typeof argsSchema>;
try {
  const { values } = parseArgs({ options: { create: { type: "string" }, scale: { type: "string" } }, strict: true });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "invalid arguments");
  args = parsed.data;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
  process.exit(2);
}
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl?.startsWith("postgres")) {
  process.stderr.write(`seed:scale needs PostgreSQL: set DATABASE_URL.\n${usage}\n`);
  process.exit(2);
}

let url = baseUrl;
if (args.create) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [args.create]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${args.create}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(baseUrl);
  target.pathname = `/${args.create}`;
  url = target.toString();
}

const started = performance.now();
const database = openPostgres(url);
try {
  await database.migrate();
  const counts = await seedScale(database.db, { scale: args.scale, log: (line) => process.stdout.write(`  ${line}\n`) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Seeded ${new URL(url).pathname.slice(1)} at scale ${args.scale} in ${seconds} s:\n`);
  for (const [table, rows] of Object.entries(counts)) process.stdout.write(`  ${table.padEnd(26)} ${formatNumber(rows)}\n`);
  process.stdout.write(
    `Admin: ${SCALE_ADMIN.email} / ${SCALE_ADMIN.password}\n` +
      `Longest history (for /profile): ${SCALE_OLDEST_MEMBER.email} / ${SCALE_OLDEST_MEMBER.password}\n`,
  );
} catch (error) {
  process.stderr.write(`seed:scale failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
