/**
 * A post's address from its title (docs/rules/blog.md#fields): Swedish and other accented
 * letters lose their marks (å/ä → a, ö → o, é → e), everything is lower case, and every run
 * of other characters becomes one hyphen, none at either end. Isomorphic: the editor proposes
 * the slug as the title is typed and the server checks the same rule on save.
 */
import { TEXT_LIMITS } from "~/platform/platform-constants";

/** The shape the database's `blog_posts_slug_format` check accepts. */
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Letters NFD does not split into a base letter and a mark. */
const SPECIAL: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ð: "d", þ: "th", ł: "l", đ: "d", ı: "i" };

export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[ßæøœðþłđı]/g, (letter) => SPECIAL[letter] ?? letter)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, TEXT_LIMITS.slug).replace(/-+$/, "");
}

export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= TEXT_LIMITS.slug && SLUG_PATTERN.test(slug);
}
