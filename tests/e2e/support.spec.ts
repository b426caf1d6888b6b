import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "../../app/platform/mail/test-smtp-server";
import { startTestServer, type TestServer } from "../../server/test-server";

const PAGES = ["/faq", "/kontakta-oss", "/cookie-policy", "/integritetspolicy", "/anvandarvillkor", "/trade-protection"];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

const faqTriggers = (page: Page) => page.locator("main [data-slot=accordion-trigger]");

test.describe("FAQ search", () => {
  test("filters questions and answers as you type, with a live count and the query in the URL", async ({ page }) => {
    await page.goto("/faq");
    const total = await faqTriggers(page).count();
    expect(total).toBeGreaterThan(20);
    const summary = page.getByTestId("faq-result-summary");
    await expect(summary).toHaveAttribute("aria-live", "polite");
    await expect(summary).toHaveText(`${total} frågor i 4 ämnen`);

    const search = page.getByRole("searchbox", { name: "Sök bland vanliga frågor" });
    await search.fill("SWISH");
    await expect(summary).toContainText("matchar ”SWISH”");
    const matches = await faqTriggers(page).count();
    expect(matches).toBeGreaterThan(1);
    expect(matches).toBeLessThan(total);
    await expect(summary).toHaveText(`${matches} av ${total} frågor matchar ”SWISH”`);
    await expect(page).toHaveURL(/\/faq\?q=SWISH$/);
    // Every remaining question mentions Swish in its question or its (hidden) answer.
    for (const item of await page.locator("main [data-slot=accordion-item]").all()) {
      expect((await item.textContent())?.toLowerCase()).toContain("swish");
    }

    // A word found only in an answer still matches, and sections without a match disappear.
    await search.fill("avauktorisera");
    await expect(faqTriggers(page)).toHaveCount(1);
    await expect(faqTriggers(page)).toHaveText("Vad gör jag om jag tror att mitt Steam-konto är kapat?");
    await expect(page.getByRole("heading", { level: 2, name: "Säkerhet" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Priser och avgifter" })).toHaveCount(0);
  });

  test("shows a Swedish empty state that clears the search", async ({ page }) => {
    await page.goto("/faq");
    const search = page.getByRole("searchbox", { name: "Sök bland vanliga frågor" });
    await search.fill("xyzzy");
    await expect(page.getByTestId("faq-result-summary")).toHaveText("Inga frågor matchar ”xyzzy”");
    const empty = page.getByTestId("faq-empty");
    await expect(empty.getByRole("heading", { name: "Inga frågor hittades" })).toBeVisible();
    await expect(faqTriggers(page)).toHaveCount(0);

    await empty.getByRole("link", { name: "Rensa sökningen" }).click();
    await expect(search).toHaveValue("");
    await expect(search).toBeFocused();
    await expect(empty).toHaveCount(0);
    expect(await faqTriggers(page).count()).toBeGreaterThan(20);
    await expect(page).toHaveURL(/\/faq$/);

    await search.fill("avgift");
    await page.getByRole("button", { name: "Rensa sökningen" }).click();
    await expect(search).toHaveValue("");
  });

  test("a shared ?q= link is filtered by the server, and the search form works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/faq?q=trade+protection");
    await expect(page.getByRole("searchbox")).toHaveValue("trade protection");
    await expect(page.getByTestId("faq-result-summary")).toContainText("matchar ”trade protection”");
    const filtered = await faqTriggers(page).count();
    expect(filtered).toBeGreaterThan(1);
    expect(filtered).toBeLessThan(10);

    await page.getByRole("searchbox").fill("steam guard");
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page).toHaveURL(/\/faq\?q=steam\+guard$/);
    await expect(page.getByTestId("faq-result-summary")).toContainText("matchar ”steam guard”");

    await page.goto("/faq?q=xyzzy");
    await expect(page.getByRole("heading", { name: "Inga frågor hittades" })).toBeVisible();
    await page.getByRole("link", { name: "Rensa sökningen" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    expect(await faqTriggers(page).count()).toBeGreaterThan(20);
    await context.close();
  });

  test("accordion answers open one at a time and work from the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const section = page.locator("section#betalning");
    const triggers = section.locator("[data-slot=accordion-trigger]");
    const first = triggers.nth(0);
    const second = triggers.nth(1);
    const firstAnswer = section.getByRole("region").nth(0);
    await expect(firstAnswer).not.toBeVisible();

    await first.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toContainText("Swish");

    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(firstAnswer).not.toBeVisible();

    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "false");
  });

  test("has FAQPage structured data for every question, and links to sell and contact", async ({ page }) => {
    await page.goto("/faq?q=swish");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/faq$/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
    const faq = jsonLd["@graph"].find((node: { "@type": string }) => node["@type"] === "FAQPage");
    expect(faq.mainEntity.length).toBeGreaterThan(20);
    await page.goto("/faq");
    expect(faq.mainEntity.length).toBe(await faqTriggers(page).count());
    await expect(page.getByRole("link", { name: "Sälj skins" }).last()).toHaveAttribute("href", "/salja-skins");
    await expect(page.locator("main").getByRole("link", { name: "Kontakta oss" }).last()).toHaveAttribute(
      "href",
      "/kontakta-oss",
    );
  });
});

