/**
 * What the blog editor posts (docs/rules/blog.md#editing): a post's fields, which of them the
 * `seo` role may change, and the Blog tab's filters in the URL. The editor and the server read
 * the same schemas, so the Swedish messages are the same in both.
 */
import { z } from "~/lib/zod";
import { parseKeyset, type KeysetPosition } from "~/lib/keyset";
import type { Role } from "~/modules/accounts/accounts-constants";
import { BLOG_CATEGORIES, BLOG_EDITOR, BLOG_POST_STATUSES } from "~/modules/blog/blog-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { textField } from "~/lib/validation";
import { isValidSlug } from "./slug";

export const BLOG_EDITOR_MESSAGES = {
  titleRequired: "Ange en rubrik.",
  slug: "Adressen får bara ha små bokstäver a–z, siffror och enstaka bindestreck.",
  slugTaken: "Adressen används redan av ett annat inlägg. Välj en annan.",
  category: "Välj bland kategorierna Trading, Market, Guides och News.",
  tags: `Högst ${BLOG_EDITOR.tagsMax} taggar med högst ${BLOG_EDITOR.tagMax} tecken var.`,
  status: "Välj status utkast, publicerad eller arkiverad.",
  date: "Ange ett giltigt datum och en tid.",
  image: "Bilden hittades inte. Ladda upp den igen.",
  altRequired: "Ange en alternativ text som beskriver bilden.",
  canonical: "Ange en fullständig adress som börjar med https:// eller http://.",
  version: "Ladda om sidan och försök igen.",
  conflict: "Någon annan har sparat inlägget sedan du öppnade det. Ladda om sidan för att se deras ändringar; dina ändringar sparades inte.",
  seoOnly:
    "Du har bara behörighet att ändra SEO-fälten: metatitel, metabeskrivning, kanonisk adress, alternativ text och strukturerad data.",
  notFound: "Inlägget finns inte.",
  revisionNotFound: "Versionen finns inte längre.",
  deleteOnlyArchived: "Bara ett arkiverat inlägg kan tas bort. Arkivera det först.",
} as const;

/** The fields the `seo` role may change (docs/rules/blog.md#roles). */
export const SEO_FIELDS = ["meta_title", "meta_description", "canonical_url", "alt_text", "seo_script"] as const;

/** admin and blog edit everything; seo only the SEO fields. */
export function canEditWholePost(roles: readonly Role[]): boolean {
  return roles.includes("admin") || roles.includes("blog");
}

/** An empty text means "none". */
const optionalText = (max: number, options: { multiline?: boolean; trim?: boolean } = {}) =>
  z.preprocess((value) => value ?? "", textField(max, options)).transform((value) => (value === "" ? null : value));

/** `/images/<id>/1200.webp` from the upload, or a picture shipped under /images/. */
const IMAGE_PATH = /^\/images\/(?!.*\.\.)[A-Za-z0-9/_.-]{1,200}$/;

function absoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** A list from JSON, or one comma-separated text from a plain form. */
const list = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : (value ?? []);

const seoFieldsShape = {
  meta_title: optionalText(BLOG_EDITOR.metaTitleMax),
  meta_description: optionalText(BLOG_EDITOR.metaDescriptionMax, { multiline: true }),
  canonical_url: optionalText(BLOG_EDITOR.urlMax).refine((value) => value === null || absoluteHttpUrl(value), BLOG_EDITOR_MESSAGES.canonical),
  alt_text: optionalText(BLOG_EDITOR.altTextMax),
  seo_script: optionalText(BLOG_EDITOR.seoScriptMax, { multiline: true }),
};

