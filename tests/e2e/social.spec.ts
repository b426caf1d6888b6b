/**
 * Steam and Google sign-in and the /profile page, in a real browser against the real
 * production server. The spec runs its own fakes on loopback: a Steam OpenID 2.0 provider
 * (node http) whose answers each test chooses, and an OIDC issuer (oauth2-mock-server)
 * standing in for Google. The server is started after them, pointed at both.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { SOCIAL_SIGN_IN_ERRORS } from "../../app/modules/accounts/social-sign-in-errors";
import { startTestServer, type TestServer } from "../../server/test-server";

type SteamBehaviour = {
  /** What check_authentication answers. */
  isValid: boolean;
  /** Overrides of the id_res fields the fake sends back. */
  forge?: Record<string, string>;
  /** Reuse this response nonce instead of a fresh one. */
  nonce?: string;
};

const STEAM_ID = "76561198012345678";

class FakeSteam {
  behaviour: SteamBehaviour = { isValid: true };
  lastNonce = "";
  checkAuthentications: URLSearchParams[] = [];
  private server: Server;
  url = "";

  constructor() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", this.url);
      if (url.pathname !== "/openid/login") {
        res.writeHead(404).end();
        return;
      }
      if (req.method === "POST") {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          const params = new URLSearchParams(body);
          this.checkAuthentications.push(params);
          const valid = this.behaviour.isValid && params.get("openid.mode") === "check_authentication";
          res
            .writeHead(200, { "content-type": "text/plain" })
            .end(`ns:http://specs.openid.net/auth/2.0\nis_valid:${valid ? "true" : "false"}\n`);
        });
        return;
      }
      // checkid_setup: the member "signs in" and is sent straight back with id_res.
      const returnTo = url.searchParams.get("openid.return_to") ?? "";
      const nonce =
        this.behaviour.nonce ?? `${new Date().toISOString().replace(/\.\d{3}Z$/, "Z")}${Math.random().toString(36).slice(2)}`;
      this.lastNonce = nonce;
      const back = new URL(returnTo);
      const fields: Record<string, string> = {
        "openid.ns": "http://specs.openid.net/auth/2.0",
        "openid.mode": "id_res",
        "openid.op_endpoint": `${this.url}/openid/login`,
        "openid.claimed_id": `https://steamcommunity.com/openid/id/${STEAM_ID}`,
        "openid.identity": `https://steamcommunity.com/openid/id/${STEAM_ID}`,
        "openid.return_to": returnTo,
        "openid.response_nonce": nonce,
        "openid.assoc_handle": "1234567890",
        "openid.signed": "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle",
        "openid.sig": "ZmFrZS1zaWduYXR1cmU=",
        ...this.behaviour.forge,
      };
      for (const [key, value] of Object.entries(fields)) back.searchParams.set(key, value);
      res.writeHead(302, { location: back.toString() }).end();
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const steam = new FakeSteam();
const google = new OAuth2Server();
let server: TestServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await steam.start();
  await google.issuer.keys.generate("RS256");
  await google.start(0, "127.0.0.1");
  google.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: "google-user-1",
      email: "anna.svensson@example.se",
      email_verified: true,
      name: "Anna Svensson",
      given_name: "Anna",
      family_name: "Svensson",
    });
  });
  server = await startTestServer({
    STEAM_OPENID_URL: `${steam.url}/openid/login`,
    GOOGLE_CLIENT_ID: "skinhamnen-test-client",
    GOOGLE_CLIENT_SECRET: "skinhamnen-test-secret",
    GOOGLE_DISCOVERY_URL: `${google.issuer.url}/.well-known/openid-configuration`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await google.stop();
  await steam.stop();
});

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "skinhamnen.session_token");
}

async function signInWithSteam(page: Page, behaviour: SteamBehaviour = { isValid: true }) {
  steam.behaviour = behaviour;
  await page.goto(`${server.url}/auth/steam`);
}

