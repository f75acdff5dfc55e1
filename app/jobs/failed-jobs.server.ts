import { and, asc, count, desc, eq, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import type { TableQuery } from "~/utils/table-query";
import type { FailedJobSort } from "./failed-job-labels";
import type { Db } from "~/db/client.server";
import { auditLog, emailOutbox, failedJobs, jobErrors, jobIncidents, users, type FailedJobStatus } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { enqueueEmail, requeueStuckOutbox } from "~/email/outbox.server";
import { failedJobsAlertEmail } from "~/email/templates/failed-jobs-alert";
import { JobMessageSchema } from "~/jobs/messages";
import type { AppEnv } from "~/platform/env.server";

// Jobs that used up their retries land on the dead-letter queue; its consumer records each one
// here for admins to replay or dismiss (/admin/jobs), and tells the team once per incident.

export const DEAD_LETTER_QUEUE = "clarityai-jobs-dlq";
/** The first attempt plus `max_retries` (3) of the clarityai-jobs consumer in wrangler.toml. */
export const MAX_JOB_ATTEMPTS = 4;
/** The outbox dedupe key of an incident's alert email: one email per incident. */
export const INCIDENT_ALERT_KEY_PREFIX = "jobs.incident:";

const MAX_ERROR_LENGTH = 500;
const MAX_BODY_LENGTH = 16_000;

export type DeadLetter = {
  messageId: string;
  body: unknown;
  attempts: number;
  // When the message was first sent to the queue.
  queuedAt: Date;
  // Why it failed, when the caller knows; otherwise the error the jobs consumer kept (recordJobError).
  error?: string;
  // Refused for good on this attempt (a PermanentJobError), so never retried.
  refused?: boolean;
};

function clip(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Keeps the error of a job's last attempt, as its message goes to the dead-letter queue, for the
 * dead-letter consumer to record with it. Called on the last attempt only: one write per dead job.
 */
export async function recordJobError(db: Db, messageId: string, error: string, now = new Date()): Promise<void> {
  const failedAt = now.toISOString();
  await db
    .insert(jobErrors)
    .values({ messageId, error: clip(error, MAX_ERROR_LENGTH), failedAt })
    .onConflictDoUpdate({ target: jobErrors.messageId, set: { error: clip(error, MAX_ERROR_LENGTH), failedAt } });
}

function outboxIdOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { type, outboxId } = body as { type?: unknown; outboxId?: unknown };
  return type === "email.send" && typeof outboxId === "string" ? outboxId : null;
}

function typeOf(body: unknown): string {
  const type = body && typeof body === "object" ? (body as { type?: unknown }).type : undefined;
  return typeof type === "string" && type ? clip(type, 100) : "unknown";
}

// Job messages are a few ids; an oversized one is kept as valid JSON that says so (not replayable).
function storedBody(body: unknown, type: string): string {
  const json = JSON.stringify(body) ?? "null";
  return json.length <= MAX_BODY_LENGTH ? json : JSON.stringify({ type, truncated: true });
}

function alertEmail(
  env: Pick<AppEnv, "PUBLIC_SITE_URL" | "TEAM_INBOX" | "SESSION_SECRET">,
  incidentId: string,
  job: { type: string; attempts: number; error: string | null; queuedAt: string },
) {
  const site = env.PUBLIC_SITE_URL.replace(/\/+$/, "");
  return composeEmail(
    env,
    failedJobsAlertEmail,
    { ...job, reviewUrl: `${site}/admin/jobs` },
    { to: env.TEAM_INBOX, dedupeKey: `${INCIDENT_ALERT_KEY_PREFIX}${incidentId}` },
  );
}

/**
 * Records one dead-lettered message, once per message id however often it is delivered. The first
 * failure with no open incident opens one and queues ONE email to the team inbox; later failures
 * join the open incident quietly. A failed incident alert email is recorded too (and logged), but
 * never opens an incident of its own, so a broken email provider cannot make alerts loop.
 * Throws when D1 is unavailable: the caller retries the message rather than losing it.
 */
export async function recordFailedJob(db: Db, env: AppEnv, jobs: Queue, letter: DeadLetter, now = new Date()): Promise<{ recorded: boolean }> {
  const lastError = letter.error
    ? { error: clip(letter.error, MAX_ERROR_LENGTH), failedAt: now.toISOString() }
    : await db.query.jobErrors.findFirst({ where: eq(jobErrors.messageId, letter.messageId) });
  const outboxId = outboxIdOf(letter.body);
  const outboxRow = outboxId ? await db.query.emailOutbox.findFirst({ columns: { dedupeKey: true }, where: eq(emailOutbox.id, outboxId) }) : undefined;
  const isAlertEmail = Boolean(outboxRow?.dedupeKey.startsWith(INCIDENT_ALERT_KEY_PREFIX));
  const type = typeOf(letter.body);
  const queuedAt = Number.isNaN(letter.queuedAt.getTime()) ? now.toISOString() : letter.queuedAt.toISOString();

  // The row first: from here on no incident can close while this failure is unresolved.
  const [inserted] = await db
    .insert(failedJobs)
    .values({
      id: crypto.randomUUID(),
      messageId: letter.messageId,
      type,
      body: storedBody(letter.body, type),
      outboxId,
      error: lastError?.error ?? null,
      attempts: letter.attempts,
      queuedAt,
      failedAt: lastError?.failedAt ?? now.toISOString(),
    })
    .onConflictDoNothing({ target: failedJobs.messageId })
    .returning({ id: failedJobs.id });
  const row = await db.query.failedJobs.findFirst({ where: eq(failedJobs.messageId, letter.messageId) });
  if (!row) throw new Error("failed job not recorded");

  if (!isAlertEmail) await db.insert(jobIncidents).values({ id: crypto.randomUUID(), openKey: "open" }).onConflictDoNothing();
  const incident = await db.query.jobIncidents.findFirst({ where: eq(jobIncidents.openKey, "open") });
  if (incident && !row.incidentId) {
    await db
      .update(failedJobs)
      .set({ incidentId: incident.id })
      .where(and(eq(failedJobs.id, row.id), isNull(failedJobs.incidentId)));
  }
  if (incident && !isAlertEmail) {
    // Once per incident, whoever gets here first (the dedupe key makes the others no-ops). If the
    // send below fails, the row stays "pending" and the outbox sweep enqueues it later.
    await enqueueEmail(db, env, jobs, await alertEmail(env, incident.id, { type, attempts: row.attempts, error: row.error, queuedAt: row.queuedAt }));
  }
  await db.delete(jobErrors).where(eq(jobErrors.messageId, letter.messageId));

  if (inserted) {
    const detail = { id: row.id, type, messageId: letter.messageId, attempts: letter.attempts, error: row.error };
    if (isAlertEmail) console.error("jobs: the alert email about failed jobs could not be sent; it stays in the outbox", { ...detail, outboxId });
    else if (letter.refused) console.error("jobs: refused, not retried; recorded for admins at /admin/jobs", detail);
    else console.error("jobs: gave up after every retry; recorded for admins at /admin/jobs", detail);
  }
  return { recorded: Boolean(inserted) };
}

/** Closes the open incident once no failed job is left unresolved: the next failure alerts again. */
function closeIncidentIfResolved(db: Db, now: string) {
  return db
    .update(jobIncidents)
    .set({ openKey: null, closedAt: now })
    .where(
      and(
        eq(jobIncidents.openKey, "open"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(failedJobs)
            .where(eq(failedJobs.status, "failed")),
        ),
      ),
    );
}

export type ResolveOutcome = "replayed" | "dismissed" | "not-found" | "already-resolved" | "invalid";

/**
 * Sends a failed job's message to the queue again and marks it replayed by this admin. The row is
 * claimed first (only a "failed" row can be replayed, so two admins cannot replay it twice); if
 * the send fails it goes back to "failed" and the error propagates.
 */
export async function replayFailedJob(
  db: Db,
  jobs: Queue,
  id: string,
  adminId: string,
  ipHash: string | null = null,
  now = new Date(),
): Promise<ResolveOutcome> {
  const row = await db.query.failedJobs.findFirst({ where: eq(failedJobs.id, id) });
  if (!row) return "not-found";
  if (row.status !== "failed") return "already-resolved";
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    return "invalid";
  }
  const parsed = JobMessageSchema.safeParse(body);
  if (!parsed.success) return "invalid";
  const at = now.toISOString();
  const [claimed] = await db
    .update(failedJobs)
    .set({ status: "replayed", resolvedAt: at, resolvedBy: adminId })
    .where(and(eq(failedJobs.id, id), eq(failedJobs.status, "failed")))
    .returning({ id: failedJobs.id });
  if (!claimed) return "already-resolved";
  try {
    await jobs.send(parsed.data);
  } catch (error) {
    await db.update(failedJobs).set({ status: "failed", resolvedAt: null, resolvedBy: null }).where(eq(failedJobs.id, id));
    throw error;
  }
  await db.batch([
    closeIncidentIfResolved(db, at),
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      actorId: adminId,
      action: "failed_job_replayed",
      ipHash,
      detail: JSON.stringify({ failedJobId: id, type: row.type }),
    }),
  ]);
  return "replayed";
}

