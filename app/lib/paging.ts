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

/**
 * A searched, paged list as a loader hands it to the page: the search text ("" for none), the
 * page, and the rows with their creation time as an ISO string.
 */
export function searchedPage<Row extends { createdAt: Date }>(
  q: string | undefined,
  list: { page: number; pageSize: number; total: number; rows: Row[] },
) {
  return {
    q: q ?? "",
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
