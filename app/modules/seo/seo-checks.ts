/**
 * The SEO Dashboard's checks (docs/rules/admin.md#seo-dashboard): pure functions from what a post
 * (or the site) shows to a list of checks, each with a status, a Swedish message and the editor
 * field that fixes it. Isomorphic and free of I/O; the server loads the data
 * (seo-dashboard.server.ts) and hands in the body as the public page renders it (sanitised).
 */
import { BLOG } from "~/modules/blog/blog-constants";
import { SEO } from "~/modules/seo/seo-constants";
import { htmlToText, postExcerpt } from "~/modules/blog/blog";

export type CheckStatus = "ok" | "warning" | "error" | "info";

/** Editor fields a problem links to: `/admin/blog/<id>#post-<field>`. */
export type SeoField =
  | "title"
  | "meta_title"
  | "meta_description"
  | "slug"
  | "content"
  | "featured_image_url"
  | "alt_text"
  | "canonical_url"
  | "seo_script";

export type SeoCheckId =
  | "title-length"
  | "description-length"
  | "slug"
  | "h1"
  | "heading-order"
  | "image-alt"
  | "featured-image"
  | "featured-image-size"
  | "internal-links"
  | "word-count"
  | "canonical"
  | "json-ld"
  | "sitemap";

export interface SeoCheck {
  id: SeoCheckId;
  label: string;
  status: CheckStatus;
  message: string;
  /** The field to fix, when the fix is in the post. */
  field: SeoField | null;
}

export type PostState = "draft" | "scheduled" | "published" | "archived";

export const POST_STATE_LABELS: Record<PostState, string> = {
  draft: "Utkast",
  scheduled: "Schemalagd",
  published: "Publicerad",
  archived: "Arkiverad",
};

export const POST_STATES = ["draft", "scheduled", "published", "archived"] as const satisfies readonly PostState[];

/** docs/rules/blog.md#scheduled-publishing: a published post with a future `published_at` is scheduled. */
export function postState(status: string, publishedAt: Date | string | null, now: Date): PostState {
  if (status === "draft" || status === "archived") return status;
  if (publishedAt && new Date(publishedAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}

export function editorLink(postId: string, field: SeoField): string {
  return `/admin/blog/${encodeURIComponent(postId)}#post-${field}`;
}

// ---------------------------------------------------------------------------
// Reading the body
// ---------------------------------------------------------------------------

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  if (!match) return null;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

/** Heading levels in document order (h1 → 1 …). */
export function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b[^>]*>/gi)].map((match) => Number(match[1]));
}

/** Images in the body with their alt text (null: no alt attribute). */
export function bodyImages(html: string): Array<{ src: string | null; alt: string | null }> {
  return [...html.matchAll(/<img\b[^>]*>/gi)].map((match) => ({ src: attribute(match[0], "src"), alt: attribute(match[0], "alt") }));
}

/** Links in the body: internal ones point at our own host or are relative (not `#…`, `mailto:`, …). */
export function bodyLinks(html: string, publicUrl: string): { internal: number; external: number } {
  const ours = new URL(publicUrl);
  let internal = 0;
  let external = 0;
  for (const match of html.matchAll(/<a\b[^>]*>/gi)) {
    const href = attribute(match[0], "href")?.trim();
    if (!href || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, ours);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    if (url.host === ours.host) internal++;
    else external++;
  }
  return { internal, external };
}

export function wordCount(html: string): number {
  const text = htmlToText(html);
  return text ? text.split(" ").length : 0;
}

// ---------------------------------------------------------------------------
// The search-result snippet
// ---------------------------------------------------------------------------

/** Cuts at the last word boundary within `max` characters and adds " …", as a search engine does. */
export function truncateForSnippet(text: string, max: number): { text: string; cut: boolean } {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return { text: chars.join(""), cut: false };
  const head = chars.slice(0, max).join("");
  const space = head.lastIndexOf(" ");
  const cutAt = space > max * 0.6 ? head.slice(0, space) : head;
  return { text: `${cutAt.replace(/[\s,.;:–-]+$/u, "")} …`, cut: true };
}

/** The `<title>` the post page renders (pageMeta adds the site name unless it is there). */
function renderedTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export interface SearchSnippet {
  title: string;
  titleCut: boolean;
  /** Breadcrumb form of the URL, as a result shows it: `host › blog › slug`. */
  displayUrl: string;
  url: string;
  description: string;
  descriptionCut: boolean;
}

