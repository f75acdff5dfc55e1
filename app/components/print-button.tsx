/** Opens the browser's print dialog (no inline script: the page's CSP allows none). */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <button type="button" className="button button-secondary print-hide" onClick={() => window.print()}>
      {label}
    </button>
  );
}
