/**
 * The Blog tab's editor in Chromium against the production build (docs/rules/blog.md#editing,
 * docs/decisions/027-blog-editor.md): a `blog` writer formats a post with the rich-text
 * editor, uploads its picture with alt text, tags it, previews it (staff only, never indexed)
 * and schedules it with the editor's own time field; the post reaches the search, the feed and
 * the sitemap only once due (checked at the end of the file, so the wait overlaps the other
 * journeys). A post full of hostile HTML, pasted and typed into the body and typed into the
 * other fields, is published: an open /blog tab shows it without a reload, and nothing in it
 * runs on the public page. A `seo` member changes the meta fields of a post whose body they
 * see read-only. Screenshots of the list, the editor and the SEO Dashboard at 1280 and 375 px
 * go to screenshots/.
 *
 * What other tests prove is not repeated: a seo user's forged body change refused with 403,
 * stale saves and hostile requests (server/admin-blog.test.ts), every corpus entry through the
 * sanitiser (app/modules/blog/sanitize.server.test.ts), and the open tab refreshing when the
 * job announces a due post (tests/e2e/admin-seo.spec.ts).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { stockholmDateTimeInput } from "../../app/lib/stockholm-time";
import { XSS_CORPUS } from "../../app/modules/blog/xss-corpus";
import { startTestServer, type TestServer } from "../../server/test-server";
import { presetCookieChoice } from "./helpers/cookie-consent";
import { waitForHydration } from "./helpers/hydration";
import { createAccount } from "./helpers/loyalty-members";
import { screenshotFits } from "./helpers/screenshots";
import { expectAccessible, signedIn } from "./helpers/staff";

test.describe.configure({ mode: "serial" });

const WRITER = "bloggskribent@example.se";
const SEO = "seo-granskare@example.se";

const TITLE = "Dopplerfasen avgör vad kniven är värd";
const SLUG = "dopplerfasen-avgor-vad-kniven-ar-vard";
const ALT = "Karambit Doppler i fas 2 mot mörk bakgrund";
const XSS_MARKER = "XSS-korpus";

let server: TestServer;
/** The scheduled post: its editor address and when it is due. */
let scheduledPath = "";
let dueAt = 0;
/** The published post full of hostile HTML. */
let hostilePath = "";
let hostileSlug = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startTestServer(
    { LOG_LEVEL: "warn" },
    {
      prepare: async (database) => {
        await createAccount(database, { email: WRITER, firstName: "Bo", lastName: "Bloggare", role: "blog" });
        await createAccount(database, { email: SEO, firstName: "Sara", lastName: "Sökord", role: "seo" });
      },
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

const url = (pathname: string) => `${server.url}${pathname}`;
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatering" });
const format = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true }).click();

/** A signed-out visitor whose pages record every dialog, and every script a payload would run. */
async function visitor(browser: Browser): Promise<{ context: BrowserContext; dialogs: string[] }> {
  const context = await browser.newContext({ locale: "sv-SE" });
  await presetCookieChoice(context);
  const dialogs: string[] = [];
  context.on("page", (page) => page.on("dialog", (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message()))));
  // A policy violation means markup got past the sanitiser and only the Content Security Policy stopped it.
  await context.addInitScript(() => {
    const record = window as unknown as { __violations: string[] };
    record.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => record.__violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return { context, dialogs };
}

/** Opens a page and resolves once its live event stream answers. */
async function openLive(page: Page, pathname: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/events") && response.status() === 200);
  await page.goto(url(pathname));
  await stream;
}

/** Opens the editor for a new post, once the body's editor has loaded and the page is hydrated. */
async function newPost(page: Page) {
  await page.goto(url("/admin/blog"));
  const create = page.getByTestId("post-new");
  await waitForHydration(create);
  await create.click();
  await expect(page).toHaveURL(url("/admin/blog/ny"));
  await expect(page.getByTestId("post-content")).toHaveAttribute("contenteditable", "true");
  await waitForHydration(page.locator("#post-title"));
}

async function expectSaved(page: Page) {
  await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("save-status")).toContainText(/^Sparat \d{2}:\d{2}$/);
}

