/**
 * Links that change part of a list's view (filter, sort, page) and keep the rest: the view
 * lives in the URL's search params (STYLE.md "Staff panel"). Isomorphic.
 */

/** `?…` of `current` with `changes` applied: null or "" removes a param. */
export function withSearchParams(current: URLSearchParams, changes: Record<string, string | number | null | undefined>): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "?";
}