export function searchSnippet(input: { title: string; url: string; description: string }): SearchSnippet {
  const title = truncateForSnippet(input.title, SEO.titleMax);
  const description = truncateForSnippet(input.description, SEO.descriptionMax);
  let displayUrl = input.url;
  try {
    const url = new URL(input.url);
    displayUrl = [url.host, ...url.pathname.split("/").filter(Boolean).map((part) => decodeURIComponent(part))].join(" › ");
  } catch {
    // Not a URL: shown as it is.
  }
  return { title: title.text, titleCut: title.cut, displayUrl, url: input.url, description: description.text, descriptionCut: description.cut };
}

// ---------------------------------------------------------------------------
// One post
// ---------------------------------------------------------------------------

export interface SeoPostInput {
  id: string;
  slug: string;
  title: string;
  status: string;
  published_at: Date | string | null;
  meta_title: string | null;
  meta_description: string | null;
  excerpt: string | null;
  /** The body as the public page renders it (sanitised). */
  content: string;
  featured_image_url: string | null;
  alt_text: string | null;
  canonical_url: string | null;
  reading_minutes: number;
  /** `seo_script` as the page would use it: script tags in the source and JSON-LD blocks kept. */
  jsonLd: { scripts: number; blocks: number };
  /** The featured image's stored size, when it is one of ours (null: unknown). */
  image: { width: number; height: number; bytes: number } | null;
}

export interface SeoSiteInput {
  publicUrl: string;
  siteName: string;
  now: Date;
  /** Post URLs the served sitemap lists (null: the sitemap could not be read). */
  sitemapUrls: ReadonlySet<string> | null;
}

