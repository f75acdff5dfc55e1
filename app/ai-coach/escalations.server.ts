import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/sqlite-core";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { aiConversations, aiEscalations, aiSubscriptions, profiles, userRoles, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { escalationReplyEmail } from "~/email/templates/escalation-reply";
import type { AppContext } from "~/context.server";
import { filterCount, type EscalationCounts, type EscalationFilter } from "./escalation-schemas";

// The admins' side of expert escalations (/admin/escalations): list, read, assign, reply and
// resolve. Raising one is in escalation-requests.server.ts. The routes check the admin role; these
// functions take the acting admin's id and trust it.

export type EscalationState = "open" | "assigned" | "resolved";

/** A refusal an admin can act on (shown as the form's error). */
export class EscalationError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const ESCALATIONS_PAGE_SIZE = 25;

const assignees = alias(users, "assignees");
const assigneeProfiles = alias(profiles, "assignee_profiles");

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ").trim() || null;

/** What every view of an escalation shows beside its own columns: the client, the plan tier and the assignee. */
const PEOPLE_COLUMNS = {
  clientEmail: users.email,
  clientFirst: profiles.firstName,
  clientLast: profiles.lastName,
  conversationTier: aiConversations.tier,
  subscriptionTier: aiSubscriptions.tier,
  assigneeEmail: assignees.email,
  assigneeFirst: assigneeProfiles.firstName,
  assigneeLast: assigneeProfiles.lastName,
};

/** Escalations with the given columns and PEOPLE_COLUMNS, for the caller to filter, order and page. */
function selectEscalations<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select({ ...fields, ...PEOPLE_COLUMNS })
    .from(aiEscalations)
    .innerJoin(users, eq(users.id, aiEscalations.userId))
    .leftJoin(profiles, eq(profiles.userId, aiEscalations.userId))
    .leftJoin(aiConversations, eq(aiConversations.id, aiEscalations.conversationId))
    .leftJoin(aiSubscriptions, eq(aiSubscriptions.userId, aiEscalations.userId))
    .leftJoin(assignees, eq(assignees.id, aiEscalations.assignedTo))
    .leftJoin(assigneeProfiles, eq(assigneeProfiles.userId, aiEscalations.assignedTo));
}

type PeopleRow = {
  clientEmail: string | null;
  clientFirst: string | null;
  clientLast: string | null;
  conversationTier: "lite" | "pro" | null;
  subscriptionTier: "lite" | "pro" | null;
  assigneeEmail: string | null;
  assigneeFirst: string | null;
  assigneeLast: string | null;
};

/** PEOPLE_COLUMNS as shown: names where the profile has them, and the conversation's tier before the current plan's. */
function people(row: PeopleRow) {
  return {
    clientName: personName(row.clientFirst, row.clientLast),
    clientEmail: row.clientEmail,
    tier: row.conversationTier ?? row.subscriptionTier ?? null,
    assignee: personName(row.assigneeFirst, row.assigneeLast) ?? row.assigneeEmail,
  };
}

function filterWhere(filter: EscalationFilter): SQL | undefined {
  switch (filter) {
    case "active":
      return inArray(aiEscalations.status, ["open", "assigned"]);
    case "all":
      return undefined;
    default:
      return eq(aiEscalations.status, filter);
  }
}

export type EscalationListItem = {
  id: string;
  clientName: string | null;
  clientEmail: string | null;
  tier: "lite" | "pro" | null;
  createdAt: string;
  trigger: "model" | "user";
  reason: string | null;
  status: EscalationState;
  assignee: string | null;
};

/**
 * Open ones first, oldest first (the longest waiting at the top), then assigned ones, oldest first;
 * resolved ones last, most recently resolved first. With the count of each status, for the
 * filter links; the filter's total is read from them.
 */
