import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { csvRow } from "~/attribution/report";
import { DIRECT, parseAttributionSnapshot, type Touch } from "~/attribution/types";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import {
  emailSuppressions,
  LEAD_ACTIVITY_KINDS,
  LEAD_SOURCES,
  leadActivities,
  leads,
  marketingConsentRequests,
  profiles,
  userRoles,
  users,
  type ConsentConfirmation,
  type LeadActivityKind,
  type LeadSource,
  type LeadStatus,
} from "~/db/schema";
import { sydneyWallClock } from "~/utils/sydney-time";
import { UNASSIGNED, type LeadListQuery } from "./admin";
import { parseEnquiryDetails, type EnquiryDetails } from "./enquiry-details";
import { parseTranscript, type TranscriptEntry } from "./transcript";

// The admins' side of leads (/admin/leads): the list with its search and filters, the CSV
// download, one lead with its activities, and the status, owner and notes an admin keeps on it.
// The routes check the admin role; these functions take the acting admin's id and trust it.

export const LEADS_PAGE_SIZE = 25;
/** Rows read per query while the CSV streams. */
const CSV_BATCH_ROWS = 200;
/** Who may own a lead: the team. */
const OWNER_ROLES = ["admin", "coach"] as const;

/** A refusal an admin can act on: 404 for a lead that doesn't exist, 400 for a bad choice (with its field). */
export class LeadAdminError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
    readonly field?: "status" | "ownerId" | "notes",
  ) {
    super(message);
  }
}

const owners = alias(users, "owners");
const ownerProfiles = alias(profiles, "owner_profiles");

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ").trim() || null;

/** Source, medium and campaign of a touch; a visit with no attribution is "(direct)". */
export type TouchSummary = { source: string; medium: string; campaign: string };

function touchSummary(touch: Touch | null | undefined): TouchSummary {
  return touch ? { source: touch.source, medium: touch.medium, campaign: touch.campaign } : { ...DIRECT };
}

/** The last touch of an activity's attribution snapshot (JSON), or "(direct)" when it has none. */
export function lastTouchOf(json: string | null): TouchSummary {
  return touchSummary(parseAttributionSnapshot(json)?.last);
}

/** The distinct sources of a lead's activities (group_concat), in the schema's order. */
function sourcesOf(list: string | null): LeadSource[] {
  const found = new Set((list ?? "").split(","));
  return LEAD_SOURCES.filter((source) => found.has(source));
}

function searchCondition(text: string): SQL {
  // instr() takes the text literally (no LIKE wildcards) and lower() ignores ASCII case.
  return sql`(instr(lower(${leads.name}), lower(${text})) > 0 OR instr(lower(${leads.email}), lower(${text})) > 0 OR instr(lower(coalesce(${leads.company}, '')), lower(${text})) > 0)`;
}

function leadWhere(query: LeadListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.status) conditions.push(eq(leads.status, query.status));
  if (query.source) {
    conditions.push(sql`EXISTS (SELECT 1 FROM lead_activities la WHERE la.lead_id = ${leads.id} AND la.source = ${query.source})`);
  }
  if (query.owner === UNASSIGNED) conditions.push(isNull(leads.ownerId));
  else if (query.owner) conditions.push(eq(leads.ownerId, query.owner));
  return conditions.length ? and(...conditions) : undefined;
}