test.describe("Steam sign-in", () => {
  test("rejects the sign-in when Steam answers is_valid:false", async ({ page, context }) => {
    await signInWithSteam(page, { isValid: false });
    await expect(page).toHaveURL(`${server.url}/auth?mode=signin&error=steam`);
    await expect(page.getByText(SOCIAL_SIGN_IN_ERRORS.steam)).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(steam.checkAuthentications.at(-1)?.get("openid.mode")).toBe("check_authentication");
  });

  test("rejects a forged claimed_id without asking Steam", async ({ page, context }) => {
    const before = steam.checkAuthentications.length;
    const forged = `https://steamcommunity.com.evil.example/openid/id/${STEAM_ID}`;
    await signInWithSteam(page, { isValid: true, forge: { "openid.claimed_id": forged, "openid.identity": forged } });
    await expect(page).toHaveURL(`${server.url}/auth?mode=signin&error=steam`);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(steam.checkAuthentications.length).toBe(before);
  });

  test("rejects a forged op_endpoint even when that endpoint would say is_valid:true", async ({ page, context }) => {
    await signInWithSteam(page, {
      isValid: true,
      forge: { "openid.op_endpoint": "https://evil.example/openid/login" },
    });
    await expect(page).toHaveURL(`${server.url}/auth?mode=signin&error=steam`);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("rejects a callback the browser did not start (no state cookie)", async ({ page, context }) => {
    await page.goto(
      `${server.url}/auth/steam/callback?state=${"a".repeat(32)}&openid.mode=id_res&openid.claimed_id=https://steamcommunity.com/openid/id/${STEAM_ID}`,
    );
    await expect(page).toHaveURL(`${server.url}/auth?mode=signin&error=steam`);
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test("signs a new member in and lands on profile completion", async ({ page, context }) => {
    await signInWithSteam(page, { isValid: true });
    await expect(page).toHaveURL(`${server.url}/profile?complete=1`);
    const cookie = await sessionCookie(context);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await expect(page.getByRole("heading", { name: "Slutför din profil" })).toBeVisible();
    await expect(page.getByText("Steam ger oss ingen e-postadress")).toBeVisible();
  });

  test("rejects a replayed nonce, even in a freshly started sign-in", async ({ browser }) => {
    const replayed = steam.lastNonce;
    expect(replayed).not.toBe("");
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithSteam(page, { isValid: true, nonce: replayed });
    await expect(page).toHaveURL(`${server.url}/auth?mode=signin&error=steam`);
    expect(await sessionCookie(context)).toBeUndefined();
    await context.close();
  });
});

test.describe("Google sign-in", () => {
  test("signs a new member in through the OIDC issuer with the name from the token", async ({ page, context }) => {
    await page.goto(`${server.url}/auth/google`);
    await expect(page).toHaveURL(new RegExp(`^${server.url}/`));
    expect(await sessionCookie(context)).toBeDefined();
    await page.goto(`${server.url}/profile`);
    await expect(page.getByRole("heading", { level: 1, name: "Anna Svensson" })).toBeVisible();
    await expect(page.getByText("anna.svensson@example.se")).toBeVisible();
    // The profile was seeded from the ID token: first name from given_name, so no completion step.
    await expect(page.getByRole("heading", { name: "Slutför din profil" })).toHaveCount(0);
    await page.getByRole("button", { name: "Redigera Profil" }).click();
    await expect(page.getByLabel("Förnamn")).toHaveValue("Anna");
    await expect(page.getByLabel("Efternamn")).toHaveValue("Svensson");
  });
});

/** A fresh browser context signed in as the Steam member (through the fake provider). */
async function signedInContext(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithSteam(page, { isValid: true });
  await expect(page).not.toHaveURL(/error=steam/);
  expect(await sessionCookie(context)).toBeDefined();
  return { context, page };
}

test.describe("/profile", () => {
  test("sends signed-out visitors to /auth", async ({ page }) => {
    await page.goto(`${server.url}/profile`);
    await expect(page).toHaveURL(new RegExp(`^${server.url}/auth(\\?|$)`));
  });

  test("requires a first name, in the form and on the server", async ({ browser }) => {
    const { context, page } = await signedInContext(browser);
    await page.goto(`${server.url}/profile`);
    const form = page.locator("#redigera-profil");
    await expect(form).toBeVisible();
    await form.getByLabel("Förnamn").fill("   ");
    await form.getByRole("button", { name: "Spara ändringar" }).click();
    await expect(form.getByText("Förnamn är obligatoriskt.")).toBeVisible();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Fel" });
    await expect(toast).toContainText("Förnamn är obligatoriskt.");

    // The server says the same to a request that skips the browser's check, and changes nothing.
    const response = await page.request.post(`${server.url}/profile.data`, {
      form: { intent: "profile", first_name: "", phone_number: "12" },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Förnamn är obligatoriskt.");
    await context.close();
  });

  test("starts unsubscribed, keeps SMS off and disabled without a phone number, and saves the member's choice", async ({ browser }) => {
    const { context, page } = await signedInContext(browser);
    await page.goto(`${server.url}/profile`);
    const email = page.getByRole("switch", { name: "Nyhetsbrev via e-post" });
    const sms = page.getByRole("switch", { name: "Erbjudanden via SMS" });
    // Opt-in: nothing is sent until the member turns it on.
    await expect(email).not.toBeChecked();
    await expect(sms).not.toBeChecked();
    await expect(sms).toBeDisabled();
    await email.click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Inställningarna har sparats." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Nyhetsbrev via e-post" })).toBeChecked();
    await context.close();
  });

  test("saves the profile with the 'Profil uppdaterad!' toast, closes the form and shows the new name", async ({ browser }) => {
    const { context, page } = await signedInContext(browser);
    await page.goto(`${server.url}/profile?complete=1`);
    const form = page.locator("#redigera-profil");
    await form.getByLabel("Förnamn").fill("  Erik ");
    await form.getByLabel("Efternamn").fill("Johansson");
    await form.getByLabel("Telefonnummer").fill("070-123 45 67");
    await form.getByRole("button", { name: "Spara ändringar" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Profil uppdaterad!" });
    await expect(toast).toContainText("Dina uppgifter har sparats.");
    await expect(form).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Erik" })).toBeVisible();
    // Stored as digits, shown one way (docs/rules/accounts.md#phone-numbers).
    await expect(page.getByText("070-123 45 67")).toBeVisible();

    // With a phone number the SMS switch can be turned on, and stays on.
    const sms = page.getByRole("switch", { name: "Erbjudanden via SMS" });
    await expect(sms).toBeEnabled();
    await sms.click();
    await expect(sms).toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Erbjudanden via SMS" })).toBeChecked();

    // Cancel closes the form without saving.
    await page.getByRole("button", { name: "Redigera Profil" }).click();
    await form.getByLabel("Förnamn").fill("Någon annan");
    await form.getByRole("button", { name: "Avbryt" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Erik" })).toBeVisible();
    await context.close();
  });

  test("lists active sessions and signs out the other devices", async ({ browser }) => {
    const other = await signedInContext(browser);
    const mine = await signedInContext(browser);
    await mine.page.goto(`${server.url}/profile`);
    const list = mine.page.getByRole("region", { name: "Inloggade enheter" });
    await expect(list.getByText("Den här enheten")).toHaveCount(1);
    expect(await list.getByRole("listitem").count()).toBeGreaterThan(1);

    await list.getByRole("button", { name: "Logga ut från andra enheter" }).click();
    await expect(mine.page.locator("[data-sonner-toast]").filter({ hasText: "Utloggad från andra enheter" })).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("button", { name: "Logga ut från andra enheter" })).toBeDisabled();

    await other.page.goto(`${server.url}/profile`);
    await expect(other.page).toHaveURL(new RegExp(`^${server.url}/auth`));
    await mine.page.reload();
    await expect(mine.page).toHaveURL(`${server.url}/profile`);
    await other.context.close();
    await mine.context.close();
  });

  for (const width of [375, 1280]) {
    for (const scheme of ["light", "dark"] as const) {
      test(`has no serious accessibility violations at ${width} px, ${scheme}`, async ({ browser }) => {
        const { context, page } = await signedInContext(browser);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${server.url}/profile`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        for (const state of ["view", "edit"]) {
          if (state === "edit") await page.getByRole("button", { name: "Redigera Profil" }).click();
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        }
        await context.close();
      });
    }
  }
});