/** Marks a failed job as dismissed (nothing is sent) by this admin. */
export async function dismissFailedJob(db: Db, id: string, adminId: string, ipHash: string | null = null, now = new Date()): Promise<ResolveOutcome> {
  const at = now.toISOString();
  // One batch: the status, the incident check (which sees the new status) and the audit entry.
  const [dismissed] = await db.batch([
    db
      .update(failedJobs)
      .set({ status: "dismissed", resolvedAt: at, resolvedBy: adminId })
      .where(and(eq(failedJobs.id, id), eq(failedJobs.status, "failed")))
      .returning({ id: failedJobs.id, type: failedJobs.type }),
    closeIncidentIfResolved(db, at),
  ]);
  if (dismissed[0]) {
    await db.insert(auditLog).values({
      id: crypto.randomUUID(),
      actorId: adminId,
      action: "failed_job_dismissed",
      ipHash,
      detail: JSON.stringify({ failedJobId: id, type: dismissed[0].type }),
    });
    return "dismissed";
  }
  const row = await db.query.failedJobs.findFirst({ columns: { id: true }, where: eq(failedJobs.id, id) });
  return row ? "already-resolved" : "not-found";
}

/** Message fields shown to admins as they are; every other field is shown as hidden. */
const SHOWN_FIELDS = new Set(["type", "version", "task", "scheduledAt"]);

