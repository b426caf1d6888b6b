/**
 * The newsletter's double opt-in and the Newsletter tab over HTTP, against the production build
 * served in-process on a fresh database: the sign-up's answer and mail, the confirmation page
 * (a GET changes nothing, a POST confirms) and its answers to hostile input, and the tab's CSV
 * exports with their filters. Mail goes to the outbox (no SMTP_URL), which the test reads.
 */
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.server";
import { unsubscribeToken } from "~/modules/newsletter/unsubscribe.server";
import { queryRows } from "~/platform/db/client.server";
import { email_outbox, launch_notifications, newsletter_subscriptions } from "~/platform/db/schema";
import { startInProcessServer, type InProcessServer } from "./in-process-server";
import { createMember, makeStaff } from "./test-members";

let server: InProcessServer;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  server = await startInProcessServer();
  const admin = await createMember(server, "nyhetsbrev-admin@example.se");
  await makeStaff(server, admin, "admin");
  adminCookie = admin.cookie;
  memberCookie = (await createMember(server, "nyhetsbrev-medlem@example.se")).cookie;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const signUp = (email: string) =>
  fetch(`${server.url}/api/newsletter`, {
    method: "POST",
    headers: { accept: "application/json", origin: server.url },
    body: new URLSearchParams({ email, source: "footer" }),
  });

const confirmPost = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/nyhetsbrev/bekrafta`, { method: "POST", headers: { origin: server.url, accept: "text/html", ...headers }, body });

/** The confirmation mails the outbox holds for an address (the mail is sent after the answer). */
async function confirmationMails(email: string, atLeast: number): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const rows = await server.database.db
      .select({ text: email_outbox.text })
      .from(email_outbox)
      .where(sql`${email_outbox.to_address} = ${email} AND ${email_outbox.template} = 'newsletterConfirmation'`)
      .orderBy(desc(email_outbox.created_at));
    if (rows.length >= atLeast) return rows.map((row) => row.text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation mail for ${email}`);
}

const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/nyhetsbrev\/bekrafta\?token=\S+/)![0]);

const rowOf = async (email: string) =>
  (await server.database.db.select().from(newsletter_subscriptions).where(eq(newsletter_subscriptions.email, email)))[0];