export async function listEscalations(
  db: Db,
  filter: EscalationFilter,
  page = 1,
  /** "queue": open, then assigned (oldest first), then the latest resolved; "raised": by when it was raised. */
  order: { sort: "queue" | "raised"; direction: "asc" | "desc" } = { sort: "queue", direction: "asc" },
): Promise<{ items: EscalationListItem[]; total: number; pageCount: number; counts: EscalationCounts }> {
  const [rows, counts] = await Promise.all([
    selectEscalations(db, {
      id: aiEscalations.id,
      createdAt: aiEscalations.createdAt,
      trigger: aiEscalations.trigger,
      reason: aiEscalations.reason,
      status: aiEscalations.status,
    })
      .where(filterWhere(filter))
      .orderBy(
        ...(order.sort === "raised"
          ? [order.direction === "asc" ? asc(aiEscalations.createdAt) : desc(aiEscalations.createdAt), asc(aiEscalations.id)]
          : [
              sql`CASE ${aiEscalations.status} WHEN 'open' THEN 0 WHEN 'assigned' THEN 1 ELSE 2 END`,
              desc(sql`CASE WHEN ${aiEscalations.status} = 'resolved' THEN ${aiEscalations.resolvedAt} END`),
              asc(aiEscalations.createdAt),
              asc(aiEscalations.id),
            ]),
      )
      .limit(ESCALATIONS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * ESCALATIONS_PAGE_SIZE)
      .all(),
    escalationCounts(db),
  ]);
  const total = filterCount(filter, counts);
  return {
    total,
    counts,
    pageCount: Math.max(1, Math.ceil(total / ESCALATIONS_PAGE_SIZE)),
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      trigger: row.trigger,
      reason: row.reason,
      status: row.status,
      ...people(row),
    })),
  };
}

async function escalationCounts(db: Db): Promise<EscalationCounts> {
  const rows = await db.select({ status: aiEscalations.status, n: count() }).from(aiEscalations).groupBy(aiEscalations.status).all();
  const counts = { open: 0, assigned: 0, resolved: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export type TranscriptEntry = { role: "user" | "assistant" | "expert"; content: string; timestamp: string | null };

/** The stored transcript copy (a JSON array of { role, content, timestamp }); anything malformed is left out. */
export function parseTranscript(text: string | null): TranscriptEntry[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): TranscriptEntry[] => {
    if (!entry || typeof entry !== "object") return [];
    const { role, content, timestamp } = entry as Record<string, unknown>;
    if ((role !== "user" && role !== "assistant" && role !== "expert") || typeof content !== "string") return [];
    return [{ role, content, timestamp: typeof timestamp === "string" ? timestamp : null }];
  });
}

export type EscalationDetail = EscalationListItem & {
  userId: string;
  conversationId: string;
  conversationExists: boolean;
  question: string | null;
  transcript: TranscriptEntry[];
  transcriptPurgedAt: string | null;
  assignedTo: string | null;
  reply: string | null;
  repliedAt: string | null;
  resolvedAt: string | null;
};

export async function getEscalation(db: Db, id: string): Promise<EscalationDetail | null> {
  if (id.length > 100) return null;
  const row = await selectEscalations(db, { escalation: aiEscalations, liveConversationId: aiConversations.id }).where(eq(aiEscalations.id, id)).get();
  if (!row) return null;
  const e = row.escalation;
  return {
    id: e.id,
    userId: e.userId,
    conversationId: e.conversationId,
    conversationExists: row.liveConversationId !== null,
    createdAt: e.createdAt,
    trigger: e.trigger,
    reason: e.reason,
    status: e.status,
    ...people(row),
    assignedTo: e.assignedTo,
    question: e.question,
    transcript: parseTranscript(e.transcript),
    transcriptPurgedAt: e.transcriptPurgedAt,
    reply: e.reply,
    repliedAt: e.repliedAt,
    resolvedAt: e.resolvedAt,
  };
}

/** The administrators an escalation can be assigned to. */
export async function listAdmins(db: Db): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(users.email))
    .all();
  return rows.map((row) => {
    const name = personName(row.firstName, row.lastName);
    return { id: row.id, label: name && row.email ? `${name} (${row.email})` : (name ?? row.email ?? row.id) };
  });
}