/** The message as field/value pairs an admin can read without seeing personal data (ids are shown, names and addresses are not). */
export function summariseJobBody(json: string): [string, string][] {
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return [["message", "(not readable)"]];
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return [["message", "(not an object)"]];
  return Object.entries(body)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => {
      const shown = SHOWN_FIELDS.has(key) || /Id$/.test(key);
      if (!shown) return [key, "(hidden)"];
      return [key, typeof value === "string" ? clip(value, 80) : clip(JSON.stringify(value) ?? "", 80)];
    });
}

export type FailedJobFilter = FailedJobStatus | "all";

const SORT_COLUMNS = {
  recorded: failedJobs.recordedAt,
  failed: failedJobs.failedAt,
  attempts: failedJobs.attempts,
  type: failedJobs.type,
} as const;

/** A page of failed jobs matching the list's query (waiting for review unless a status is chosen), with who resolved each. */
export async function listFailedJobs(db: Db, query: TableQuery<FailedJobSort, "status">) {
  const status = query.filters.status ?? "failed";
  const conditions: SQL[] = [];
  if (status !== "all") conditions.push(eq(failedJobs.status, status as FailedJobStatus));
  if (query.q) {
    conditions.push(sql`(instr(lower(${failedJobs.type}), lower(${query.q})) > 0 OR instr(lower(coalesce(${failedJobs.error}, '')), lower(${query.q})) > 0)`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const order = query.direction === "asc" ? [asc(column), asc(failedJobs.id)] : [desc(column), desc(failedJobs.id)];
  const [rows, [total], [unresolved], openIncident] = await Promise.all([
    db
      .select({
        id: failedJobs.id,
        type: failedJobs.type,
        body: failedJobs.body,
        error: failedJobs.error,
        attempts: failedJobs.attempts,
        queuedAt: failedJobs.queuedAt,
        failedAt: failedJobs.failedAt,
        recordedAt: failedJobs.recordedAt,
        status: failedJobs.status,
        resolvedAt: failedJobs.resolvedAt,
        resolvedByEmail: users.email,
      })
      .from(failedJobs)
      .leftJoin(users, eq(users.id, failedJobs.resolvedBy))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ n: count() }).from(failedJobs).where(where),
    db.select({ n: count() }).from(failedJobs).where(eq(failedJobs.status, "failed")),
    db.query.jobIncidents.findFirst({ where: eq(jobIncidents.openKey, "open") }),
  ]);
  return { rows, total: total?.n ?? 0, unresolved: unresolved?.n ?? 0, openIncident: openIncident ?? null };
}

/** How long a job_errors row may wait for its dead letter before it is treated as orphaned. */
const JOB_ERROR_RETENTION_MS = 7 * 24 * 3600_000;

/**
 * The frequent cron's work: re-enqueue outbox rows stuck in "pending" (see requeueStuckOutbox),
 * hand rows the sweep gave up on to admins as failed jobs (which alerts the team once per
 * incident), and drop last-error notes whose message never reached the dead-letter consumer.
 */
export async function sweepStuckOutbox(db: Db, env: AppEnv, jobs: Queue, now = new Date()) {
  const sweep = await requeueStuckOutbox(db, jobs, now);
  for (const { outboxId, requeues, createdAt } of sweep.givenUp) {
    await recordFailedJob(
      db,
      env,
      jobs,
      {
        messageId: `outbox-sweep:${outboxId}`,
        body: { type: "email.send", version: 1, outboxId },
        attempts: requeues,
        queuedAt: new Date(createdAt),
        error: `Still waiting to send after ${requeues} re-enqueues by the outbox sweep`,
      },
      now,
    );
  }
  await db.delete(jobErrors).where(lt(jobErrors.failedAt, new Date(now.getTime() - JOB_ERROR_RETENTION_MS).toISOString()));
  return sweep;
}
