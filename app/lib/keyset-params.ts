/**
 * The URL params of a keyset page (docs/decisions/039-keyset-lists-and-search.md), apart from
 * the cursor's parsing (app/lib/keyset.ts), so the pager of a public page does not load zod.
 */
export const KEYSET_PARAMS = { after: "efter", before: "fore" } as const;
