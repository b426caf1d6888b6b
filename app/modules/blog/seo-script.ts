/**
 * `seo_script` carries structured data only (docs/rules/blog.md#structured-data): JSON-LD
 * blocks, parsed and written out again so nothing in them can close their script element.
 * Pure and isomorphic: the editor shows `explainSeoScript`'s report while staff type, and the
 * save path stores its `stored` value, so what the editor shows is exactly what is stored.
 */

const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** A script tag may carry only type, async and defer (docs/rules/blog.md#structured-data). */
const SCRIPT_ATTRIBUTES = new Set(["type", "async", "defer"]);

export type JsonLd = Record<string, unknown> | unknown[];

/** Why a part of the field is not kept; the editor shows these words. */
export const SEO_SCRIPT_REASONS = {
  notJsonLd: "Skripttaggar tas bort: bara <script type=\"application/ld+json\"> behålls.",
  attributes: "Skripttaggar med andra attribut än type, async och defer tas bort.",
  invalidJson: "Ogiltig JSON.",
  notObject: "Inte ett JSON-objekt eller en lista av objekt.",
  missingContext: "Saknar @context.",
  outside: "Text och HTML utanför ett JSON-LD-block tas bort.",
} as const;

interface SeoScriptDrop {
  /** The start of what is dropped, for the editor to point at. */
  excerpt: string;
  reason: string;
}

export interface SeoScriptReport {
  /** The blocks that are kept, parsed. */
  kept: JsonLd[];
  dropped: SeoScriptDrop[];
  /** What is stored: the kept blocks re-serialised safely, or null when none is kept. */
  stored: string | null;
}

function parseAttributes(source: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!SCRIPT_ATTRIBUTES.has(name)) return null;
    attributes.set(name, (match[2] ?? match[3] ?? match[4] ?? "").trim().toLowerCase());
  }
  return attributes;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** JSON-LD names its vocabulary: an object needs `@context`, a list needs it on every item. */
function hasContext(value: JsonLd): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => isObject(item) && "@context" in item);
  return "@context" in value;
}

type BlockResult = { ok: true; value: JsonLd } | { ok: false; reason: string };

function readBlock(attributeSource: string, body: string, options: { requireContext: boolean }): BlockResult {
  const attributes = parseAttributes(attributeSource);
  if (!attributes) return { ok: false, reason: SEO_SCRIPT_REASONS.attributes };
  if (attributes.get("type") !== "application/ld+json") return { ok: false, reason: SEO_SCRIPT_REASONS.notJsonLd };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reason: SEO_SCRIPT_REASONS.invalidJson };
  }
  if (value === null || typeof value !== "object") return { ok: false, reason: SEO_SCRIPT_REASONS.notObject };
  if (options.requireContext && !hasContext(value as JsonLd)) return { ok: false, reason: SEO_SCRIPT_REASONS.missingContext };
  return { ok: true, value: value as JsonLd };
}

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
};

/**
 * The structured-data blocks of a stored `seo_script` value, as the post page renders them:
 * only `<script type="application/ld+json">` blocks (no attributes besides type/async/defer)
 * whose body parses as a JSON object or array. Everything else is dropped.
 */
export function parseSeoScript(source: string | null | undefined): JsonLd[] {
  if (!source) return [];
  const blocks: JsonLd[] = [];
  for (const match of source.matchAll(SCRIPT_BLOCK)) {
    const block = readBlock(match[1] ?? "", match[2] ?? "", { requireContext: false });
    if (block.ok) blocks.push(block.value);
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

/**
 * What saving this `seo_script` keeps and why anything is dropped. Written values must also
 * name their vocabulary (`@context`); what is kept is stored re-serialised.
 */
export function explainSeoScript(source: string | null | undefined): SeoScriptReport {
  const kept: JsonLd[] = [];
  const dropped: SeoScriptDrop[] = [];
  if (!source?.trim()) return { kept, dropped, stored: null };
  let last = 0;
  const outside = (text: string) => {
    if (text.trim()) dropped.push({ excerpt: excerptOf(text), reason: /<script\b/i.test(text) ? SEO_SCRIPT_REASONS.notJsonLd : SEO_SCRIPT_REASONS.outside });
  };
  for (const match of source.matchAll(SCRIPT_BLOCK)) {
    outside(source.slice(last, match.index));
    last = match.index + match[0].length;
    const block = readBlock(match[1] ?? "", match[2] ?? "", { requireContext: true });
    if (block.ok) kept.push(block.value);
    else dropped.push({ excerpt: excerptOf(match[0]), reason: block.reason });
  }
  outside(source.slice(last));
  const stored = kept.length
    ? kept.map((block) => `<script type="application/ld+json">${serializeJsonLd(block)}</script>`).join("\n")
    : null;
  return { kept, dropped, stored };
}

/** `seo_script` as stored: the valid JSON-LD blocks re-serialised safely, nothing else (null when none). */
export function sanitizeSeoScript(source: string | null | undefined): string | null {
  return explainSeoScript(source).stored;
}