describe("double opt-in over HTTP (docs/rules/site.md#footer-newsletter)", () => {
  it("answers a sign-up with the spec's text and the confirm line, and mails a link the page confirms with a POST only", async () => {
    const response = await signUp("optin@example.se");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      message: "Tack! Du har prenumererat på vårt nyhetsbrev.",
      hint: "Bekräfta prenumerationen via länken i mejlet vi skickade.",
    });
    expect((await rowOf("optin@example.se"))?.confirmed_at).toBeNull();

    const [mail] = await confirmationMails("optin@example.se", 1);
    expect(mail).toContain("Bekräfta din prenumeration");
    const link = linkIn(mail!);
    expect(link.origin).toBe(server.url);

    // Opening the link (what a mail scanner does) shows the button and changes nothing.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(html).toContain('data-state="valid"');
    expect(html).toContain("Bekräfta prenumerationen");
    expect((await rowOf("optin@example.se"))?.confirmed_at).toBeNull();

    const confirmed = await confirmPost(new URLSearchParams({ token: link.searchParams.get("token")! }));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Tack! Din prenumeration är bekräftad.");
    expect((await rowOf("optin@example.se"))?.confirmed_at).not.toBeNull();

    // The used link now says so, on the page and to a second post.
    expect(await (await fetch(link)).text()).toContain('data-state="invalid"');
    const again = await confirmPost(new URLSearchParams({ token: link.searchParams.get("token")! }));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Länken är ogiltig");
  });

  it("gives a confirmed address the same answer and no mail; an unconfirmed one gets a new link", async () => {
    await signUp("tva-ganger@example.se");
    const [first] = await confirmationMails("tva-ganger@example.se", 1);
    const resend = await signUp("Tva-Ganger@example.se");
    expect(await resend.json()).toMatchObject({ ok: true, message: "Tack! Du har prenumererat på vårt nyhetsbrev." });
    const mails = await confirmationMails("tva-ganger@example.se", 2);
    expect(linkIn(mails[0]!).searchParams.get("token")).not.toBe(linkIn(first!).searchParams.get("token"));

    await confirmPost(new URLSearchParams({ token: linkIn(mails[0]!).searchParams.get("token")! }));
    const confirmedAgain = await signUp("tva-ganger@example.se");
    expect(confirmedAgain.status).toBe(200);
    expect(await confirmedAgain.json()).toMatchObject({ ok: true, message: "Tack! Du har prenumererat på vårt nyhetsbrev." });
    // Give a mail that should not come the time a real one takes, then count.
    await signUp("kontroll@example.se");
    await confirmationMails("kontroll@example.se", 1);
    expect(await confirmationMails("tva-ganger@example.se", 2)).toHaveLength(2);
  });

  it("says an expired link has expired (410) and confirms nothing", async () => {
    const result = await subscribeToNewsletter(
      server.database.db,
      { email: "utgangen@example.se", source: "blog" },
      new Date(Date.now() - 31 * 24 * 60 * 60_000),
    );
    const token = result.confirmation!.token;
    expect(await (await fetch(`${server.url}/nyhetsbrev/bekrafta?token=${token}`)).text()).toContain('data-state="expired"');
    const response = await confirmPost(new URLSearchParams({ token }));
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("Länken har gått ut");
    expect((await rowOf("utgangen@example.se"))?.confirmed_at).toBeNull();
  });

  it("answers hostile input to the confirmation page with a Swedish 4xx and changes nothing", async () => {
    const json = (body: unknown) => confirmPost(JSON.stringify(body), { "content-type": "application/json", accept: "application/json" });
    const cases: Array<[string, Promise<Response>, number, string]> = [
      ["no token", confirmPost(new URLSearchParams({})), 400, "Ogiltigt värde."],
      ["NUL in the token", confirmPost(new URLSearchParams({ token: `abc\u0000def` })), 400, "Fältet innehåller tecken som inte är tillåtna."],
      ["a token as an array", json({ token: ["a", "b"] }), 400, "Ogiltigt värde."],
      ["a token as an object", json({ token: { $ne: null } }), 400, "Ogiltigt värde."],
      ["an over-long token", confirmPost(new URLSearchParams({ token: "a".repeat(600) })), 400, "Fältet får vara högst 512 tecken."],
      ["a well-formed unknown token", confirmPost(new URLSearchParams({ token: "A".repeat(43) })), 400, "Länken är ogiltig"],
      ["invalid JSON", confirmPost("{", { "content-type": "application/json" }), 400, "Ogiltig förfrågan."],
    ];
    for (const [name, pending, status, message] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      expect(await response.text(), name).toContain(message);
    }

    const huge = await confirmPost(new URLSearchParams({ token: "a".repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("Förfrågan är för stor.");

    const put = await fetch(`${server.url}/nyhetsbrev/bekrafta`, { method: "PUT", body: "token=x" });
    expect(put.status).toBe(405);
    expect(await put.text()).toContain("Metoden stöds inte.");

    const nul = await fetch(`${server.url}/nyhetsbrev/bekrafta?token=%00`);
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("Ogiltig adress.");

    const foreign = await confirmPost(new URLSearchParams({ token: "A".repeat(43) }), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);

    // Missing or junk tokens on the page: the invalid state, never an error.
    for (const query of ["", "?token=", `?token=${"x".repeat(600)}`, "?token=%C3%A4%C3%A4"]) {
      const page = await fetch(`${server.url}/nyhetsbrev/bekrafta${query}`);
      expect(page.status, query).toBe(200);
      expect(await page.text(), query).toContain('data-state="invalid"');
    }
    const [count] = await queryRows<{ n: number }>(
      server.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE confirmation_token_hash IS NULL AND confirmed_at IS NULL`,
    );
    expect(count!.n).toBe(0);
  });
});

describe("the Newsletter tab's exports (docs/rules/admin.md#newsletter)", () => {
  it("streams the filtered subscribers as formula-safe CSV, to admins only", async () => {
    await server.database.db.insert(newsletter_subscriptions).values([
      { email: "=HYPERLINK(1)@example.se", source: "blog" },
      { email: "bekraftad-csv@example.se", source: "footer", confirmed_at: new Date() },
    ]);
    const csv = await fetch(`${server.url}/admin/newsletter/export.csv?confirmed=no&source=blog`, { headers: { cookie: adminCookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="prenumeranter-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("E-post,Medlem,Medlems-id,Nyhetsbrev via e-post,SMS,Telefon,Källa,Bekräftad,Skapad,Uppdaterad");
    expect(text).toContain("'=HYPERLINK(1)@example.se");
    expect(text).not.toContain("bekraftad-csv@example.se");
    expect(lines.slice(1).every((line) => line.includes(",Blogg,väntar,"))).toBe(true);

    for (const [cookie, status] of [[memberCookie, 403], ["", 401]] as const) {
      const refused = await fetch(`${server.url}/admin/newsletter/export.csv`, { headers: cookie ? { cookie } : {} });
      expect(refused.status).toBe(status);
    }
  });

  it("lists and exports the launch list with its search", async () => {
    await server.database.db.insert(launch_notifications).values([{ email: "lansering-a@example.se" }, { email: "annan@example.se" }]);
    const page = await fetch(`${server.url}/admin/newsletter/lansering?q=lansering`, { headers: { cookie: adminCookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("lansering-a@example.se");
    expect(html).not.toContain("annan@example.se");
    const csv = await (await fetch(`${server.url}/admin/newsletter/lansering/export.csv?q=lansering`, { headers: { cookie: adminCookie } })).text();
    expect(csv).toContain("lansering-a@example.se");
    expect(csv).not.toContain("annan@example.se");
  });

  it("shows the filtered list with its summary, and an empty state when nothing matches", async () => {
    const html = await (await fetch(`${server.url}/admin/newsletter?confirmed=yes`, { headers: { cookie: adminCookie } })).text();
    expect(html).toContain("bekraftad-csv@example.se");
    expect(html).not.toContain("=HYPERLINK(1)@example.se");
    expect(html).toContain("Når ett utskick");
    const empty = await (await fetch(`${server.url}/admin/newsletter?q=finns-inte-alls`, { headers: { cookie: adminCookie } })).text();
    expect(empty).toContain("Ingen prenumeration matchar filtret");
  });
});

describe("one-click unsubscribing over HTTP (docs/rules/newsletter.md#unsubscribing)", () => {
  const unsubscribePost = (token: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/nyhetsbrev/avregistrera?token=${encodeURIComponent(token)}`, { method: "POST", headers, body });

  async function confirmedSubscriber(email: string) {
    await subscribeToNewsletter(server.database.db, { email, source: "footer" });
    await server.database.db.update(newsletter_subscriptions).set({ confirmed_at: new Date() }).where(eq(newsletter_subscriptions.email, email));
  }

  it("shows a confirm button on GET and changes nothing; the mail client's one-click POST unsubscribes without cookies or Origin", async () => {
    await confirmedSubscriber("klick@example.se");
    const token = unsubscribeToken("klick@example.se", "newsletter");
    const page = await fetch(`${server.url}/nyhetsbrev/avregistrera?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(await page.text()).toContain("klick@example.se");
    expect((await rowOf("klick@example.se"))?.email_subscribed).toBe(true);

    // RFC 8058: a form-encoded body `List-Unsubscribe=One-Click`, no cookies, no Origin header.
    const oneClick = await unsubscribePost(token, "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" });
    expect(oneClick.status).toBe(200);
    expect((await rowOf("klick@example.se"))?.email_subscribed).toBe(false);
    // Again: the same answer, nothing more changes.
    const again = await unsubscribePost(token, "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" });
    expect(again.status).toBe(200);
    expect((await rowOf("klick@example.se"))?.email_subscribed).toBe(false);
  });

  it("removes an address from the launch list with a launch token, and no other address", async () => {
    await server.database.db.insert(launch_notifications).values([{ email: "lansering-bort@example.se" }, { email: "lansering-kvar@example.se" }]);
    const token = unsubscribeToken("lansering-bort@example.se", "launch");
    expect((await unsubscribePost(token, "List-Unsubscribe=One-Click", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(200);
    const left = await server.database.db.select({ email: launch_notifications.email }).from(launch_notifications);
    expect(left.map((row) => row.email)).toContain("lansering-kvar@example.se");
    expect(left.map((row) => row.email)).not.toContain("lansering-bort@example.se");
  });

  it("answers forged, missing and hostile requests with a Swedish 4xx and unsubscribes nobody", async () => {
    await confirmedSubscriber("kvar@example.se");
    const good = unsubscribeToken("kvar@example.se", "newsletter");
    const forged = `${good.slice(0, -2)}${good.endsWith("AA") ? "BB" : "AA"}`;
    const otherAddress = `${unsubscribeToken("annan@example.se", "newsletter").split(".").slice(0, 2).join(".")}.${good.split(".")[2]}`;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const cases: Array<[string, Promise<Response>, number]> = [
      ["a forged signature", unsubscribePost(forged, "List-Unsubscribe=One-Click", form), 400],
      ["another address under this signature", unsubscribePost(otherAddress, "List-Unsubscribe=One-Click", form), 400],
      ["no token", fetch(`${server.url}/nyhetsbrev/avregistrera`, { method: "POST", headers: form, body: "List-Unsubscribe=One-Click" }), 400],
      ["an over-long token", unsubscribePost("n.".padEnd(5_000, "a"), "List-Unsubscribe=One-Click", form), 400],
      ["NUL in the body", unsubscribePost(good, "List-Unsubscribe=One%00Click", form), 400],
      ["malformed JSON", unsubscribePost(good, "{", { "content-type": "application/json" }), 400],
    ];
    for (const [name, pending, status] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      expect(await response.text(), name).toMatch(/ogiltig|inte tillåtna|Ogiltig/);
    }
    // The exemption is the page's POST only: the router's data request keeps the origin rule.
    const data = await fetch(`${server.url}/nyhetsbrev/avregistrera.data?token=${good}`, {
      method: "POST",
      headers: { ...form, origin: "https://evil.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(data.status).toBe(403);
    const put = await fetch(`${server.url}/nyhetsbrev/avregistrera?token=${good}`, { method: "PUT", body: "x" });
    expect(put.status).toBe(405);
    expect((await rowOf("kvar@example.se"))?.email_subscribed).toBe(true);
  });
});