const postFieldsShape = {
  title: textField(BLOG_EDITOR.titleMax).pipe(z.string().min(1, BLOG_EDITOR_MESSAGES.titleRequired)),
  slug: textField(TEXT_LIMITS.slug).refine(isValidSlug, BLOG_EDITOR_MESSAGES.slug),
  excerpt: optionalText(BLOG_EDITOR.excerptMax, { multiline: true }),
  content: z.preprocess((value) => value ?? "", textField(BLOG_EDITOR.contentMax, { multiline: true, trim: false })),
  featured_image_url: optionalText(500).refine((value) => value === null || IMAGE_PATH.test(value), BLOG_EDITOR_MESSAGES.image),
  categories: z.preprocess(
    list,
    z.array(z.enum(BLOG_CATEGORIES, { error: BLOG_EDITOR_MESSAGES.category }), { error: BLOG_EDITOR_MESSAGES.category }).max(BLOG_CATEGORIES.length),
  ).transform((values) => [...new Set(values)]),
  tags: z.preprocess(
    list,
    z
      .array(textField(BLOG_EDITOR.tagMax, { tooLong: BLOG_EDITOR_MESSAGES.tags }).pipe(z.string().min(1, BLOG_EDITOR_MESSAGES.tags)), {
        error: BLOG_EDITOR_MESSAGES.tags,
      })
      .max(BLOG_EDITOR.tagsMax, BLOG_EDITOR_MESSAGES.tags),
  ).transform((values) => [...new Set(values)]),
  /** A checkbox (present when ticked) or a JSON boolean. */
  is_pinned: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
  author_name: optionalText(TEXT_LIMITS.name),
  status: z.enum(BLOG_POST_STATUSES, { error: BLOG_EDITOR_MESSAGES.status }),
  /** An ISO time with its offset (the editor converts the Stockholm time it shows); empty: none. */
  published_at: z
    .preprocess((value) => (value === "" || value === undefined ? null : value), z.iso.datetime({ offset: true, error: BLOG_EDITOR_MESSAGES.date }).nullable())
    .transform((value) => (value === null ? null : new Date(value))),
  ...seoFieldsShape,
};

/** The version a save is based on: the post's `updated_at` as the editor loaded it. */
const versionField = z.iso.datetime({ offset: true, error: BLOG_EDITOR_MESSAGES.version });

const wholePost = z.object({ ...postFieldsShape, version: versionField.optional() });

function requireAltText(post: { featured_image_url: string | null; alt_text: string | null }, context: z.RefinementCtx) {
  if (post.featured_image_url && !post.alt_text) {
    context.addIssue({ code: "custom", path: ["alt_text"], message: BLOG_EDITOR_MESSAGES.altRequired });
  }
}

/** A whole post, from admin or blog. */
export const blogPostSchema = wholePost.superRefine(requireAltText);
export type BlogPostInput = z.output<typeof blogPostSchema>;

/**
 * An autosave of a whole post: every field but the status, which only Spara, Publicera,
 * Avpublicera and Arkivera change (docs/rules/blog.md#autosave). A status sent anyway is dropped.
 */
export const blogPostAutosaveSchema = wholePost.omit({ status: true }).superRefine(requireAltText);

/** Only the SEO fields, from seo (the stored image decides whether alt text is required). */
export const blogPostSeoSchema = z.object({ ...seoFieldsShape, version: versionField });
export type BlogPostSeoInput = z.output<typeof blogPostSeoSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isPostId = (value: string | undefined): value is string => typeof value === "string" && UUID.test(value);

export const revisionSchema = z.object({
  revisionId: z.string({ error: BLOG_EDITOR_MESSAGES.revisionNotFound }).regex(UUID, BLOG_EDITOR_MESSAGES.revisionNotFound),
  version: versionField,
});

// ---------------------------------------------------------------------------
// The list's filters (docs/rules/blog.md#the-blog-tab)
// ---------------------------------------------------------------------------

export const ADMIN_POST_FILTERS = ["draft", "scheduled", "published", "archived"] as const;
export type AdminPostFilter = (typeof ADMIN_POST_FILTERS)[number];

export const ADMIN_POST_FILTER_LABELS: Record<AdminPostFilter, string> = {
  draft: "Utkast",
  scheduled: "Schemalagd",
  published: "Publicerad",
  archived: "Arkiverad",
};

export interface AdminPostQuery {
  q?: string;
  status?: AdminPostFilter;
  category?: (typeof BLOG_CATEGORIES)[number];
  /** The keyset page (`efter` / `fore`, decision 039); absent is the first. */
  position?: KeysetPosition;
  pageSize?: number;
}

const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional()).catch(undefined);

const listQuerySchema = z.object({
  q: optionalParam(textField(TEXT_LIMITS.search)),
  status: optionalParam(z.enum(ADMIN_POST_FILTERS)),
  kategori: optionalParam(z.enum(BLOG_CATEGORIES)),
});

/** The tab's URL (`q`, `status`, `kategori`, `sida`); a malformed value means "no filter". */
export function parseAdminPostQuery(params: URLSearchParams): AdminPostQuery {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(listQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const query = listQuerySchema.parse(raw);
  return { q: query.q || undefined, status: query.status, category: query.kategori, position: parseKeyset(params, "timestamp") ?? undefined };
}
