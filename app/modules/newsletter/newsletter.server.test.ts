import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_OPT_IN } from "~/modules/newsletter/newsletter-constants";
import { saveNewsletterSettings } from "~/modules/accounts/profile-account.server";
import { createProfileForNewUser } from "~/modules/accounts/profiles.server";
import { purgeExpiredPersonalData } from "~/modules/legal/retention.server";
import { queryRows } from "~/platform/db/client.server";
import { user as userTable } from "~/platform/db/schema";
import { createTestDatabase, type TestDatabase } from "~/platform/db/test-db";
import {
  checkConfirmationToken,
  confirmMemberSubscription,
  confirmNewsletterSubscription,
  hashConfirmationToken,
  subscribeToNewsletter,
  type SubscribeResult,
} from "./newsletter.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

interface Row {
  email: string;
  user_id: string | null;
  source: string;
  email_subscribed: boolean;
  confirmed_at: Date | string | null;
  confirmation_token_hash: string | null;
}

const rowsFor = (email: string) =>
  queryRows<Row>(
    database.db,
    sql`SELECT email, user_id, source, email_subscribed, confirmed_at, confirmation_token_hash
          FROM newsletter_subscriptions WHERE lower(email) = lower(${email})`,
  );

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const tokenOf = (result: SubscribeResult) => result.confirmation!.token;

describe("newsletter double opt-in (docs/rules/site.md#footer-newsletter)", () => {
  it("stores a new anonymous sign-up unconfirmed and hands back a token whose hash alone is stored", async () => {
    const result = await subscribeToNewsletter(database.db, { email: "Lisa@Example.se", source: "blog" });
    expect(result.outcome).toBe("created");
    expect(result.confirmation?.email).toBe("Lisa@Example.se");
    const token = tokenOf(result);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await rowsFor("lisa@example.se");
    expect(row).toMatchObject({ email: "Lisa@Example.se", user_id: null, source: "blog", email_subscribed: true, confirmed_at: null });
    expect(row!.confirmation_token_hash).toBe(hashConfirmationToken(token));
    expect(row!.confirmation_token_hash).not.toContain(token);
  });

  it("confirms with the link's token once: the row is confirmed and the token forgotten", async () => {
    const token = tokenOf(await subscribeToNewsletter(database.db, { email: "bekrafta@example.se", source: "footer" }));
    expect(await checkConfirmationToken(database.db, token)).toBe("valid");
    expect(await confirmNewsletterSubscription(database.db, token)).toBe("confirmed");
    const [row] = await rowsFor("bekrafta@example.se");
    expect(row!.confirmed_at).not.toBeNull();
    expect(row!.confirmation_token_hash).toBeNull();
    // A second use of the same link is refused; the row stays confirmed.
    expect(await confirmNewsletterSubscription(database.db, token)).toBe("invalid");
    expect((await rowsFor("bekrafta@example.se"))[0]!.confirmed_at).not.toBeNull();
  });

  it("refuses malformed and unknown tokens without touching any row", async () => {
    for (const token of ["", "kort", "x".repeat(43), `${"a".repeat(42)}!`, "a".repeat(600), "ä".repeat(43)]) {
      expect(await confirmNewsletterSubscription(database.db, token), token).toBe("invalid");
      expect(await checkConfirmationToken(database.db, token), token).toBe("invalid");
    }
  });

  it("says a link older than 30 days has expired and does not confirm with it", async () => {
    const sent = daysAgo(NEWSLETTER_OPT_IN.confirmationDays + 1);
    const token = tokenOf(await subscribeToNewsletter(database.db, { email: "gammal-lank@example.se", source: "footer" }, sent));
    expect(await checkConfirmationToken(database.db, token)).toBe("expired");
    expect(await confirmNewsletterSubscription(database.db, token)).toBe("expired");
    expect((await rowsFor("gammal-lank@example.se"))[0]!.confirmed_at).toBeNull();
    // A link a day short of the limit still works.
    const recent = tokenOf(
      await subscribeToNewsletter(database.db, { email: "nastan-gammal@example.se", source: "footer" }, daysAgo(NEWSLETTER_OPT_IN.confirmationDays - 1)),
    );
    expect(await confirmNewsletterSubscription(database.db, recent)).toBe("confirmed");
  });

  it("re-sends a new link to an unconfirmed address without a second row; the old link stops working", async () => {
    const first = tokenOf(await subscribeToNewsletter(database.db, { email: "per@example.se", source: "footer" }));
    const again = await subscribeToNewsletter(database.db, { email: "PER@EXAMPLE.SE", source: "blog" });
    expect(again.outcome).toBe("resent");
    expect(again.confirmation?.email).toBe("per@example.se");
    expect(await rowsFor("per@example.se")).toHaveLength(1);
    expect(await confirmNewsletterSubscription(database.db, first)).toBe("invalid");
    expect(await confirmNewsletterSubscription(database.db, tokenOf(again))).toBe("confirmed");
  });

  it("sends nothing to a confirmed address (the visitor's answer is the same)", async () => {
    const token = tokenOf(await subscribeToNewsletter(database.db, { email: "redan@example.se", source: "footer" }));
    await confirmNewsletterSubscription(database.db, token);
    expect(await subscribeToNewsletter(database.db, { email: "Redan@example.se", source: "footer" })).toEqual({
      outcome: "already-confirmed",
      confirmation: null,
    });
    expect(await rowsFor("redan@example.se")).toHaveLength(1);
  });

  it("limits the mails one address gets: three a day, then none until the window has passed", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push((await subscribeToNewsletter(database.db, { email: "tjatig@example.se", source: "footer" })).outcome);
    expect(outcomes).toEqual(["created", "resent", "resent", "mail-limited", "mail-limited"]);
    const tomorrow = new Date(Date.now() + NEWSLETTER_OPT_IN.mailLimit.windowMs + 60_000);
    expect((await subscribeToNewsletter(database.db, { email: "tjatig@example.se", source: "footer" }, tomorrow)).outcome).toBe("resent");
  });

  it("asks an unsubscribed address to confirm again before it is subscribed again", async () => {
    const token = tokenOf(await subscribeToNewsletter(database.db, { email: "avslutad@example.se", source: "footer" }));
    await confirmNewsletterSubscription(database.db, token);
    await database.db.execute(sql`UPDATE newsletter_subscriptions SET email_subscribed = false WHERE email = 'avslutad@example.se'`);
    const again = await subscribeToNewsletter(database.db, { email: "avslutad@example.se", source: "blog" });
    expect(again.outcome).toBe("resent");
    expect((await rowsFor("avslutad@example.se"))[0]!.email_subscribed).toBe(false);
    expect(await confirmNewsletterSubscription(database.db, tokenOf(again))).toBe("confirmed");
    expect((await rowsFor("avslutad@example.se"))[0]!.email_subscribed).toBe(true);
  });

  it("stores concurrent sign-ups of one address once", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        subscribeToNewsletter(database.db, { email: i % 2 ? "Samtidig@example.se" : "samtidig@example.se", source: "footer" }),
      ),
    );
    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    // The first mail and at most two re-sends: the per-address limit holds under concurrency too.
    expect(results.filter((result) => result.confirmation !== null).length).toBeLessThanOrEqual(NEWSLETTER_OPT_IN.mailLimit.limit);
    expect(await rowsFor("samtidig@example.se")).toHaveLength(1);
  });

  it("confirms once when the same link is used twice at the same moment", async () => {
    const token = tokenOf(await subscribeToNewsletter(database.db, { email: "dubbelklick@example.se", source: "footer" }));
    const outcomes = await Promise.all([1, 2, 3].map(() => confirmNewsletterSubscription(database.db, token)));
    expect(outcomes.filter((outcome) => outcome === "confirmed")).toHaveLength(1);
  });
});

