/**
 * Anonymous newsletter sign-ups (docs/rules/site.md#footer-newsletter): a row with user_id null,
 * unique on the lower-cased email. Signing up again is not an error and never adds a second row.
 */
import { sql } from "drizzle-orm";
import { execCount, type Db } from "~/platform/db/client.server";
import type { NewsletterInput } from "./newsletter-schema";

/** Stores the sign-up; returns whether a new row was created (false for a known address). */
export async function subscribeToNewsletter(db: Db, input: NewsletterInput): Promise<{ created: boolean }> {
  const inserted = await execCount(
    db,
    sql`
      INSERT INTO newsletter_subscriptions (email, source)
      VALUES (${input.email}, ${input.source})
      ON CONFLICT (lower(email)) WHERE user_id IS NULL DO NOTHING
    `,
  );
  return { created: inserted > 0 };
}
