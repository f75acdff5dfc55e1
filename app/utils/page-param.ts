/** The highest page number any list accepts in its URL. */
export const MAX_PAGE = 10_000;

/**
 * The `page` query parameter of a paged list: 1 when absent, the number when it is a whole number
 * from 1 to MAX_PAGE written in digits, and null for anything else (the caller answers 404 or
 * shows the first page).
 */
export function pageParam(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}
