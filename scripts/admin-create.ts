/**
 * `npm run admin:create -- --email <address> [--role admin|blog|seo]`
 * Creates a staff account (confirmed, no known password) and prints a one-time link to
 * choose a password, or gives an existing account the role. On the embedded database, stop
 * the server first: one PGlite directory is never opened by two processes.
 */
import { parseArgs } from "node:util";
import { auth } from "../app/modules/accounts/auth.server";
import { createOrPromoteStaff, staffInputSchema } from "../app/modules/accounts/staff-accounts.server";
import { config } from "../app/platform/config.server";
import { closeDatabase, database } from "../app/platform/db/client.server";
import { prepareDatabase } from "../app/platform/db/setup.server";

const usage = "Usage: npm run admin:create -- --email <address> [--role admin|blog|seo]";

let parsed;
try {
  const { values } = parseArgs({
    options: { email: { type: "string" }, role: { type: "string", default: "admin" } },
    strict: true,
  });
  const input = staffInputSchema.safeParse(values);
  if (!input.success) throw new Error(input.error.issues[0]?.message ?? "invalid input");
  parsed = input.data;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
  process.exit(2);
}

// The link is made from PUBLIC_URL (else http://localhost:$PORT), read from this command's own
// environment: it must be run with the server's PUBLIC_URL (or PORT), or the link opens nothing.
let publicUrl: string;
try {
  publicUrl = config().PUBLIC_URL;
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
if (!process.env.PUBLIC_URL?.trim()) {
  process.stderr.write(
    `PUBLIC_URL is not set: the link below uses ${publicUrl}. If the site is served elsewhere, run this again with the server's PUBLIC_URL (or PORT).\n`,
  );
}

try {
  await prepareDatabase(database());
  const result = await createOrPromoteStaff(auth(), database().db, parsed);
  if (result.created) {
    process.stdout.write(
      `Created ${result.email} with role ${result.role}.\n` +
        `One-time link to choose a password (valid 30 minutes, single use):\n${result.setPasswordUrl}\n`,
    );
  } else {
    process.stdout.write(`${result.email} already exists: role ${result.role} granted.\n`);
  }
} catch (error) {
  process.stderr.write(`admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