test.describe("legal pages", () => {
  test("cookie policy lists every storage key and opens the consent settings", async ({ page }) => {
    await page.goto("/cookie-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Cookiepolicy" })).toBeVisible();
    await expect(page.getByText("Senast uppdaterad")).toBeVisible();
    const list = page.locator("section#forteckning");
    for (const name of [
      "theme",
      "visitor_session_id",
      "cookie-consent",
      "cookie-consent-date",
      "cookie_consent",
      "welcome_shown_<användar-id>",
      "skinhamnen.session_token",
      "skinhamnen.steam_flow",
      "_ga",
    ]) {
      await expect(list.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(list.getByText(/^_ga_/)).toBeVisible();
    // The referral code: local storage and a cookie, both functional.
    await expect(list.getByText("referral_code", { exact: true })).toHaveCount(2);
    await expect(list.getByText("2 år").first()).toBeVisible();
    await expect(list.getByText(/httpOnly/).first()).toBeVisible();

    await page.evaluate(() => {
      window.addEventListener("cookie-settings:open", () => {
        (window as unknown as { __cookieSettingsOpened: number }).__cookieSettingsOpened =
          ((window as unknown as { __cookieSettingsOpened?: number }).__cookieSettingsOpened ?? 0) + 1;
      });
    });
    await page.getByRole("button", { name: "Ändra cookie-inställningar" }).first().click();
    expect(await page.evaluate(() => (window as unknown as { __cookieSettingsOpened?: number }).__cookieSettingsOpened)).toBe(1);
    // The consent layer answers the event with its settings dialog.
    const settings = page.getByRole("dialog", { name: "Cookie-inställningar" });
    await expect(settings).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();

    // The table of contents jumps to its section.
    await page.getByRole("navigation", { name: "Innehåll" }).getByRole("link", { name: "Google Analytics" }).click();
    await expect(page).toHaveURL(/#google-analytics$/);
  });

  test("privacy policy covers controller, bases, retention, transfers, rights and IMY", async ({ page }) => {
    await page.goto("/integritetspolicy");
    await expect(page.getByRole("heading", { level: 1, name: "Integritetspolicy" })).toBeVisible();
    const main = page.locator("main");
    await expect(main).toContainText("Helsingborg");
    await expect(main).toContainText("support@skinhamnen.se");
    for (const text of [
      "Avtal (artikel 6.1 b GDPR)",
      "Rättslig förpliktelse (artikel 6.1 c GDPR)",
      "Berättigat intresse (artikel 6.1 f GDPR)",
      "Samtycke (artikel 6.1 a GDPR)",
      "7 år",
      "Överföring utanför EU/EES",
      "dataportabilitet",
      "återkalla ditt samtycke",
      "Integritetsskyddsmyndigheten (IMY)",
      "Säkerhetshändelser",
      "trade-länk",
    ]) {
      await expect(main).toContainText(text);
    }
    await expect(main.getByRole("link", { name: "imy.se" })).toHaveAttribute("href", "https://www.imy.se");
  });

  test("terms cover points without cash value, Trade Protection and Swedish disputes", async ({ page }) => {
    await page.goto("/anvandarvillkor");
    await expect(page.getByRole("heading", { level: 1, name: "Användarvillkor" })).toBeVisible();
    const main = page.locator("main");
    for (const text of [
      "minst 18 år",
      "Poäng har inget kontantvärde.",
      "Återförda trades och Trade Protection",
      "senast nästa bankdag",
      "Allmänna reklamationsnämnden (ARN)",
      "allmän domstol",
      "Svensk lag gäller",
    ]) {
      await expect(main).toContainText(text);
    }
  });

  test("Trade Protection explains the 7 days with a timeline and an FAQ", async ({ page }) => {
    await page.goto("/trade-protection");
    await expect(page.getByRole("heading", { level: 1, name: "Trade Protection" })).toBeVisible();
    const timeline = page.getByTestId("trade-protection-timeline");
    await expect(timeline.getByRole("listitem")).toHaveCount(4);
    for (const step of ["Dag 0", "Dag 7", "Utbetalning"]) await expect(timeline).toContainText(step);
    const question = page.getByRole("button", { name: "Varför måste jag vänta 7 dagar på pengarna?" });
    await question.click();
    await expect(page.getByText(/kan den som skickat föremålen ångra traden i 7 dagar/)).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain('"FAQPage"');
  });
});

test.describe("accessibility and layout", () => {
  // Light mode is checked on every page by validators.spec.ts; here the dark theme.
  for (const colorScheme of ["dark"] as const) {
    test(`no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme });
      for (const path of [...PAGES, "/faq?q=xyzzy"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
        expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
      }
      // The contact form with every validation message showing.
      await page.goto("/kontakta-oss");
      await page.getByRole("button", { name: "Skicka meddelande" }).click();
      await expect(page.getByText("Vänligen ange ditt namn.")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("nothing overflows horizontally at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of PAGES) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
  });
});

test.describe("contact form end to end", () => {
  let smtp: TestSmtpServer;
  let server: TestServer;

  test.beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url, SUPPORT_EMAIL: "support@example.se", LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const form = (page: Page) => ({
    // By id: the footer's newsletter field is also labelled "E-postadress".
    name: page.locator("#contact-name"),
    email: page.locator("#contact-email"),
    phone: page.locator("#contact-phone"),
    subject: page.locator("#contact-subject"),
    message: page.locator("#contact-message"),
    submit: page.getByRole("button", { name: /Skicka meddelande|Skickar\.\.\./ }),
  });

  test("shows the Swedish validation messages and sends nothing", async ({ page }) => {
    await page.goto(`${server.url}/kontakta-oss`);
    const f = form(page);
    await f.submit.click();
    await expect(page.getByText("Vänligen ange ditt namn.")).toBeVisible();
    await expect(page.getByText("Vänligen ange din e-postadress.")).toBeVisible();
    await expect(page.getByText("Vänligen ange ett ämne.")).toBeVisible();
    await expect(page.getByText("Vänligen skriv ett meddelande.")).toBeVisible();
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");

    await f.email.fill("inte-en-adress");
    await f.submit.click();
    await expect(page.getByText("Vänligen ange en giltig e-postadress.")).toBeVisible();
    await f.phone.fill("ring mig");
    await f.submit.click();
    await expect(page.getByText("Ange ett giltigt telefonnummer, t.ex. 070-123 45 67 eller +46 70 123 45 67.")).toBeVisible();
    expect(smtp.messages).toHaveLength(0);
  });

  test("sends the message: 'Skickar...', a toast, a cleared form and a mail to support", async ({ page }) => {
    await page.goto(`${server.url}/kontakta-oss`);
    // Hold the submission briefly so the sending state can be observed.
    await page.route("**/kontakta-oss*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const f = form(page);
    await f.name.fill("Linnea Berg");
    await f.email.fill("linnea@example.se");
    await f.phone.fill("070-765 43 21");
    await f.subject.fill("Utbetalning via Swish");
    await f.message.fill("Hej! Jag sålde en Karambit igår – när kommer pengarna?");
    await f.submit.click();

    await expect(page.getByRole("button", { name: "Skickar..." })).toBeDisabled();
    await expect(page.getByText("Meddelande skickat!")).toBeVisible();
    await expect(page.getByText("Vi återkommer till dig så snart som möjligt.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Skicka meddelande" })).toBeEnabled();
    for (const field of [f.name, f.email, f.phone, f.subject, f.message]) await expect(field).toHaveValue("");

    const mail = await smtp.waitFor((m) => m.to.includes("support@example.se"));
    expect(mail.raw).toMatch(/^Reply-To: linnea@example\.se/im);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Kontaktformulär: Utbetalning via Swish");
    expect(body).toContain("Linnea Berg");
    expect(body).toContain("070-765 43 21");
    expect(body).toContain("Jag sålde en Karambit igår – när kommer pengarna?");
  });

  test("works without JavaScript: server-rendered errors keep the input, then a sent notice", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/kontakta-oss`);
    const f = form(page);
    await f.name.fill("Utan Skript");
    await f.email.fill("fel-adress");
    await f.submit.click();
    await expect(page.getByText("Vänligen ange en giltig e-postadress.")).toBeVisible();
    await expect(page.getByText("Vänligen ange ett ämne.")).toBeVisible();
    await expect(f.name).toHaveValue("Utan Skript");

    await f.email.fill("utan@example.se");
    await f.subject.fill("Utan JavaScript");
    await f.message.fill("Det här skickades som ett vanligt formulär.");
    await f.submit.click();
    await expect(page.getByRole("status").filter({ hasText: "Meddelande skickat!" })).toBeVisible();
    await expect(f.name).toHaveValue("");
    await smtp.waitFor((m) => decodeQuotedPrintable(m.raw).includes("Utan JavaScript"));
    await context.close();
  });

  test("after five messages an hour the form answers with the rate-limit message", async ({ page }) => {
    // Fill the hour's quota from this address directly; earlier tests already used some of it.
    let accepted = 0;
    let refusedStatus = 0;
    for (let i = 0; i < 10 && !refusedStatus; i++) {
      const response = await page.request.post(`${server.url}/kontakta-oss`, {
        form: { name: "Kvot", email: "kvot@example.se", subject: `Fråga ${i}`, message: "Hej" },
        maxRedirects: 0,
      });
      if (response.status() === 429) refusedStatus = 429;
      else accepted++;
    }
    expect(refusedStatus).toBe(429);
    expect(accepted).toBeLessThanOrEqual(5);

    await page.goto(`${server.url}/kontakta-oss`);
    const f = form(page);
    await f.name.fill("Kvot");
    await f.email.fill("kvot@example.se");
    await f.subject.fill("En gång till");
    await f.message.fill("Hej igen");
    await f.submit.click();
    // With JavaScript a form-wide failure is a toast: its title and the server's message.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Något gick fel" });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(/^För många försök\. Försök igen om \d+ (minuter|timme)\.$/)).toBeVisible();
    // What was typed is kept so it can be sent later.
    await expect(f.message).toHaveValue("Hej igen");
  });
});