async function requireEscalation(db: Db, id: string) {
  const row = id.length <= 100 ? await db.select().from(aiEscalations).where(eq(aiEscalations.id, id)).get() : undefined;
  if (!row) throw new EscalationError(404, "That escalation doesn't exist.");
  return row;
}

/** Assigns the escalation to an administrator (open → assigned). A resolved one stays as it was. */
export async function assignEscalation(db: Db, id: string, assigneeId: string, actorId: string, now = new Date()): Promise<void> {
  const escalation = await requireEscalation(db, id);
  if (escalation.status === "resolved") throw new EscalationError(409, "This escalation is resolved; there's nothing left to assign.");
  const admin = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, assigneeId), eq(userRoles.role, "admin")))
    .get();
  if (!admin) throw new EscalationError(400, "Escalations can only be assigned to an administrator.");
  const at = now.toISOString();
  if (escalation.assignedTo === assigneeId && escalation.status !== "open") return;
  const status = escalation.status === "open" ? "assigned" : escalation.status;
  await db.batch([
    db
      .update(aiEscalations)
      .set({ assignedTo: assigneeId, status: sql`CASE ${aiEscalations.status} WHEN 'open' THEN 'assigned' ELSE ${aiEscalations.status} END`, updatedAt: at })
      .where(and(eq(aiEscalations.id, id), sql`${aiEscalations.status} <> 'resolved'`)),
    adminAuditStatement(db, {
      action: "escalation_assigned",
      actorId,
      targetType: "escalation",
      targetId: id,
      before: { status: escalation.status, assignedTo: escalation.assignedTo },
      after: { status, assignedTo: assigneeId },
    }),
  ]);
}

export type ReplyOutcome = {
  /** False when the reply was stored earlier (a repeated submit): it is delivered again, once at most. */
  stored: boolean;
  /** The client's email address it went to; null when the account has none. */
  emailedTo: string | null;
  /** False when the conversation is gone (deleted by the client or by retention). */
  addedToConversation: boolean;
};

/**
 * Replies to the client, once per escalation. The reply and its status are stored in D1 first;
 * then the email goes through the outbox and the reply is added to the conversation as an
 * "expert" message. Each of those steps is idempotent (the outbox's dedupe key, the object's one
 * expert message per escalation), so a repeated submit — after a failure part-way, say — completes
 * what is missing and duplicates nothing.
 */
export async function replyToEscalation(
  context: Pick<AppContext, "db" | "env" | "siteOrigin" | "cloudflare" | "services">,
  id: string,
  adminId: string,
  reply: string,
): Promise<ReplyOutcome> {
  const { db, env } = context;
  const now = context.services.clock.now();
  const escalation = await requireEscalation(db, id);
  const at = now.toISOString();
  let stored = false;
  if (escalation.reply === null) {
    const [result] = await db.batch([
      db
        .update(aiEscalations)
        .set({
          reply,
          repliedAt: at,
          assignedTo: sql`coalesce(${aiEscalations.assignedTo}, ${adminId})`,
          status: sql`CASE ${aiEscalations.status} WHEN 'open' THEN 'assigned' ELSE ${aiEscalations.status} END`,
          updatedAt: at,
        })
        .where(and(eq(aiEscalations.id, id), isNull(aiEscalations.reply))),
      // The reply's words are the client's business: the entry says that it was sent, not what it says.
      adminAuditStatement(db, {
        action: "escalation_replied",
        actorId: adminId,
        targetType: "escalation",
        targetId: id,
        before: { status: escalation.status, assignedTo: escalation.assignedTo, reply: null },
        after: { status: escalation.status === "open" ? "assigned" : escalation.status, assignedTo: escalation.assignedTo ?? adminId, reply },
        redact: ["reply"],
      }),
    ]);
    stored = result.meta.changes === 1;
  }
  const current = stored ? { ...escalation, reply, repliedAt: at } : await requireEscalation(db, id);
  if (!stored && current.reply !== reply) {
    // Someone replied first, with other words: the client has one answer, not two.
    throw new EscalationError(409, "This escalation has already been replied to. The reply sent is shown below.");
  }
  const text = current.reply!;
  const repliedAt = current.repliedAt ?? at;

  const client = await db
    .select({ email: users.email, firstName: profiles.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, current.userId))
    .get();
  const conversationUrl = `${context.siteOrigin}/profile?tab=ai-assistant&c=${encodeURIComponent(current.conversationId)}`;
  let emailedTo: string | null = null;
  if (client?.email) {
    const email = await composeEmail(
      env,
      escalationReplyEmail,
      { firstName: client.firstName ?? null, question: current.question, reply: text, conversationUrl },
      { to: client.email, dedupeKey: `escalation.reply:${current.id}` },
    );
    await context.services.email.enqueue(email);
    emailedTo = client.email;
  }

  const addedToConversation = await appendExpertReply(context, current.conversationId, { escalationId: current.id, content: text, repliedAt });
  return { stored, emailedTo, addedToConversation };
}

