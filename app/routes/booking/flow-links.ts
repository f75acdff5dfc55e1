// The booking flow's addresses: each step is /booking with the choices so far in the query string,
// always in the same order, so a step's link is the same wherever it is made.

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
