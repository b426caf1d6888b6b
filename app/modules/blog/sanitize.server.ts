/**
 * Stored blog HTML is sanitised with one allow-list (docs/rules/blog.md#sanitising), on write
 * (the admin calls `sanitizeBlogHtml` before saving) and again on render, whatever is stored.
 * `seo_script` may only carry JSON-LD (docs/rules/blog.md#structured-data).
 */
import sanitizeHtml from "sanitize-html";

/** The tags rich content may use. */
export const ALLOWED_TAGS = [
  "h1", "h2", "h3", "h4", "h5", "h6",
  "p", "br", "span", "div", "strong", "b", "em", "i", "u",
  "ul", "ol", "li", "blockquote", "code", "pre", "a", "img",
  "table", "thead", "tbody", "tr", "td", "th",
] as const;

/** The attributes any allowed tag may carry. */
const ALLOWED_ATTRIBUTES = [
  "href", "src", "alt", "title", "class", "style", "target", "rel", "width", "height",
] as const;

/** The URL schemes links and images may use (relative URLs stay allowed). */
const ALLOWED_SCHEMES = [
  "http", "https", "ftp", "mailto", "tel", "callto", "cid", "xmpp", "blob",
] as const;

/**
 * `style` stays (editors use it for alignment and colour) but only with plain values: no
 * url(), expression(), image-set() or other functions that fetch or run something, and no
 * backslash escapes that could spell them in disguise. Colour functions are allowed.
 */
const SAFE_STYLE_VALUE =
  /^(?!.*(?:url|expression|image-set|-webkit-image-set|image|element|cross-fade|paint|var|env|attr|src)\s*\()(?!.*(?:javascript|vbscript|data|livescript)\s*:)[#a-z0-9%.,\s()+/-]+$/i;

const STYLE_PROPERTIES = [
  "color", "background-color", "text-align", "text-decoration", "text-transform", "font-weight",
  "font-style", "font-size", "line-height", "letter-spacing", "vertical-align", "white-space",
  "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
  "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
  "width", "max-width", "min-width", "height", "max-height", "min-height",
  "border", "border-top", "border-right", "border-bottom", "border-left", "border-color",
  "border-style", "border-width", "border-radius", "border-collapse", "list-style-type", "float",
  "display",
];

const ALLOWED_STYLES = Object.fromEntries(STYLE_PROPERTIES.map((name) => [name, [SAFE_STYLE_VALUE]]));

const LINK_TARGETS = new Set(["_blank", "_self", "_parent", "_top"]);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { "*": [...ALLOWED_ATTRIBUTES] },
  allowedSchemes: [...ALLOWED_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: { "*": ALLOWED_STYLES },
  disallowedTagsMode: "discard",
  // Content of these never becomes text (script bodies, SVG/MathML payloads, frames).
  nonTextTags: [
    "script", "style", "textarea", "option", "noscript", "iframe", "frame", "frameset",
    "object", "embed", "svg", "math", "template", "xmp", "noembed", "noframes", "title", "head",
  ],
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      const target = attributes.target?.trim().toLowerCase();
      if (target !== undefined && !LINK_TARGETS.has(target)) delete attributes.target;
      if (target === "_blank") {
        // A new tab must not get a handle on this page (window.opener) or its URL.
        const rel = new Set((attributes.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean));
        rel.add("noopener");
        rel.add("noreferrer");
        attributes.rel = [...rel].join(" ");
        attributes.target = "_blank";
      }
      return { tagName, attribs: attributes };
    },
  },
};

/** Rich post content → HTML that keeps only the allowed tags, attributes and link schemes. */
export function sanitizeBlogHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}

// ---------------------------------------------------------------------------
// seo_script: JSON-LD only
// ---------------------------------------------------------------------------
const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** A script tag may carry only type, async and defer (docs/rules/blog.md#structured-data). */
const SCRIPT_ATTRIBUTES = new Set(["type", "async", "defer"]);

export type JsonLd = Record<string, unknown> | unknown[];

function parseAttributes(source: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!SCRIPT_ATTRIBUTES.has(name)) return null;
    attributes.set(name, (match[2] ?? match[3] ?? match[4] ?? "").trim().toLowerCase());
  }
  return attributes;
}

/**
 * The structured-data blocks of a `seo_script` value: only `<script type="application/ld+json">`
 * blocks (no attributes besides type/async/defer) whose body parses as a JSON object or array.
 * Everything else — other scripts, other markup, invalid JSON — is dropped.
 */
export function parseSeoScript(source: string | null | undefined): JsonLd[] {
  if (!source) return [];
  const blocks: JsonLd[] = [];
  for (const match of source.matchAll(SCRIPT_BLOCK)) {
    const attributes = parseAttributes(match[1] ?? "");
    if (!attributes || attributes.get("type") !== "application/ld+json") continue;
    try {
      const value: unknown = JSON.parse(match[2] ?? "");
      if (value !== null && typeof value === "object") blocks.push(value as JsonLd);
    } catch {
      // Not JSON: dropped.
    }
  }
  return blocks;
}

/** JSON that cannot close its script element or open a comment, whatever it contains. */
export function serializeJsonLd(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** `seo_script` as stored: the valid JSON-LD blocks re-serialised safely, nothing else (null when none). */
export function sanitizeSeoScript(source: string | null | undefined): string | null {
  const blocks = parseSeoScript(source);
  if (blocks.length === 0) return null;
  return blocks
    .map((block) => `<script type="application/ld+json">${serializeJsonLd(block)}</script>`)
    .join("\n");
}