/**
 * Adds the reply to the conversation, if it still exists. A conversation that is gone is not
 * brought back: its index row is checked first, and again after, in case it was deleted meanwhile.
 */
async function appendExpertReply(
  context: Pick<AppContext, "db" | "cloudflare">,
  conversationId: string,
  input: { escalationId: string; content: string; repliedAt: string },
): Promise<boolean> {
  const exists = async () =>
    (await context.db.select({ id: aiConversations.id }).from(aiConversations).where(eq(aiConversations.id, conversationId)).get()) !== undefined;
  if (!(await exists())) return false;
  const conversations = context.cloudflare.env.CONVERSATION;
  const stub = conversations.get(conversations.idFromName(conversationId));
  try {
    await stub.addExpertReply(input);
    if (await exists()) return true;
    await stub.purge();
    return false;
  } catch (error) {
    console.warn("escalations: the reply could not be added to the conversation", error instanceof Error ? error.message : String(error));
    // The reply is stored and emailed; delivering it again adds it to the conversation once.
    throw new EscalationError(
      503,
      "The reply is saved and emailed, but it couldn't be added to the client's conversation just now. Use “Deliver the reply again” in a minute.",
    );
  }
}

/** Marks the escalation resolved (assigning it to the resolving admin if it had no one). Repeating it changes nothing. */
export async function resolveEscalation(db: Db, id: string, adminId: string, now = new Date()): Promise<{ changed: boolean }> {
  const escalation = await requireEscalation(db, id);
  if (escalation.status === "resolved") return { changed: false };
  const at = now.toISOString();
  const [result] = await db.batch([
    db
      .update(aiEscalations)
      .set({ status: "resolved", resolvedAt: at, assignedTo: sql`coalesce(${aiEscalations.assignedTo}, ${adminId})`, updatedAt: at })
      .where(and(eq(aiEscalations.id, id), sql`${aiEscalations.status} <> 'resolved'`)),
    adminAuditStatement(db, {
      action: "escalation_resolved",
      actorId: adminId,
      targetType: "escalation",
      targetId: id,
      before: { status: escalation.status, assignedTo: escalation.assignedTo },
      after: { status: "resolved", assignedTo: escalation.assignedTo ?? adminId },
    }),
  ]);
  return { changed: result.meta.changes === 1 };
}

/** For the user's data export: their escalations, with the transcript copy while it is kept. */
export async function escalationsForExport(db: Db, userId: string) {
  const rows = await db.select().from(aiEscalations).where(eq(aiEscalations.userId, userId)).orderBy(asc(aiEscalations.createdAt)).all();
  return rows.map(({ assignedTo: _assignedTo, transcript, ...row }) => ({ ...row, transcript: transcript === null ? null : parseTranscript(transcript) }));
}
