/**
 * Page and page size for offset lists, clamped so that a missing, fractional, negative or
 * absurd value from a URL becomes a sensible page instead of a database error.
 */
export const MAX_PAGE = 100_000;

export function wholeBetween(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.floor(value)))
    : fallback;
}

export function pageParams(
  input: { page?: number; pageSize?: number },
  sizes: { default: number; max: number },
): { page: number; pageSize: number; offset: number } {
  const pageSize = wholeBetween(input.pageSize, 1, sizes.max, sizes.default);
  const page = wholeBetween(input.page, 1, MAX_PAGE, 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
