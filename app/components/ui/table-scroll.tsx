import type { ReactNode } from "react";

/**
 * Holds a wide table: on a narrow screen the table scrolls sideways inside this box and the page
 * itself never does. The box is a labelled region that takes keyboard focus, so keyboard users can
 * scroll it with the arrow keys; shadows at its edges (app.css) show that more columns are hidden.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A focusable region is how a scrollable area is reached without a mouse (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