/** Leads matching the query with their owner, activity sources and the newest activity's attribution, most recently active first. */
function selectLeads(db: Db, query: LeadListQuery, order: LeadOrder = { sort: "activity", direction: "desc" }) {
  return db
    .select({
      lead: leads,
      ownerEmail: owners.email,
      ownerFirst: ownerProfiles.firstName,
      ownerLast: ownerProfiles.lastName,
      sources: sql<string | null>`(SELECT group_concat(DISTINCT la.source) FROM lead_activities la WHERE la.lead_id = ${leads.id} AND la.kind IS NULL)`,
      kinds: sql<string | null>`(SELECT group_concat(DISTINCT la.kind) FROM lead_activities la WHERE la.lead_id = ${leads.id})`,
      latestAttribution: sql<
        string | null
      >`(SELECT la.attribution FROM lead_activities la WHERE la.lead_id = ${leads.id} ORDER BY la.created_at DESC, la.id DESC LIMIT 1)`,
      consentAskedAt: sql<
        string | null
      >`(SELECT max(r.requested_at) FROM ${marketingConsentRequests} r WHERE r.lead_id = ${leads.id} AND r.confirmed_at IS NULL AND r.expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    })
    .from(leads)
    .leftJoin(owners, eq(owners.id, leads.ownerId))
    .leftJoin(ownerProfiles, eq(ownerProfiles.userId, leads.ownerId))
    .where(leadWhere(query))
    .orderBy(...leadOrder(order));
}

export const LEAD_SORTS = ["activity", "name", "status"] as const;
export type LeadOrder = { sort: (typeof LEAD_SORTS)[number]; direction: "asc" | "desc" };

function leadOrder({ sort, direction }: LeadOrder) {
  const by = direction === "asc" ? asc : desc;
  const column =
    sort === "name"
      ? sql`lower(${leads.name})`
      : sort === "status"
        ? sql`CASE ${leads.status} WHEN 'new' THEN 0 WHEN 'contacted' THEN 1 WHEN 'won' THEN 2 ELSE 3 END`
        : leads.lastActivityAt;
  // The id settles ties, so no lead repeats or goes missing across pages.
  return [by(column), by(leads.id)];
}

type SelectedLead = Awaited<ReturnType<ReturnType<typeof selectLeads>["all"]>>[number];

export type LeadListItem = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  /** Where the lead's enquiries came from. */
  sources: LeadSource[];
  /** What they booked and paid: "Booked a discovery call", "Became a paying client". */
  kinds: LeadActivityKind[];
  /** The newest activity's last touch. */
  lastTouch: TouchSummary;
  /** When the address confirmed marketing consent. */
  marketingConsentAt: string | null;
  /** When marketing consent was last asked for and is still waiting for the address to confirm it. */
  consentPendingSince: string | null;
  status: LeadStatus;
  owner: string | null;
  lastActivityAt: string;
};

function ownerLabel(row: Pick<SelectedLead, "ownerEmail" | "ownerFirst" | "ownerLast">): string | null {
  return personName(row.ownerFirst, row.ownerLast) ?? row.ownerEmail;
}

function listItem(row: SelectedLead): LeadListItem {
  const { lead } = row;
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    sources: sourcesOf(row.sources),
    kinds: LEAD_ACTIVITY_KINDS.filter((kind) => (row.kinds ?? "").split(",").includes(kind)),
    lastTouch: lastTouchOf(row.latestAttribution),
    marketingConsentAt: lead.marketingConsentAt,
    consentPendingSince: lead.marketingConsentAt ? null : row.consentAskedAt,
    status: lead.status,
    owner: ownerLabel(row),
    lastActivityAt: lead.lastActivityAt,
  };
}

export async function listLeads(
  db: Db,
  query: LeadListQuery,
  page = 1,
  order?: LeadOrder,
): Promise<{ items: LeadListItem[]; total: number; pageCount: number }> {
  const [rows, [total]] = await Promise.all([
    selectLeads(db, query, order)
      .limit(LEADS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * LEADS_PAGE_SIZE)
      .all(),
    db.select({ n: count() }).from(leads).where(leadWhere(query)),
  ]);
  const n = total?.n ?? 0;
  return { items: rows.map(listItem), total: n, pageCount: Math.max(1, Math.ceil(n / LEADS_PAGE_SIZE)) };
}

/** The team members a lead can be assigned to (admins and coaches), by name. */
export async function listLeadOwners(db: Db): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .selectDistinct({ id: users.id, email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(userRoles.role, [...OWNER_ROLES]))
    .orderBy(asc(profiles.firstName), asc(profiles.lastName), asc(users.email))
    .all();
  return rows.map((row) => {
    const name = personName(row.firstName, row.lastName);
    return { id: row.id, label: name && row.email ? `${name} (${row.email})` : (name ?? row.email ?? row.id) };
  });
}

// ── One lead ──

export type LeadActivityView = {
  id: string;
  source: LeadSource;
  /** A booking or payment activity (null for an enquiry). */
  kind: LeadActivityKind | null;
  createdAt: string;
  updatedAt: string;
  pagePath: string | null;
  message: string | null;
  resourceSlug: string | null;
  /** Null when the enquiry has no attribution snapshot. */
  attribution: { first: TouchSummary & { landingPage: string }; last: TouchSummary & { landingPage: string } } | null;
  /** The name, company, phone and business type this enquiry gave (a stranger's cannot change the lead's). */
  details: EnquiryDetails | null;
  transcript: TranscriptEntry[];
};

/**
 * Marketing consent as the team reads it: confirmed (when, from which form, asked when and how it
 * was confirmed), pending (asked, the emailed link still works), asked but never confirmed, or none.
 */
export type LeadConsent =
  | { state: "confirmed"; confirmedAt: string; source: string | null; requestedAt: string | null; by: ConsentConfirmation | null }
  | { state: "pending"; requestedAt: string; source: string; expiresAt: string }
  | { state: "not-confirmed"; requestedAt: string; source: string }
  | { state: "none" };

type ConsentRequestRow = typeof marketingConsentRequests.$inferSelect;

function consentOf(lead: { marketingConsentAt: string | null; marketingConsentSource: string | null }, requests: ConsentRequestRow[], now: Date): LeadConsent {
  if (lead.marketingConsentAt) {
    const request = requests.find((r) => r.confirmedAt === lead.marketingConsentAt);
    return {
      state: "confirmed",
      confirmedAt: lead.marketingConsentAt,
      source: lead.marketingConsentSource,
      requestedAt: request?.requestedAt ?? null,
      by: request?.confirmedBy ?? null,
    };
  }
  const latest = requests[0];
  if (!latest) return { state: "none" };
  if (!latest.confirmedAt && Date.parse(latest.expiresAt) > now.getTime()) {
    return { state: "pending", requestedAt: latest.requestedAt, source: latest.source, expiresAt: latest.expiresAt };
  }
  return { state: "not-confirmed", requestedAt: latest.requestedAt, source: latest.source };
}

export type LeadDetail = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  businessType: string | null;
  firstSource: LeadSource;
  status: LeadStatus;
  ownerId: string | null;
  owner: string | null;
  notes: string | null;
  marketingConsentAt: string | null;
  marketingConsentSource: string | null;
  consent: LeadConsent;
  /** When the address unsubscribed from marketing email, if it has. */
  unsubscribedAt: string | null;
  createdAt: string;
  lastActivityAt: string;
  activities: LeadActivityView[];
};

function withLandingPage(touch: Touch): TouchSummary & { landingPage: string } {
  return { ...touchSummary(touch), landingPage: typeof touch.landingPage === "string" ? touch.landingPage : "" };
}

/** The lead with its activities, newest first; null when there is no such lead. */
export async function getLead(db: Db, id: string, now = new Date()): Promise<LeadDetail | null> {
  if (id.length > 100) return null;
  const [row, activities, consentRequests] = await Promise.all([
    db
      .select({ lead: leads, ownerEmail: owners.email, ownerFirst: ownerProfiles.firstName, ownerLast: ownerProfiles.lastName })
      .from(leads)
      .leftJoin(owners, eq(owners.id, leads.ownerId))
      .leftJoin(ownerProfiles, eq(ownerProfiles.userId, leads.ownerId))
      .where(eq(leads.id, id))
      .get(),
    db.select().from(leadActivities).where(eq(leadActivities.leadId, id)).orderBy(desc(leadActivities.createdAt), desc(leadActivities.id)).all(),
    db.select().from(marketingConsentRequests).where(eq(marketingConsentRequests.leadId, id)).orderBy(desc(marketingConsentRequests.requestedAt)).all(),
  ]);
  if (!row) return null;
  const { lead } = row;
  const suppression = await db.select({ at: emailSuppressions.createdAt }).from(emailSuppressions).where(eq(emailSuppressions.email, lead.email)).get();
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    phone: lead.phone,
    businessType: lead.businessType,
    firstSource: lead.source,
    status: lead.status,
    ownerId: lead.ownerId,
    owner: ownerLabel(row),
    notes: lead.notes,
    marketingConsentAt: lead.marketingConsentAt,
    marketingConsentSource: lead.marketingConsentSource,
    consent: consentOf(lead, consentRequests, now),
    unsubscribedAt: suppression?.at ?? null,
    createdAt: lead.createdAt,
    lastActivityAt: lead.lastActivityAt,
    activities: activities.map((activity) => {
      const attribution = parseAttributionSnapshot(activity.attribution);
      return {
        id: activity.id,
        source: activity.source,
        kind: activity.kind,
        createdAt: activity.createdAt,
        updatedAt: activity.updatedAt,
        pagePath: activity.pagePath,
        message: activity.message,
        resourceSlug: activity.resourceSlug,
        attribution: attribution ? { first: withLandingPage(attribution.first), last: withLandingPage(attribution.last) } : null,
        details: parseEnquiryDetails(activity.details),
        transcript: parseTranscript(activity.transcript),
      };
    }),
  };
}

// ── Changes: each is written with its audit entry in one batch ──

export type LeadActor = { id: string; ipHash: string | null };

async function requireLead(db: Db, id: string) {
  const row =
    id.length <= 100
      ? await db.select({ status: leads.status, ownerId: leads.ownerId, notes: leads.notes }).from(leads).where(eq(leads.id, id)).get()
      : undefined;
  if (!row) throw new LeadAdminError(404, "That lead doesn't exist.");
  return row;
}

/** One field of the lead changed, audited with its diff (the notes' text is never kept: only that they changed). */
function changeLead(db: Db, id: string, actor: LeadActor, set: Partial<typeof leads.$inferInsert>, field: string, from: unknown, to: unknown, at: Date) {
  return db.batch([
    db
      .update(leads)
      .set({ ...set, updatedAt: at.toISOString() })
      .where(eq(leads.id, id)),
    adminAuditStatement(db, {
      action: "lead_updated",
      actorId: actor.id,
      ipHash: actor.ipHash,
      targetType: "lead",
      targetId: id,
      before: { [field]: from },
      after: { [field]: to },
      redact: ["notes"],
    }),
  ]);
}

/** Sets the lead's status. Nothing is written (or audited) when it already has it. */
export async function updateLeadStatus(db: Db, id: string, status: LeadStatus, actor: LeadActor, at = new Date()): Promise<{ changed: boolean }> {
  const lead = await requireLead(db, id);
  if (lead.status === status) return { changed: false };
  await changeLead(db, id, actor, { status }, "status", lead.status, status, at);
  return { changed: true };
}

/** Gives the lead to a team member (an admin or coach), or to nobody (null). */
export async function assignLeadOwner(db: Db, id: string, ownerId: string | null, actor: LeadActor, at = new Date()): Promise<{ changed: boolean }> {
  const lead = await requireLead(db, id);
  if (ownerId !== null) {
    const member = await db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, ownerId), inArray(userRoles.role, [...OWNER_ROLES])))
      .get();
    if (!member) throw new LeadAdminError(400, "Choose an owner from the list: an admin or a coach.", "ownerId");
  }
  if (lead.ownerId === ownerId) return { changed: false };
  await changeLead(db, id, actor, { ownerId }, "owner", lead.ownerId, ownerId, at);
  return { changed: true };
}

/** Replaces the lead's notes (empty clears them). The audit entry records that they changed, never the text. */
export async function saveLeadNotes(db: Db, id: string, notes: string, actor: LeadActor, at = new Date()): Promise<{ changed: boolean }> {
  const lead = await requireLead(db, id);
  const value = notes === "" ? null : notes;
  if (lead.notes === value) return { changed: false };
  await changeLead(db, id, actor, { notes: value }, "notes", lead.notes, value, at);
  return { changed: true };
}

// ── CSV ──

export const LEADS_CSV_HEADER = [
  "ID",
  "Name",
  "Email",
  "Company",
  "Phone",
  "Business type",
  "Status",
  "Owner",
  "Sources",
  "Marketing consent at (Sydney)",
  "Marketing consent source",
  "First seen (Sydney)",
  "Last activity (Sydney)",
  "Last-touch source",
  "Last-touch medium",
  "Last-touch campaign",
  "Notes",
];

/** "2026-11-03 10:15:00" on a Sydney clock; empty for no time. */
function sydneyTimestamp(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const c = sydneyWallClock(at);
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`;
}

function csvLine(row: SelectedLead): string {
  const { lead } = row;
  const touch = lastTouchOf(row.latestAttribution);
  return csvRow([
    lead.id,
    lead.name,
    lead.email,
    lead.company,
    lead.phone,
    lead.businessType,
    lead.status,
    ownerLabel(row),
    sourcesOf(row.sources).join("; "),
    sydneyTimestamp(lead.marketingConsentAt),
    lead.marketingConsentAt ? lead.marketingConsentSource : null,
    sydneyTimestamp(lead.createdAt),
    sydneyTimestamp(lead.lastActivityAt),
    touch.source,
    touch.medium,
    touch.campaign,
    lead.notes,
  ]);
}

/**
 * Every lead matching the query as CSV, in the list's order, streamed a batch of rows at a time.
 * Cells that a spreadsheet would run as a formula are neutralised by csvCell.
 */
export function leadsCsv(db: Db, query: LeadListQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = -1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset < 0) {
        offset = 0;
        // A byte-order mark, so spreadsheet apps read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(LEADS_CSV_HEADER)}`));
        return;
      }
      const rows = await selectLeads(db, query).limit(CSV_BATCH_ROWS).offset(offset).all();
      offset += rows.length;
      if (rows.length) controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
      if (rows.length < CSV_BATCH_ROWS) controller.close();
    },
  });
}