export interface PostSeoReport {
  state: PostState;
  checks: SeoCheck[];
  /** 0–100: ok counts fully, a warning half, an error not at all; info is not scored. */
  score: number;
  /** Errors and warnings. */
  problems: number;
  snippet: SearchSnippet;
  words: number;
  readingMinutes: number;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function check(id: SeoCheckId, label: string, status: CheckStatus, message: string, field: SeoField | null): SeoCheck {
  return { id, label, status, message, field };
}

export function postUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/blog/${encodeURIComponent(slug)}`;
}

/** Whether the post's own address is the canonical one (docs/rules/blog.md#post-page). */
function canonicalTarget(canonical: string | null, ownUrl: string): { usable: boolean; url: string } {
  const value = canonical?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return { usable: false, url: ownUrl };
  return { usable: true, url: value };
}

function titleCheck(post: SeoPostInput, site: SeoSiteInput): SeoCheck {
  const own = post.meta_title?.trim();
  const full = renderedTitle(own || post.title, site.siteName);
  const length = Array.from(full).length;
  const label = "Titelns längd";
  const source = own ? "Metatiteln" : "Titeln (ingen metatitel)";
  if (length > SEO.titleMax) {
    return check("title-length", label, "warning", `${source} blir ${length} tecken med webbplatsens namn; över ${SEO.titleMax} kortas den i sökresultaten.`, "meta_title");
  }
  if (length < SEO.titleMin) {
    return check("title-length", label, "warning", `${source} blir bara ${length} tecken; ${SEO.titleMin}–${SEO.titleMax} ger sökmotorn mer att visa.`, "meta_title");
  }
  return check("title-length", label, "ok", `${length} tecken (${SEO.titleMin}–${SEO.titleMax}).`, "meta_title");
}

function descriptionCheck(post: SeoPostInput): SeoCheck {
  const label = "Metabeskrivningens längd";
  const own = post.meta_description?.trim();
  if (!own) {
    const fallback = postExcerpt({ excerpt: post.excerpt, content: post.content });
    return check(
      "description-length",
      label,
      "warning",
      fallback ? `Ingen metabeskrivning: sidan använder ${post.excerpt?.trim() ? "utdraget" : "början av texten"} (${Array.from(fallback).length} tecken).` : "Ingen metabeskrivning och ingen text att ta en från.",
      "meta_description",
    );
  }
  const length = Array.from(own).length;
  if (length > SEO.descriptionMax) {
    return check("description-length", label, "warning", `${length} tecken; över ${SEO.descriptionMax} kortas den i sökresultaten.`, "meta_description");
  }
  if (length < SEO.descriptionMin) {
    return check("description-length", label, "warning", `Bara ${length} tecken; ${SEO.descriptionMin}–${SEO.descriptionMax} rekommenderas.`, "meta_description");
  }
  return check("description-length", label, "ok", `${length} tecken (${SEO.descriptionMin}–${SEO.descriptionMax}).`, "meta_description");
}

function slugCheck(post: SeoPostInput): SeoCheck {
  const label = "Slug";
  if (!SLUG.test(post.slug)) {
    return check("slug", label, "error", "Slugen får bara ha små bokstäver a–z, siffror och enkla bindestreck.", "slug");
  }
  const length = post.slug.length;
  if (length > SEO.slugMax) return check("slug", label, "warning", `${length} tecken; en kortare slug (högst ${SEO.slugMax}) är lättare att läsa och dela.`, "slug");
  return check("slug", label, "ok", `/blog/${post.slug}`, "slug");
}

/**
 * The post page renders the title as the page's one H1, so the body may not have an H1 of its own
 * (docs/rules/admin.md#seo-dashboard); its headings start at H2 and never skip a level.
 */
function headingChecks(levels: number[]): SeoCheck[] {
  const h1s = levels.filter((level) => level === 1).length;
  const h1 =
    h1s === 0
      ? check("h1", "En H1", "ok", "Sidan har en H1: titeln. Texten har ingen egen.", null)
      : check("h1", "En H1", "error", `Texten har ${h1s === 1 ? "en egen H1" : `${h1s} egna H1`}; sidan visar redan titeln som H1. Gör ${h1s === 1 ? "den" : "dem"} till H2.`, "content");
  let previous = 1;
  const skips: string[] = [];
  for (const level of levels) {
    if (level > previous + 1) skips.push(`H${previous} → H${level}`);
    previous = level;
  }
  const order =
    skips.length === 0
      ? check("heading-order", "Rubrikordning", "ok", levels.length ? `${levels.length} rubriker i ordning.` : "Inga mellanrubriker.", null)
      : check("heading-order", "Rubrikordning", "warning", `Rubriknivåer hoppas över: ${skips.slice(0, 3).join(", ")}${skips.length > 3 ? " …" : ""}.`, "content");
  return [h1, order];
}

function imageAltCheck(images: Array<{ alt: string | null }>): SeoCheck {
  const missing = images.filter((image) => !image.alt?.trim()).length;
  if (images.length === 0) return check("image-alt", "Alt-texter", "ok", "Inga bilder i texten.", null);
  if (missing > 0) return check("image-alt", "Alt-texter", "error", `${missing} av ${images.length} bilder i texten saknar alt-text.`, "content");
  return check("image-alt", "Alt-texter", "ok", `Alla ${images.length} bilder har alt-text.`, null);
}

function featuredImageChecks(post: SeoPostInput): SeoCheck[] {
  if (!post.featured_image_url?.trim()) {
    return [check("featured-image", "Utvald bild", "warning", "Ingen utvald bild: sidan och delningar visar standardbilden.", "featured_image_url")];
  }
  const present = post.alt_text?.trim()
    ? check("featured-image", "Utvald bild", "ok", "Bild med alt-text.", "featured_image_url")
    : check("featured-image", "Utvald bild", "error", "Den utvalda bilden saknar alt-text.", "alt_text");
  const image = post.image;
  let size: SeoCheck;
  if (!image) {
    size = check("featured-image-size", "Bildens storlek", "info", `Storleken är okänd (inte uppladdad här); rekommenderat ${BLOG.imageWidth} × ${BLOG.imageHeight}.`, null);
  } else if (image.width < SEO.imageMinWidth) {
    size = check("featured-image-size", "Bildens storlek", "warning", `${image.width} × ${image.height} px; delningar vill ha minst ${SEO.imageMinWidth} px bredd.`, "featured_image_url");
  } else if (image.bytes > SEO.imageMaxBytes) {
    size = check("featured-image-size", "Bildens storlek", "warning", `${Math.round(image.bytes / 1024)} kB; över ${Math.round(SEO.imageMaxBytes / 1024)} kB gör sidan långsam.`, "featured_image_url");
  } else {
    size = check("featured-image-size", "Bildens storlek", "ok", `${image.width} × ${image.height} px, ${Math.round(image.bytes / 1024)} kB.`, null);
  }
  return [present, size];
}

function canonicalCheck(post: SeoPostInput, site: SeoSiteInput, ownUrl: string): SeoCheck {
  const label = "Kanonisk URL";
  const value = post.canonical_url?.trim();
  if (!value) return check("canonical", label, "ok", "Inlägget är sin egen kanoniska adress.", null);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return check("canonical", label, "error", "Inte en absolut URL; sidan ignorerar den och använder sin egen adress.", "canonical_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return check("canonical", label, "error", "Bara http(s)-adresser kan vara kanoniska; sidan ignorerar den.", "canonical_url");
  }
  const ours = new URL(site.publicUrl);
  if (url.host === ours.host) {
    if (url.protocol !== ours.protocol) return check("canonical", label, "error", `Vår egen adress ska börja med ${ours.protocol}//.`, "canonical_url");
    if (url.href.replace(/\/$/, "") !== ownUrl) return check("canonical", label, "warning", `Pekar på en annan av våra sidor (${url.pathname}); inlägget indexeras inte själv.`, "canonical_url");
    return check("canonical", label, "ok", "Pekar på inläggets egen adress.", null);
  }
  if (url.protocol !== "https:") return check("canonical", label, "error", "En annan webbplats ska anges med https://.", "canonical_url");
  return check("canonical", label, "info", `Pekar medvetet på ${url.host}: sökmotorer indexerar den adressen i stället för inlägget.`, "canonical_url");
}

