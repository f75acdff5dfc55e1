import { Link } from "@remix-run/react";

/**
 * Previous / "Page n of m" / next links for a paged list; nothing when there is one page. Each list
 * names its own links ("← Newer", "Older articles →") and builds its own URLs.
 */
export function Pagination({
  page,
  pageCount,
  href,
  previousLabel,
  nextLabel,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  previousLabel: string;
  nextLabel: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          {nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
