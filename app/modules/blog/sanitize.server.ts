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
// seo_script: JSON-LD only (docs/rules/blog.md#structured-data). The rule is pure and shared
// with the editor, which shows before saving what will be kept and why anything is dropped.
// ---------------------------------------------------------------------------
export { parseSeoScript, sanitizeSeoScript, serializeJsonLd } from "./seo-script";
