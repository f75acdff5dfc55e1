import type { LeadActivityKind, LeadSource, LeadStatus } from "~/db/schema/leads";

// The admins' lead list (/admin/leads, its CSV download and each lead's page): the list's query
// parameters and the labels. Plain TypeScript with no dependencies: the pages' browser code uses it.

/** In the order the list's filter offers them. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", won: "Won", lost: "Lost" };

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  contact: "Contact form",
  booking: "Booking or payment",
  resource: "Resource download",
  "service-chat": "Service Assistant",
};

/** A booking or payment activity, as the team reads it in the lead's history. */
export const LEAD_ACTIVITY_KIND_LABELS: Record<LeadActivityKind, string> = {
  "discovery-call": "Booked a discovery call",
  "paid-session": "Booked a paid session",
  "paying-client": "Became a paying client",
};

/** The statuses and the sources as a select's choices, in the same order. */
export const LEAD_STATUS_OPTIONS = (Object.keys(LEAD_STATUS_LABELS) as LeadStatus[]).map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }));
export const LEAD_SOURCE_OPTIONS = (Object.keys(LEAD_SOURCE_LABELS) as LeadSource[]).map((source) => ({ value: source, label: LEAD_SOURCE_LABELS[source] }));

/** The owner filter's value for leads nobody owns. */
export const UNASSIGNED = "unassigned";

/** The longest search the list takes (its maxLength), in characters. */
export const LEAD_SEARCH_MAX = 100;

/** The longest notes a lead keeps. */
export const LEAD_NOTES_MAX = 5000;

export type LeadListQuery = {
  /** Part of the name, email address or company; any case. Empty: no search. */
  q: string;
  status: LeadStatus | null;
  /** Leads with at least one activity from this source. */
  source: LeadSource | null;
  /** A user id, UNASSIGNED, or null for anyone. */
  owner: string | null;
};

export type LeadQueryField = keyof LeadListQuery;

export type ParsedLeadQuery =
  | { ok: true; query: LeadListQuery }
  | {
      ok: false;
      /** What was asked for, with the bad parts left out, for the form to show again. */
      query: LeadListQuery;
      errors: Partial<Record<LeadQueryField, string>>;
    };

/** What a user id looks like (UUIDs, and the demo accounts' ids). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

function param(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").trim();
}

/** Reads the list's filters from the URL (the list page and the CSV download take the same ones). */
export function parseLeadQuery(params: URLSearchParams): ParsedLeadQuery {
  const errors: Partial<Record<LeadQueryField, string>> = {};
  const query: LeadListQuery = { q: "", status: null, source: null, owner: null };

  const q = param(params, "q");
  // Counted in characters, not UTF-16 units: 100 emoji are a search of 100.
  if ([...q].length > LEAD_SEARCH_MAX) errors.q = `Search for ${LEAD_SEARCH_MAX} characters or fewer.`;
  else query.q = q;

  const status = param(params, "status");
  if (Object.hasOwn(LEAD_STATUS_LABELS, status)) query.status = status as LeadStatus;
  else if (status) errors.status = "Choose a status from the list.";

  const source = param(params, "source");
  if (Object.hasOwn(LEAD_SOURCE_LABELS, source)) query.source = source as LeadSource;
  else if (source) errors.source = "Choose a source from the list.";

  const owner = param(params, "owner");
  if (owner === UNASSIGNED || ID_PATTERN.test(owner)) query.owner = owner;
  else if (owner) errors.owner = "Choose an owner from the list.";

  return Object.keys(errors).length ? { ok: false, query, errors } : { ok: true, query };
}

/** The query string of a list view ("" when unfiltered), for pagination and the CSV link. */
export function leadListSearch(query: LeadListQuery, page = 1): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.source) params.set("source", query.source);
  if (query.owner) params.set("owner", query.owner);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isFiltered(query: LeadListQuery): boolean {
  return Boolean(query.q || query.status || query.source || query.owner);
}