function jsonLdCheck(post: SeoPostInput): SeoCheck {
  const label = "Strukturerad data (JSON-LD)";
  const { scripts, blocks } = post.jsonLd;
  if (scripts === 0 && blocks === 0) return check("json-ld", label, "ok", "Ingen egen; sidan har artikelns egen strukturerade data.", null);
  if (blocks === 0) return check("json-ld", label, "error", "Inget av skripten är giltig JSON-LD; allt tas bort på sidan.", "seo_script");
  if (blocks < scripts) return check("json-ld", label, "warning", `${scripts - blocks} av ${scripts} skript tas bort (inte giltig JSON-LD).`, "seo_script");
  return check("json-ld", label, "ok", `${blocks} block tolkas.`, null);
}

function sitemapCheck(state: PostState, indexable: boolean, site: SeoSiteInput, ownUrl: string): SeoCheck {
  const label = "Sitemap och indexering";
  if (!site.sitemapUrls) return check("sitemap", label, "info", "Sitemapen kunde inte läsas.", null);
  const listed = site.sitemapUrls.has(ownUrl);
  if (state !== "published") {
    return listed
      ? check("sitemap", label, "error", `${POST_STATE_LABELS[state]} men finns i sitemapen.`, null)
      : check("sitemap", label, "ok", `${POST_STATE_LABELS[state]}: inte i sitemapen, som väntat.`, null);
  }
  if (indexable && !listed) return check("sitemap", label, "error", "Publicerat och indexerbart men saknas i sitemapen.", null);
  if (!indexable && listed) return check("sitemap", label, "warning", "I sitemapen fast den kanoniska adressen pekar på en annan sida.", "canonical_url");
  return check("sitemap", label, "ok", indexable ? "I sitemapen." : "Inte indexerbart och inte i sitemapen.", null);
}

const STATUS_WEIGHT: Record<Exclude<CheckStatus, "info">, number> = { ok: 1, warning: 0.5, error: 0 };

export function scoreOf(checks: readonly SeoCheck[]): number {
  const scored = checks.filter((entry) => entry.status !== "info");
  if (scored.length === 0) return 100;
  const sum = scored.reduce((total, entry) => total + STATUS_WEIGHT[entry.status as Exclude<CheckStatus, "info">], 0);
  return Math.round((100 * sum) / scored.length);
}