describe("purging unconfirmed sign-ups (docs/rules/privacy.md#retention)", () => {
  it("deletes sign-ups whose latest link is over 30 days old, never confirmed rows or younger ones", async () => {
    const old = daysAgo(NEWSLETTER_OPT_IN.confirmationDays + 1);
    await subscribeToNewsletter(database.db, { email: "rensas@example.se", source: "footer" }, old);
    await subscribeToNewsletter(database.db, { email: "ung@example.se", source: "footer" }, daysAgo(NEWSLETTER_OPT_IN.confirmationDays - 1));
    // Confirmed long ago, on an old link: kept.
    const kept = tokenOf(await subscribeToNewsletter(database.db, { email: "behalls@example.se", source: "footer" }, old));
    await confirmNewsletterSubscription(database.db, kept, daysAgo(NEWSLETTER_OPT_IN.confirmationDays + 0.5));
    // An old sign-up that asked for a new link recently: its new link still works, so it stays.
    await subscribeToNewsletter(database.db, { email: "ny-lank@example.se", source: "footer" }, old);
    await subscribeToNewsletter(database.db, { email: "ny-lank@example.se", source: "footer" }, daysAgo(2));

    const purged = await purgeExpiredPersonalData(database.db, new Date());
    expect(purged.unconfirmedNewsletter).toBeGreaterThanOrEqual(1);
    expect(await rowsFor("rensas@example.se")).toHaveLength(0);
    expect(await rowsFor("ung@example.se")).toHaveLength(1);
    expect(await rowsFor("behalls@example.se")).toHaveLength(1);
    expect(await rowsFor("ny-lank@example.se")).toHaveLength(1);
    expect((await purgeExpiredPersonalData(database.db, new Date())).unconfirmedNewsletter).toBe(0);
  });
});

describe("members' rows (docs/rules/accounts.md#newsletter)", () => {
  async function member(email: string, emailVerified: boolean, newsletterOptIn = false) {
    const [created] = await database.db.insert(userTable).values({ name: "Medlem", email, emailVerified }).returning();
    await createProfileForNewUser(database.db, { ...created!, emailVerified }, { firstName: "Medlem", newsletterOptIn });
    return created!.id;
  }

  it("confirms a row switched on from the profile at insert", async () => {
    const id = await member("profil@example.se", true);
    await saveNewsletterSettings(database.db, id, { email_subscribed: true, phone_subscribed: false });
    const [row] = await rowsFor("profil@example.se");
    expect(row).toMatchObject({ user_id: id, source: "profile", email_subscribed: true });
    expect(row!.confirmed_at).not.toBeNull();
  });

  it("confirms the sign-up box's row when the account's address is confirmed", async () => {
    const id = await member("registrering@example.se", false, true);
    expect((await rowsFor("registrering@example.se"))[0]).toMatchObject({ source: "signup", confirmed_at: null });
    await confirmMemberSubscription(database.db, id);
    expect((await rowsFor("registrering@example.se"))[0]!.confirmed_at).not.toBeNull();
    // A provider that vouches for the address confirms it at once.
    await member("google@example.se", true, true);
    expect((await rowsFor("google@example.se"))[0]!.confirmed_at).not.toBeNull();
  });
});