test("a blog writer formats a post, adds a picture and tags, previews it and schedules it", async ({ browser }) => {
  // Editing, an image upload, the preview, the outsider check and scheduling: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const staff = await signedIn(browser, server.url, WRITER);
  const page = await staff.newPage();
  await newPost(page);
  await page.locator("#post-title").fill(TITLE);
  await expect(page.locator("#post-slug")).toHaveValue(SLUG);
  await page.locator("#post-excerpt").fill("Fas, mönster och slitage: så sätter marknaden priset på en Doppler.");

  const body = page.getByTestId("post-content");
  await body.click();
  await format(page, "Rubrik nivå 2");
  await page.keyboard.type("Fasen först");
  await page.keyboard.press("Enter");
  await page.keyboard.type("En Doppler i rätt fas är ");
  await format(page, "Fetstil");
  await page.keyboard.type("värd betydligt mer");
  await format(page, "Fetstil");
  await page.keyboard.type(" än en i fel.");
  await page.keyboard.press("Enter");
  await format(page, "Punktlista");
  await page.keyboard.type("Ruby och Sapphire");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Fas 2 med rosa toppar");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Läs vår säljguide");
  await page.keyboard.press("Shift+Home");
  await format(page, "Länk");
  await page.getByTestId("editor-url").fill("/blog/salja-cs2-skins-sakert");
  await page.getByTestId("editor-url").press("Enter");
  await expect(body.locator("h2")).toHaveText("Fasen först");
  await expect(body.locator("strong")).toHaveText("värd betydligt mer");
  await expect(body.locator("ul > li")).toHaveCount(2);
  await expect(body.getByRole("link", { name: "Läs vår säljguide" })).toHaveAttribute("href", "/blog/salja-cs2-skins-sakert");

  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#7c3aed" } }).png().toBuffer();
  await page.getByTestId("post-image-input").setInputFiles({ name: "doppler.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByTestId("post-image-preview")).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}\/1200\.webp$/);
  await page.locator("#post-alt_text").fill(ALT);
  await page.locator("#post-categories").getByLabel("Guider").check();
  await page.locator("#post-tags").fill("doppler, kniv, prisguide");
  await page.getByTestId("post-save").click();
  await expectSaved(page);
  const editorPath = new URL(page.url()).pathname;

  // The preview: the public article, for staff only, never indexed.
  const preview = page.getByTestId("post-preview");
  await waitForHydration(preview);
  await preview.click();
  await expect(page).toHaveURL(url(`${editorPath}/forhandsgranska`));
  await expect(page.getByTestId("preview-banner")).toContainText("Förhandsgranskning – Utkast");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  const article = page.getByTestId("post-body");
  await expect(article.getByRole("heading", { level: 2, name: "Fasen först" })).toBeVisible();
  await expect(article.locator("strong")).toHaveText("värd betydligt mer");
  await expect(article.locator("ul > li")).toHaveText(["Ruby och Sapphire", "Fas 2 med rosa toppar"]);
  await expect(article.getByRole("link", { name: "Läs vår säljguide" })).toHaveAttribute("href", "/blog/salja-cs2-skins-sakert");
  await expect(page.getByRole("img", { name: ALT })).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}\//);
  await expect(page.getByRole("list", { name: "Taggar" }).getByRole("listitem")).toHaveText(["#doppler", "#kniv", "#prisguide"]);
  await page.screenshot({ path: "screenshots/admin-blog-preview-1280.png", fullPage: true });

  const outsider = await browser.newContext({ locale: "sv-SE" });
  const refused = await (await outsider.newPage()).goto(url(`${editorPath}/forhandsgranska`));
  expect(refused!.status()).toBe(401);
  expect(await refused!.text()).not.toContain(TITLE);
  await outsider.close();

  // Scheduled with the editor's time field for the next whole minute at least 25 s away, so the
  // checks below run before it is due and the last test of the file rarely waits at all.
  await page.getByRole("link", { name: "Till redigeraren" }).click();
  await expect(page).toHaveURL(url(editorPath));
  // Choosing "Publicerad" is not publishing: the autosave 5 s later keeps the post a draft.
  await page.locator("#post-status").selectOption("published");
  await expect(page.getByTestId("save-status")).toHaveText(/^Sparat \d{2}:\d{2}\. Statusen sparas inte automatiskt\.$/, { timeout: 15_000 });
  await expect(page.getByTestId("post-status")).toHaveText("Utkast");
  const due = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
  await page.locator("#post-published_at").fill(stockholmDateTimeInput(due));
  await page.locator("#post-status").selectOption("published");
  await expect(page.locator("#post-published_at-hint")).toContainText("Schemalagd: syns på bloggen");
  await page.getByTestId("post-publish").filter({ hasText: "Schemalägg" }).click();
  await expectSaved(page);
  await expect(page.getByTestId("post-status")).toContainText("Schemalagd");

  // Not yet due: as absent as a draft from every public read.
  const anonymous = await browser.newContext({ locale: "sv-SE" });
  const search = await anonymous.newPage();
  await search.goto(url("/blog?q=Dopplerfasen"));
  await expect(search.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(search.getByTestId("blog-card")).toHaveCount(0);
  expect((await anonymous.request.get(url(`/blog/${SLUG}`))).status()).toBe(404);
  expect((await (await anonymous.request.get(url("/blog/rss.xml"))).text()).includes(SLUG), "in the feed").toBe(false);
  expect((await (await anonymous.request.get(url("/sitemap.xml"))).text()).includes(SLUG), "in the sitemap").toBe(false);
  await anonymous.close();
  expect(Date.now(), "the checks ran before the post was due").toBeLessThan(due.getTime());
  scheduledPath = editorPath;
  dueAt = due.getTime();
  await staff.close();
});

test("hostile HTML pasted and typed into a post never runs, and an open /blog tab shows the post once published", async ({ browser }) => {
  const reader = await visitor(browser);
  const blog = await reader.context.newPage();
  await openLive(blog, "/blog");
  const card = blog.getByTestId("blog-grid").getByTestId("blog-card").filter({ hasText: "XSS-prov" });
  await expect(card).toHaveCount(0);

  const staff = await signedIn(browser, server.url, WRITER);
  const page = await staff.newPage();
  const staffDialogs: string[] = [];
  page.on("dialog", (dialog) => void dialog.dismiss().then(() => staffDialogs.push(dialog.message())));
  await newPost(page);

  // Every field that ends up in the page, an attribute or a meta tag gets a payload that breaks out of it.
  await page.locator("#post-title").fill(`XSS-prov "><img src=x onerror="window.__xss='titel'">`);
  await page.locator("#post-excerpt").fill(`<script>window.__xss='ingress'</script>"><svg onload=alert('ingress')>`);
  await page.locator("#post-tags").fill(`"><svg onload=alert(1)>, <script>alert(2)</script>`);
  await page.locator("#post-author_name").fill(`<img src=x onerror=alert('författare')>`);
  await page.locator("#post-meta_title").fill(`"><script>window.__xss='metatitel'</script>`);
  await page.locator("#post-meta_description").fill(`"><img src=x onerror="window.__xss='metabeskrivning'">`);
  await page
    .locator("#post-seo_script")
    .fill(
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"</script><script>window.__xss='jsonld'</script>"}</script>` +
        `<script>window.__xss='seo'</script><img src=x onerror=alert('seo')>`,
    );
  await expect(page.getByTestId("seo-script-report")).toContainText("Tas bort:");

  const body = page.getByTestId("post-content");
  await body.click();
  await page.keyboard.type(XSS_MARKER);
  await page.keyboard.press("Enter");
  await page.keyboard.type(`<img src=x onerror="window.__xss='skriven'"><script>window.__xss='skriven'</script>`);
  await page.keyboard.press("Enter");
  // Pasted as HTML, the way a copy from another page arrives: the whole corpus and payloads that set a flag.
  // (The corpus's unclosed elements swallow what follows them, so the end mark is a paste of its own.)
  const pasted = [
    `<p onmouseover="window.__xss='klistrad'">hovra</p>`,
    `<p><a href="javascript:window.__xss='lank'">klicka här</a></p>`,
    `<img src=x onerror="window.__xss='klistrad'">`,
    ...XSS_CORPUS.map(([, html]) => html),
  ];
  for (const html of [pasted.join("\n"), "<p>slut på korpusen</p>"]) {
    await body.evaluate((element, clip) => {
      const data = new DataTransfer();
      data.setData("text/html", clip);
      data.setData("text/plain", clip);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);
  }
  await expect(body).toContainText("hovra");
  await expect(body).toContainText("slut på korpusen");
  await page.getByTestId("post-publish").filter({ hasText: "Publicera" }).click();
  await expectSaved(page);
  await expect(page.getByTestId("post-status")).toHaveText("Publicerad");
  hostilePath = new URL(page.url()).pathname;
  hostileSlug = await page.locator("#post-slug").inputValue();

  // The open tab gets the post through the live stream, without a reload.
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading")).toContainText(`"><img src=x onerror=`);

  // The stored body: only markup the allow-list keeps, no script, no handler, no script URL.
  const stored = await storedContent(page, hostilePath);
  expect(stored).toContain(XSS_MARKER);
  expect(await page.evaluate(dangerousMarkup, stored)).toEqual([]);

  const post = await reader.context.newPage();
  await post.goto(url(`/blog/${hostileSlug}`));
  await expect(post.getByRole("heading", { level: 1 })).toHaveText(/^XSS-prov "><img src=x onerror=/);
  await expect(post.getByTestId("post-body")).toContainText("slut på korpusen");
  await post.getByText("hovra").hover();
  await post.getByText("klicka här").click();
  await expect(post.getByTestId("post-body")).toContainText(XSS_MARKER);
  expect(await post.evaluate(dangerousMarkup, await post.getByTestId("post-body").innerHTML())).toEqual([]);
  // Anything that fired would have set the flag, opened a dialog or tripped the policy by now.
  for (const open of [blog, post]) {
    expect(await open.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    expect(await open.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  }
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  expect(reader.dialogs).toEqual([]);
  expect(staffDialogs).toEqual([]);
  await reader.context.close();
  await staff.close();
});

/** The body as stored, from the editor's own loader data (the `.data` answer of its route). */
async function storedContent(page: Page, editorPath: string): Promise<string> {
  const response = await page.request.get(url(`${editorPath}.data`));
  expect(response.status()).toBe(200);
  const text = await response.text();
  const values = JSON.parse(text.split("\n")[0]!) as unknown[];
  const found = values.filter((value): value is string => typeof value === "string" && value.startsWith("<") && value.includes(XSS_MARKER));
  expect(found.length).toBeGreaterThan(0);
  return found[0]!;
}

/** Elements and attributes in an HTML text that could run script: parsed inertly, never inserted. */
function dangerousMarkup(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found: string[] = [];
  for (const element of Array.from(doc.body.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    if (["script", "iframe", "object", "embed", "svg", "math", "style", "form", "input", "meta", "base", "link", "template"].includes(tag)) found.push(tag);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters in a URL's scheme: so does the check.
      const value = Array.from(attribute.value)
        .filter((character) => character.charCodeAt(0) > 0x20)
        .join("")
        .toLowerCase();
      if (name.startsWith("on") || name === "srcdoc" || name === "formaction") found.push(`${tag}[${name}]`);
      if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${name}=${attribute.value}]`);
    }
  }
  return found;
}

test("a seo member changes the meta fields of a post whose body they see read-only", async ({ browser }) => {
  const staff = await signedIn(browser, server.url, SEO);
  const page = await staff.newPage();
  await page.goto(url("/admin/blog"));
  const link = page.getByTestId("post-link").filter({ hasText: "XSS-prov", visible: true });
  await waitForHydration(link);
  await link.click();
  await expect(page).toHaveURL(url(hostilePath));
  await expect(page.getByText("Du kan ändra SEO-fälten")).toBeVisible();
  const body = page.getByTestId("post-content");
  await expect(body).toHaveAttribute("aria-readonly", "true");
  await expect(body).toHaveAttribute("contenteditable", "false");
  await expect(toolbar(page)).toHaveCount(0);
  await expect(page.locator("#post-title")).toHaveJSProperty("readOnly", true);
  await expect(page.locator("#post-status")).toBeDisabled();
  await expect(page.getByTestId("post-image-input")).toHaveCount(0);
  await expect(page.getByTestId("post-publish")).toHaveCount(0);
  await expect(page.getByTestId("post-unpublish")).toHaveCount(0);
  // Typing into the body changes nothing.
  const before = await body.innerHTML();
  await body.click();
  await page.keyboard.type("inte tillåtet");
  expect(await body.innerHTML()).toBe(before);

  await page.locator("#post-meta_title").fill("Säkerhetstest av bloggens redigerare");
  await page.locator("#post-meta_description").fill("Så skyddar Skinhamnen bloggen mot skadlig kod i inlägg.");
  await waitForHydration(page.getByTestId("post-save"));
  await page.getByTestId("post-save").click();
  await expectSaved(page);

  const anonymous = await browser.newContext({ locale: "sv-SE" });
  const published = await anonymous.newPage();
  await published.goto(url(`/blog/${hostileSlug}`));
  await expect(published).toHaveTitle("Säkerhetstest av bloggens redigerare | Skinhamnen");
  await expect(published.locator('meta[name="description"]')).toHaveAttribute("content", "Så skyddar Skinhamnen bloggen mot skadlig kod i inlägg.");
  await anonymous.close();
  await staff.close();
});

test("screenshots of the Blog tab, the editor and the SEO Dashboard at 1280 and 375 px", async ({ browser }) => {
  for (const width of [1280, 375]) {
    const writer = await signedIn(browser, server.url, WRITER, { width, height: 900 });
    const page = await writer.newPage();
    await page.goto(url("/admin/blog"));
    await expect(page.getByTestId("post-link").filter({ hasText: TITLE, visible: true })).toBeVisible();
    await screenshotFits(page, `screenshots/admin-blog-list-${width}.png`);
    await page.goto(url(scheduledPath));
    await expect(page.getByTestId("post-content")).toHaveAttribute("contenteditable", "true");
    await expect(page.getByTestId("post-image-preview")).toBeVisible();
    await screenshotFits(page, `screenshots/admin-blog-editor-${width}.png`);
    if (width === 1280) await expectAccessible(page, { wcag: true });
    await writer.close();

    const seo = await signedIn(browser, server.url, SEO, { width, height: 900 });
    const dashboard = await seo.newPage();
    await dashboard.goto(url("/admin/seo"));
    await expect(dashboard.getByTestId("seo-post").first()).toBeVisible();
    await screenshotFits(dashboard, `screenshots/admin-seo-${width}.png`);
    await seo.close();
  }
});

test("the scheduled post reaches the search, the post page, the feed and the sitemap once due", async ({ browser }) => {
  test.setTimeout(150_000);
  expect(dueAt, "the first test scheduled the post").toBeGreaterThan(0);
  const anonymous = await browser.newContext({ locale: "sv-SE" });
  const page = await anonymous.newPage();
  // Only the time it takes: the search is rendered per request, so it shows the post the moment it is due.
  await page.waitForTimeout(Math.max(0, dueAt - Date.now()));
  await page.goto(url("/blog?q=Dopplerfasen"));
  const card = page.getByTestId("blog-grid").getByTestId("blog-card").filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("link", { name: /^Läs mer/ })).toHaveAttribute("href", `/blog/${SLUG}`);
  expect((await anonymous.request.get(url(`/blog/${SLUG}`))).status()).toBe(200);
  expect(await (await anonymous.request.get(url("/blog/rss.xml"))).text()).toContain(`/blog/${SLUG}</link>`);
  expect(await (await anonymous.request.get(url("/sitemap.xml"))).text()).toContain(`/blog/${SLUG}</loc>`);
  await anonymous.close();
});

test("the editor checks the slug, keeps its text when a save cannot reach the server, restores a version and deletes an archived post", async ({ browser }) => {
  const staff = await signedIn(browser, server.url, WRITER);
  const page = await staff.newPage();
  const toasts = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
  await newPost(page);
  await page.locator("#post-title").fill("Slitage i praktiken");
  await expect(page.getByText("Adressen är ledig.")).toBeVisible();
  // The first test's post has this address.
  await page.locator("#post-slug").fill(SLUG);
  await expect(page.getByText("Adressen används redan av ett annat inlägg. Välj en annan.")).toBeVisible();
  await page.locator("#post-slug").fill("slitage-i-praktiken");
  await expect(page.getByText("Adressen är ledig.")).toBeVisible();
  await page.locator("#post-excerpt").fill("Första versionen av ingressen.");
  await page.getByTestId("post-content").click();
  await page.keyboard.type("Float och slitage förklarat.");
  await page.getByTestId("post-save").click();
  await expectSaved(page);
  await expect(toasts("Sparat")).toHaveCount(1);

  // The server out of reach: the editor stays, with the text, and says so once.
  await page.route("**/spara.data*", (route) => route.abort());
  await page.locator("#post-excerpt").fill("Andra versionen av ingressen.");
  await page.getByTestId("post-save").click();
  await expect(toasts("Inlägget kunde inte sparas")).toHaveCount(1);
  await expect(toasts("Inlägget kunde inte sparas")).toContainText("Kunde inte nå servern");
  await expect(page.locator("#post-excerpt")).toHaveValue("Andra versionen av ingressen.");
  await page.unroute("**/spara.data*");
  await page.getByTestId("post-save").click();
  await expect(page.getByTestId("save-status")).toContainText(/^Sparat \d{2}:\d{2}$/);

  // The oldest version (the first save) back.
  await page.getByTestId("revision-restore").last().click();
  await page.getByTestId("confirm-restore").getByRole("button", { name: "Återställ", exact: true }).click();
  await expect(toasts("Versionen är återställd")).toHaveCount(1);
  await expect(page.locator("#post-excerpt")).toHaveValue("Första versionen av ingressen.");

  // Archived, then deleted: the editor leaves for the list.
  await page.getByTestId("post-archive").click();
  await expect(page.getByTestId("post-status")).toContainText("Arkiverad");
  await page.getByTestId("post-delete").click();
  await page.getByTestId("confirm-delete").getByRole("button", { name: "Ta bort", exact: true }).click();
  await expect(page).toHaveURL(url("/admin/blog"));
  await expect(toasts("Inlägget är borttaget")).toHaveCount(1);
  await expect(page.getByText("Slitage i praktiken")).toHaveCount(0);
  await staff.close();
});