export function checkPost(post: SeoPostInput, site: SeoSiteInput): PostSeoReport {
  const state = postState(post.status, post.published_at, site.now);
  const ownUrl = postUrl(site.publicUrl, post.slug);
  const canonical = canonicalTarget(post.canonical_url, ownUrl);
  const indexable = canonical.url.replace(/\/$/, "") === ownUrl;
  const words = wordCount(post.content);
  const readingMinutes = Math.max(1, Math.ceil(words / BLOG.wordsPerMinute));
  const links = bodyLinks(post.content, site.publicUrl);

  const wordsCheck =
    words < SEO.minWords
      ? check("word-count", "Ordantal och lästid", "warning", `${words} ord (${readingMinutes} min); under ${SEO.minWords} ord rankar sällan.`, "content")
      : post.reading_minutes !== readingMinutes
        ? check("word-count", "Ordantal och lästid", "warning", `${words} ord: ${readingMinutes} min, men sparad lästid är ${post.reading_minutes} min. Spara inlägget igen.`, "content")
        : check("word-count", "Ordantal och lästid", "ok", `${words} ord, ${readingMinutes} min lästid.`, null);
  const linksCheck =
    links.internal < SEO.minInternalLinks
      ? check("internal-links", "Interna länkar", "warning", `Inga länkar till andra sidor hos oss${links.external ? ` (${links.external} externa)` : ""}.`, "content")
      : check("internal-links", "Interna länkar", "ok", `${links.internal} interna${links.external ? `, ${links.external} externa` : ""}.`, null);

  const checks = [
    titleCheck(post, site),
    descriptionCheck(post),
    slugCheck(post),
    ...headingChecks(headingLevels(post.content)),
    imageAltCheck(bodyImages(post.content)),
    ...featuredImageChecks(post),
    linksCheck,
    wordsCheck,
    canonicalCheck(post, site, ownUrl),
    jsonLdCheck(post),
    sitemapCheck(state, indexable, site, ownUrl),
  ];
  const description = post.meta_description?.trim() || postExcerpt({ excerpt: post.excerpt, content: post.content });
  return {
    state,
    checks,
    score: scoreOf(checks),
    problems: checks.filter((entry) => entry.status === "error" || entry.status === "warning").length,
    snippet: searchSnippet({ title: renderedTitle(post.meta_title?.trim() || post.title, site.siteName), url: canonical.url, description }),
    words,
    readingMinutes,
  };
}

/** Most problems first, then most errors, then lowest score; stable otherwise. */
export function byMostProblems<T extends { report: PostSeoReport }>(a: T, b: T): number {
  const errors = (entry: T) => entry.report.checks.filter((item) => item.status === "error").length;
  return b.report.problems - a.report.problems || errors(b) - errors(a) || a.report.score - b.report.score;
}

// ---------------------------------------------------------------------------
// The site
// ---------------------------------------------------------------------------

export interface SiteCheck {
  id: "sitemap-posts" | "rss-posts" | "robots-blog" | "robots-sitemap" | "page-meta";
  label: string;
  status: CheckStatus;
  message: string;
  /** Paths or slugs the message is about (at most a few). */
  items: string[];
}

export interface PublicPageMeta {
  path: string;
  /** HTTP status of the render (0: not read). */
  status: number;
  title: string | null;
  description: string | null;
}

export interface SiteInput {
  publicUrl: string;
  /** URLs of every published, due post. */
  publishedUrls: readonly string[];
  sitemapUrls: ReadonlySet<string> | null;
  rssUrls: ReadonlySet<string> | null;
  robots: string | null;
  pages: readonly PublicPageMeta[];
}

const LISTED = 5;

function missingFrom(label: SiteCheck["label"], id: SiteCheck["id"], document: string, urls: readonly string[], listed: ReadonlySet<string> | null, publicUrl: string): SiteCheck {
  if (!listed) return { id, label, status: "error", message: `${document} kunde inte läsas.`, items: [] };
  const missing = urls.filter((url) => !listed.has(url));
  if (missing.length === 0) return { id, label, status: "ok", message: `Alla ${urls.length} publicerade inlägg finns med.`, items: [] };
  return {
    id,
    label,
    status: "error",
    message: `${missing.length} av ${urls.length} publicerade inlägg saknas.`,
    items: missing.slice(0, LISTED).map((url) => url.replace(publicUrl, "")),
  };
}

/** The rules of robots.txt's `User-agent: *` group. */
function robotsRules(robots: string): { allow: string[]; disallow: string[]; sitemaps: string[] } {
  const allow: string[] = [];
  const disallow: string[] = [];
  const sitemaps: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const match = /^([a-z-]+)\s*:\s*(.*)$/i.exec(line);
    if (!match) continue;
    const key = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (key === "sitemap") {
      sitemaps.push(value);
      continue;
    }
    if (key === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
      continue;
    }
    inRules = true;
    if (!agents.includes("*")) continue;
    if (key === "allow" && value) allow.push(value);
    if (key === "disallow" && value) disallow.push(value);
  }
  return { allow, disallow, sitemaps };
}

/** Google's rule: the longest matching path wins; on a tie, Allow. */
export function robotsAllows(robots: string, path: string): boolean {
  const { allow, disallow } = robotsRules(robots);
  const longest = (rules: string[]) => Math.max(-1, ...rules.filter((rule) => path.startsWith(rule.replace(/\*$/, ""))).map((rule) => rule.length));
  return longest(allow) >= longest(disallow);
}

