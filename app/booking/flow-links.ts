// The booking flow's addresses: each step is /booking with the choices so far in the query string,
// always in the same order, so a step's link is the same wherever it is made. The booking page, the
// manage page, the checkout's way back and the home page all link into it. Browser-safe.

/** The time zone the flow shows until the visitor chooses one. */
export const DEFAULT_ZONE = "Australia/Sydney";
/** The coach parameter for "First available coach". */
export const ANY_COACH = "any";
/** The free discovery call's booking type. */
export const DISCOVERY_TYPE = "discovery";
/**
 * Where every "Book Free 20-min Call" button leads: the discovery call with the first available
 * coach, its next free days and times shown at once (in the visitor's zone: ?tz, else the browser's
 * zone remembered in the ZONE_COOKIE, else Sydney).
 */
export const DISCOVERY_CALL_HREF = `/booking?type=${DISCOVERY_TYPE}&coach=${ANY_COACH}`;
/** The cookie the booking page keeps the visitor's time zone in (set by the browser), so the next visit is rendered in it. */
export const ZONE_COOKIE = "tz";
/** The id of the booking page's times, where a chosen day's link lands. */
export const TIMES_ANCHOR = "booking-times";

export type FlowParams = { type?: string; coach?: string; tz?: string; from?: string; day?: string; time?: string };

const ORDER = ["type", "coach", "tz", "from", "day", "time"] as const;

export function flowHref(params: FlowParams, path = "/booking"): string {
  const search = new URLSearchParams();
  for (const name of ORDER) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
