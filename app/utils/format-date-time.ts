// Its own module: pages that show dates and times load it, and the home page does not pay for it.
const dateTime = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Australia/Sydney",
  timeZoneName: "short",
});

/** An ISO timestamp in Sydney time, e.g. "21 Nov 2026, 7:55 pm AEDT" — formatted on the server so hydration matches. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : dateTime.format(date);
}