export function checkSite(input: SiteInput): SiteCheck[] {
  const checks: SiteCheck[] = [
    missingFrom("Alla publicerade inlägg i sitemapen", "sitemap-posts", "Sitemapen", input.publishedUrls, input.sitemapUrls, input.publicUrl),
    missingFrom("Alla publicerade inlägg i RSS-flödet", "rss-posts", "RSS-flödet", input.publishedUrls, input.rssUrls, input.publicUrl),
  ];
  if (input.robots === null) {
    checks.push({ id: "robots-blog", label: "robots.txt tillåter /blog", status: "error", message: "robots.txt kunde inte läsas.", items: [] });
  } else {
    const blogAllowed = robotsAllows(input.robots, "/blog") && robotsAllows(input.robots, "/blog/");
    checks.push({
      id: "robots-blog",
      label: "robots.txt tillåter /blog",
      status: blogAllowed ? "ok" : "error",
      message: blogAllowed ? "Sökmotorer får läsa bloggen." : "robots.txt stänger ute sökmotorer från bloggen.",
      items: [],
    });
    const sitemap = `${input.publicUrl}/sitemap.xml`;
    const named = robotsRules(input.robots).sitemaps.includes(sitemap);
    checks.push({
      id: "robots-sitemap",
      label: "robots.txt anger sitemapen",
      status: named ? "ok" : "error",
      message: named ? sitemap : `robots.txt anger inte ${sitemap}.`,
      items: [],
    });
  }
  const broken = input.pages.filter((page) => page.status !== 200);
  const missing = input.pages.filter((page) => page.status === 200 && (!page.title?.trim() || !page.description?.trim()));
  const long = input.pages.filter(
    (page) =>
      page.status === 200 &&
      page.title?.trim() &&
      page.description?.trim() &&
      (Array.from(page.title).length > SEO.titleMax + 15 || Array.from(page.description).length > SEO.descriptionMax + 40),
  );
  checks.push(
    broken.length + missing.length > 0
      ? {
          id: "page-meta",
          label: "Sidor med metatitel och beskrivning",
          status: "error",
          message: `${missing.length} sidor saknar metatitel eller beskrivning${broken.length ? `, ${broken.length} kunde inte läsas` : ""}.`,
          items: [...missing, ...broken].slice(0, LISTED).map((page) => page.path),
        }
      : long.length > 0
        ? {
            id: "page-meta",
            label: "Sidor med metatitel och beskrivning",
            status: "warning",
            message: `Alla ${input.pages.length} sidor har dem; ${long.length} är så långa att de kortas mycket i sökresultaten.`,
            items: long.slice(0, LISTED).map((page) => page.path),
          }
        : { id: "page-meta", label: "Sidor med metatitel och beskrivning", status: "ok", message: `Alla ${input.pages.length} sidor har dem.`, items: [] },
  );
  return checks;
}

// ---------------------------------------------------------------------------
// Reading served documents (isomorphic: plain text in, values out)
// ---------------------------------------------------------------------------

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** `<loc>` URLs of a sitemap. */
export function sitemapLocations(xml: string): Set<string> {
  return new Set([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decodeXml(match[1]!.trim())));
}

/** `<link>` URLs of an RSS feed's items. */
export function rssLinks(xml: string): Set<string> {
  return new Set([...xml.matchAll(/<item>[\s\S]*?<link>([^<]*)<\/link>[\s\S]*?<\/item>/g)].map((match) => decodeXml(match[1]!.trim())));
}

function decodeHtmlAttribute(text: string): string {
  return decodeXml(text.replace(/&#x27;|&#39;/g, "'"));
}

/** The `<title>` and meta description of a rendered page. */
export function pageHead(html: string): { title: string | null; description: string | null } {
  const head = html.slice(0, html.search(/<\/head>/i) >= 0 ? html.search(/<\/head>/i) : html.length);
  const title = /<title>([^<]*)<\/title>/i.exec(head)?.[1];
  const tag = /<meta\b[^>]*\bname="description"[^>]*>/i.exec(head)?.[0];
  const description = tag ? /\bcontent="([^"]*)"/i.exec(tag)?.[1] : undefined;
  return {
    title: title === undefined ? null : decodeHtmlAttribute(title),
    description: description === undefined ? null : decodeHtmlAttribute(description),
  };
}
