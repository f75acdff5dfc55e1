import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditStatement, type AuditAction } from "~/auth/audit.server";
import { inviteUserByEmail } from "~/auth/invitations.server";
import { findUserByEmail } from "~/auth/users.server";
import { localDate } from "~/booking/time-zones";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import {
  coachApplicationEvents,
  coachApplicationNotes,
  coachApplications,
  coachProfiles,
  coachSchedules,
  userRoles,
  users,
  type CoachApplicationStatus,
} from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { outboxInsert } from "~/email/outbox.server";
import { coachApplicationEmail, type CoachApplicationEmailKind } from "~/email/templates/coach-application";
import { clientSource, consumeRateLimit, limitSubject, type RateLimitRule } from "~/platform/rate-limit.server";
import { base64url } from "~/utils/base64url";
import { hmacSha256 } from "~/utils/hex";
import {
  APPLICATION_PAGE_SIZE,
  APPLICATION_TEXT_FIELDS,
  canMove,
  COACH_TERMS_VERSION,
  OPEN_STATUSES,
  type ApplicationField,
  type ApplicationFormValues,
} from "./applications";
import { applicationSchema, type ApplicationInput } from "./application-schemas.server";
import { checkCv, CV_TYPES } from "./cv";

// Coach applications on the server: submitting (validation, CV, abuse limits, one open application
// per email), the applicant's signed link, the review's moves (each audited, recorded in the
// status history and emailed in the same batch) and approval, which makes the person a coach.

/** Per source: a few applications an hour is plenty for a household or an office. */
export const APPLICATION_SOURCE_LIMIT: RateLimitRule = { name: "coach-application", limit: 5, windowMs: 60 * 60 * 1000 };
/** Per email address: an applicant may correct their application a few times a day. */
export const APPLICATION_EMAIL_LIMIT: RateLimitRule = { name: "coach-application-email", limit: 5, windowMs: 24 * 60 * 60 * 1000 };

export type CoachApplication = typeof coachApplications.$inferSelect;
type Actor = { id: string; ipHash?: string | null };

export class ApplicationError extends Error {
  constructor(
    readonly status: 404 | 409 | 400,
    message: string,
  ) {
    super(message);
  }
}

// ── The signed link ────────────────────────────────────────────────────────────────────────────────

const LINK_VERSION = "a1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function linkSignature(secret: string, id: string) {
  return base64url(await hmacSha256(secret, `coach-application:${id}`));
}

/** The token of an application's own page: its id, signed with the session secret. It names one application and cannot be forged. */
export async function applicationToken(context: Pick<AppContext, "env">, id: string): Promise<string> {
  return `${LINK_VERSION}.${id}.${await linkSignature(context.env.SESSION_SECRET, id)}`;
}

export async function applicationUrl(context: Pick<AppContext, "env" | "siteOrigin">, id: string): Promise<string> {
  return `${context.siteOrigin}/coach-registration/${await applicationToken(context, id)}`;
}

/** The application a token names, or null when it is malformed or tampered with. */
export async function verifyApplicationToken(context: Pick<AppContext, "env">, token: string): Promise<string | null> {
  if (typeof token !== "string" || token.length > 200) return null;
  const [version, id, mac, ...rest] = token.split(".");
  if (version !== LINK_VERSION || !id || !mac || rest.length > 0 || !UUID.test(id)) return null;
  const expected = await linkSignature(context.env.SESSION_SECRET, id);
  if (expected.length !== mac.length) return null;
  let diff = 0;
  for (let i = 0; i < mac.length; i++) diff |= mac.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0 ? id : null;
}

// ── Emails and the status history, as batch statements ──────────────────────────────────────────────

async function emailStatements(context: AppContext, application: CoachApplication, kind: CoachApplicationEmailKind, dedupeKey: string, extra: object = {}) {
  const outboxId = crypto.randomUUID();
  const email = await composeEmail(
    context.env,
    coachApplicationEmail,
    { kind, firstName: application.firstName, applicationUrl: await applicationUrl(context, application.id), ...extra },
    { to: application.email, dedupeKey },
  );
  return { statement: outboxInsert(context.db, context.env, email, outboxId), outboxId };
}

async function queueDelivery(context: AppContext, outboxId: string) {
  await context.services.jobs.send({ type: "email.send", version: 1, outboxId });
}

function eventStatement(
  db: Db,
  input: {
    id?: string;
    applicationId: string;
    from: CoachApplicationStatus | null;
    to: CoachApplicationStatus;
    actorId: string | null;
    reason?: string | null;
    at: string;
  },
) {
  return db
    .insert(coachApplicationEvents)
    .values({
      id: input.id ?? crypto.randomUUID(),
      applicationId: input.applicationId,
      fromStatus: input.from,
      toStatus: input.to,
      actorId: input.actorId,
      reason: input.reason ?? null,
      createdAt: input.at,
    })
    .onConflictDoNothing();
}

function auditOf(db: Db, action: AuditAction, actor: Actor | null, detail: Record<string, unknown>, targetId: string | null = null, id?: string) {
  return auditStatement(db, { action, actorId: actor?.id ?? null, ipHash: actor?.ipHash ?? null, targetId, detail, id });
}

// ── Submitting ───────────────────────────────────────────────────────────────────────────────────

export type SubmitResult =
  | { ok: false; status: 400 | 429; errors: Partial<Record<ApplicationField | "form", string>>; values: ApplicationFormValues; retryAfterSeconds?: number }
  /** id null: the honeypot was filled (a bot), nothing was stored. */
  | { ok: true; id: string | null; updated: boolean };

/** What was typed, bounded, to send back with errors (never the file). */
export function formValues(formData: FormData): ApplicationFormValues {
  const values: ApplicationFormValues = {};
  for (const field of APPLICATION_TEXT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 4000);
  }
  values.specialties = formData
    .getAll("specialties")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 20);
  values.industries = formData
    .getAll("industries")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 40);
  values.terms = formData.get("terms") === "yes";
  return values;
}

/** Validates the form's fields (not the CV) against the schema: the data, or the first error of each field. */
export function parseApplication(formData: FormData, today: string) {
  const input: Record<string, unknown> = {};
  for (const field of [...APPLICATION_TEXT_FIELDS, "terms"]) {
    const value = formData.get(field);
    if (typeof value === "string") input[field] = value;
  }
  input.specialties = formData.getAll("specialties").filter((v) => typeof v === "string");
  input.industries = formData.getAll("industries").filter((v) => typeof v === "string");
  const result = applicationSchema(today).safeParse(input);
  if (result.success) return { success: true as const, data: result.data };
  const errors: Partial<Record<ApplicationField | "form", string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form") as ApplicationField;
    errors[key] ??= issue.message;
  }
  return { success: false as const, errors };
}

function columnsOf(input: ApplicationInput, at: string) {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    state: input.state,
    timeZone: input.timeZone,
    abn: input.abn,
    gstRegistered: input.gstRegistered,
    specialties: JSON.stringify(input.specialties),
    industries: JSON.stringify(input.industries),
    yearsExperience: input.yearsExperience,
    qualifications: input.qualifications,
    memberships: input.memberships,
    insurer: input.insurer,
    insuranceExpiresOn: input.insuranceExpiresOn,
    website: input.website,
    bio: input.bio,
    hoursPerWeek: input.hoursPerWeek,
    termsVersion: COACH_TERMS_VERSION,
    termsAcceptedAt: at,
    updatedAt: at,
  };
}

/**
 * Handles /coach-registration's post: field errors (400, nothing stored), the CV (PDF or DOCX from
 * its bytes, ≤ 5 MB), the limits per source and per email (429), then the application stored with
 * its CV, its history, the audit entry and the confirmation email. A second application from an
 * email with an open one updates that one (its CV too when a new one is attached).
 */
export async function submitApplication(context: AppContext, request: Request, formData: FormData): Promise<SubmitResult> {
  const now = context.services.clock.now();
  const at = now.toISOString();
  const values = formValues(formData);
  const parsed = parseApplication(formData, localDate(at, "Australia/Sydney"));
  const cv = await checkCv(formData.get("cv"));
  if (!parsed.success || !cv.ok) {
    const errors = parsed.success ? {} : parsed.errors;
    if (!cv.ok) errors.cv = cv.message;
    return { ok: false, status: 400, errors, values };
  }
  // A filled honeypot is a bot: it gets the same answer as a person and nothing is kept.
  if (String(formData.get("leave_blank") ?? "")) return { ok: true, id: null, updated: false };

  const secret = context.env.SESSION_SECRET;
  const bySource = await consumeRateLimit(context.db, APPLICATION_SOURCE_LIMIT, clientSource(request), secret, now.getTime());
  const byEmail = bySource.allowed
    ? await consumeRateLimit(context.db, APPLICATION_EMAIL_LIMIT, limitSubject("email", parsed.data.email), secret, now.getTime())
    : null;
  const refused = !bySource.allowed ? bySource : byEmail && !byEmail.allowed ? byEmail : null;
  if (refused) {
    const minutes = Math.max(1, Math.ceil(refused.retryAfterSeconds / 60));
    const wait = minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
    return {
      ok: false,
      status: 429,
      retryAfterSeconds: refused.retryAfterSeconds,
      values,
      errors: { form: `We've had too many applications from ${!bySource.allowed ? "your connection" : "this email address"}. Please try again in ${wait}.` },
    };
  }

  const db = context.db;
  const input = parsed.data;
  const open = await db
    .select()
    .from(coachApplications)
    .where(and(eq(coachApplications.email, input.email), inArray(coachApplications.status, [...OPEN_STATUSES])))
    .get();
  const id = open?.id ?? crypto.randomUUID();
  const cvKey = cv.kind ? `coach-applications/${id}/cv-${crypto.randomUUID()}.${cv.kind}` : null;
  if (cv.kind && cvKey) await context.services.storage.put(cvKey, cv.bytes, { httpMetadata: { contentType: CV_TYPES[cv.kind] } });
  const cvColumns = cv.kind ? { cvKey, cvName: cv.name, cvType: CV_TYPES[cv.kind], cvSize: cv.bytes.byteLength } : {};

  const row: CoachApplication = {
    ...(open ?? {
      status: "submitted" as const,
      decisionReason: null,
      userId: null,
      submittedAt: at,
      decidedAt: null,
      createdAt: at,
      cvKey: null,
      cvName: null,
      cvType: null,
      cvSize: null,
    }),
    id,
    ...columnsOf(input, at),
    ...cvColumns,
  };
  const kind = open ? "updated" : "received";
  const mail = await emailStatements(context, row, kind, `coach-application:${id}:${kind}:${at}`);
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    open
      ? db
          .update(coachApplications)
          .set({ ...columnsOf(input, at), ...cvColumns })
          .where(eq(coachApplications.id, id))
      : db.insert(coachApplications).values(row),
    open
      ? auditOf(db, "coach_application_updated", null, { applicationId: id })
      : eventStatement(db, { applicationId: id, from: null, to: "submitted", actorId: null, at }),
    mail.statement,
  ];
  if (!open) statements.push(auditOf(db, "coach_application_submitted", null, { applicationId: id }));
  try {
    await db.batch(statements);
  } catch (error) {
    // Nothing was stored: the new CV goes too.
    if (cvKey) await context.services.storage.delete(cvKey);
    throw error;
  }
  if (open?.cvKey && cvKey) await context.services.storage.delete(open.cvKey);
  await queueDelivery(context, mail.outboxId);
  return { ok: true, id, updated: Boolean(open) };
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

export async function getApplication(db: Db, id: string): Promise<CoachApplication | null> {
  if (!UUID.test(id)) return null;
  return (await db.select().from(coachApplications).where(eq(coachApplications.id, id)).get()) ?? null;
}

export async function applicationHistory(db: Db, id: string) {
  return db
    .select({
      id: coachApplicationEvents.id,
      from: coachApplicationEvents.fromStatus,
      to: coachApplicationEvents.toStatus,
      reason: coachApplicationEvents.reason,
      at: coachApplicationEvents.createdAt,
      actorEmail: users.email,
    })
    .from(coachApplicationEvents)
    .leftJoin(users, eq(users.id, coachApplicationEvents.actorId))
    .where(eq(coachApplicationEvents.applicationId, id))
    .orderBy(coachApplicationEvents.createdAt, coachApplicationEvents.id);
}

export async function applicationNotes(db: Db, id: string) {
  return db
    .select({ id: coachApplicationNotes.id, body: coachApplicationNotes.body, at: coachApplicationNotes.createdAt, authorEmail: users.email })
    .from(coachApplicationNotes)
    .leftJoin(users, eq(users.id, coachApplicationNotes.authorId))
    .where(eq(coachApplicationNotes.applicationId, id))
    .orderBy(desc(coachApplicationNotes.createdAt), desc(coachApplicationNotes.id));
}

export type ApplicationFilters = {
  status: CoachApplicationStatus | "open" | "";
  q: string;
  specialty: string;
  page: number;
  /** The list's order: newest first unless given. */
  sort?: ApplicationSort;
  direction?: "asc" | "desc";
};

export const APPLICATION_SORTS = ["submitted", "name", "experience"] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

function applicationOrder(sort: ApplicationSort, direction: "asc" | "desc") {
  const by = direction === "asc" ? asc : desc;
  const column =
    sort === "name"
      ? sql`lower(${coachApplications.firstName} || ' ' || ${coachApplications.lastName})`
      : sort === "experience"
        ? coachApplications.yearsExperience
        : coachApplications.submittedAt;
  // Ties (and every page boundary) are settled by the id, so paging never repeats or skips a row.
  return [by(column), by(coachApplications.id)];
}

/** One page of applications for the review list, newest first, with the filters and a search over name, email and phone. */
export async function listApplications(db: Db, filters: ApplicationFilters) {
  const conditions = [];
  if (filters.status === "open") conditions.push(inArray(coachApplications.status, [...OPEN_STATUSES]));
  else if (filters.status) conditions.push(eq(coachApplications.status, filters.status));
  if (filters.specialty) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${coachApplications.specialties}) WHERE value = ${filters.specialty})`);
  const q = filters.q.trim().toLowerCase().slice(0, 100);
  if (q) {
    // instr, not LIKE: nothing typed is a pattern, and D1 caps LIKE patterns at 50 bytes.
    conditions.push(
      or(
        sql`instr(lower(${coachApplications.firstName} || ' ' || ${coachApplications.lastName}), ${q}) > 0`,
        sql`instr(${coachApplications.email}, ${q}) > 0`,
        sql`instr(${coachApplications.phone}, ${q}) > 0`,
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: coachApplications.id,
        firstName: coachApplications.firstName,
        lastName: coachApplications.lastName,
        email: coachApplications.email,
        state: coachApplications.state,
        specialties: coachApplications.specialties,
        yearsExperience: coachApplications.yearsExperience,
        status: coachApplications.status,
        submittedAt: coachApplications.submittedAt,
        updatedAt: coachApplications.updatedAt,
        hasCv: sql<number>`${coachApplications.cvKey} IS NOT NULL`,
      })
      .from(coachApplications)
      .where(where)
      .orderBy(...applicationOrder(filters.sort ?? "submitted", filters.direction ?? "desc"))
      .limit(APPLICATION_PAGE_SIZE)
      .offset((filters.page - 1) * APPLICATION_PAGE_SIZE),
    db.select({ n: count() }).from(coachApplications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ── Moves ────────────────────────────────────────────────────────────────────────────────────────

const MOVE_EMAIL: Partial<Record<CoachApplicationStatus, CoachApplicationEmailKind>> = {
  under_review: "under_review",
  rejected: "rejected",
  withdrawn: "withdrawn",
};

function refuseMove(application: CoachApplication, to: CoachApplicationStatus): never {
  const labels: Record<CoachApplicationStatus, string> = {
    submitted: "submitted",
    under_review: "under review",
    approved: "approved",
    rejected: "rejected",
    withdrawn: "withdrawn",
  };
  const what = { under_review: "start its review", approved: "approve it", rejected: "reject it", withdrawn: "withdraw it", submitted: "reopen it" }[to];
  const hint = application.status === "submitted" && (to === "approved" || to === "rejected") ? " Start its review first." : "";
  throw new ApplicationError(409, `This application is ${labels[application.status]}, so you can't ${what}.${hint}`);
}

/**
 * Moves an application to under review, rejected (with the reason the applicant reads) or withdrawn
 * (by the applicant: no actor): the status, its history row, the audit entry and the email in one
 * batch, and only from a status that allows it (another tab's move first gets a 409).
 */
export async function moveApplication(
  context: AppContext,
  input: { id: string; to: "under_review" | "rejected" | "withdrawn"; actor: Actor | null; reason?: string | null },
): Promise<CoachApplication> {
  const db = context.db;
  const application = await getApplication(db, input.id);
  if (!application) throw new ApplicationError(404, "That application wasn't found.");
  if (!canMove(application.status, input.to)) refuseMove(application, input.to);
  const at = context.services.clock.now().toISOString();
  const reason = input.to === "rejected" ? (input.reason ?? null) : null;
  const moved: CoachApplication = {
    ...application,
    status: input.to,
    updatedAt: at,
    decisionReason: reason ?? application.decisionReason,
    decidedAt: input.to === "rejected" ? at : application.decidedAt,
  };
  const mail = await emailStatements(context, moved, MOVE_EMAIL[input.to]!, `coach-application:${application.id}:${input.to}`, { reason });
  const [updated] = await db.batch([
    db
      .update(coachApplications)
      .set({ status: input.to, updatedAt: at, decisionReason: moved.decisionReason, decidedAt: moved.decidedAt })
      .where(and(eq(coachApplications.id, application.id), eq(coachApplications.status, application.status)))
      .returning({ id: coachApplications.id }),
    eventStatement(db, {
      id: `${application.id}:${input.to}`,
      applicationId: application.id,
      from: application.status,
      to: input.to,
      actorId: input.actor?.id ?? null,
      reason,
      at,
    }),
    auditOf(
      db,
      "coach_application_status_changed",
      input.actor,
      { applicationId: application.id, from: application.status, to: input.to },
      null,
      `coach-application:${application.id}:${input.to}`,
    ),
    mail.statement,
  ]);
  if (updated.length === 0) throw new ApplicationError(409, "This application was changed by someone else. Reload the page to see where it stands.");
  await queueDelivery(context, mail.outboxId);
  return moved;
}

/** An internal note on an application (never shown to the applicant), audited. */
export async function addApplicationNote(context: AppContext, input: { id: string; body: string; actor: Actor }) {
  const db = context.db;
  const application = await getApplication(db, input.id);
  if (!application) throw new ApplicationError(404, "That application wasn't found.");
  const noteId = crypto.randomUUID();
  await db.batch([
    db
      .insert(coachApplicationNotes)
      .values({ id: noteId, applicationId: application.id, authorId: input.actor.id, body: input.body, createdAt: context.services.clock.now().toISOString() }),
    auditOf(db, "coach_application_note_added", input.actor, { applicationId: application.id, noteId }),
  ]);
}

// ── Approval ─────────────────────────────────────────────────────────────────────────────────────

/** A URL-safe slug from a name ("Zoë O'Brien" → "zoe-obrien"). */
export function slugOfName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "coach";
}

/** The first free slug of the name: sarah-chen, then sarah-chen-2, sarah-chen-3… */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugOfName(name);
  const taken = new Set(
    (
      await db
        .select({ slug: coachSchedules.slug })
        .from(coachSchedules)
        // substr, not LIKE: D1 caps LIKE patterns at 50 bytes, and a name's slug can be longer.
        .where(or(eq(coachSchedules.slug, base), sql`substr(${coachSchedules.slug}, 1, ${base.length + 1}) = ${`${base}-`}`))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const NO_HOURS = JSON.stringify(Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, []])));

/**
 * Approves an application under review: the person's account (an existing one by its email, or a
 * new one invited to set a password and land in the portal) gets the coach role, a coach profile
 * (details from the application; an existing profile is kept) and a booking schedule (a free slug
 * from the name, the application's zone and state, no hours yet: the coach is bookable only once
 * onboarding is complete). Role, profile, schedule, status, history, audit and email are one batch.
 */
export async function approveApplication(context: AppContext, input: { id: string; actor: Actor }): Promise<{ userId: string; existing: boolean }> {
  const db = context.db;
  const application = await getApplication(db, input.id);
  if (!application) throw new ApplicationError(404, "That application wasn't found.");
  if (!canMove(application.status, "approved")) refuseMove(application, "approved");

  const account = await findUserByEmail(db, application.email);
  const { userId, existing } = account
    ? { userId: account.id, existing: true }
    : await inviteUserByEmail(context, {
        email: application.email,
        data: { first_name: application.firstName, last_name: application.lastName },
        redirectTo: "/coach",
        invitedBy: input.actor.id,
      });
  const at = context.services.clock.now().toISOString();
  const name = `${application.firstName} ${application.lastName}`;
  const slug = await freeSlug(db, name);
  const approved: CoachApplication = { ...application, status: "approved", userId, updatedAt: at, decidedAt: at };
  const mail = await emailStatements(context, approved, "approved", `coach-application:${application.id}:approved`, {
    existingAccount: existing,
    signInUrl: `${context.siteOrigin}/auth?redirectTo=${encodeURIComponent("/coach")}`,
  });
  const [updated] = await db.batch([
    db
      .update(coachApplications)
      .set({ status: "approved", userId, updatedAt: at, decidedAt: at })
      .where(and(eq(coachApplications.id, application.id), eq(coachApplications.status, "under_review")))
      .returning({ id: coachApplications.id }),
    db.insert(userRoles).values({ userId, role: "coach" }).onConflictDoNothing(),
    db
      .insert(coachProfiles)
      .values({
        coachId: userId,
        legalName: name,
        phone: application.phone,
        bio: application.bio,
        specialties: application.specialties,
        industries: application.industries,
        abn: application.abn,
        gstRegistered: application.gstRegistered,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing(),
    db
      .insert(coachSchedules)
      .values({
        coachId: userId,
        slug,
        displayName: name,
        timeZone: application.timeZone,
        state: application.state,
        weeklyHours: NO_HOURS,
        acceptingBookings: true,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: coachSchedules.coachId }),
    eventStatement(db, {
      id: `${application.id}:approved`,
      applicationId: application.id,
      from: application.status,
      to: "approved",
      actorId: input.actor.id,
      at,
    }),
    auditOf(db, "role_granted", input.actor, { role: "coach", applicationId: application.id }, userId, `coach-application:${application.id}:role`),
    auditOf(
      db,
      "coach_application_status_changed",
      input.actor,
      { applicationId: application.id, from: application.status, to: "approved", invited: !existing },
      userId,
      `coach-application:${application.id}:approved`,
    ),
    mail.statement,
  ]);
  if (updated.length === 0) throw new ApplicationError(409, "This application was changed by someone else. Reload the page to see where it stands.");
  await queueDelivery(context, mail.outboxId);
  return { userId, existing };
}

/** The CV of an application as stored (admins only: the route checks). */
export async function applicationCv(context: AppContext, id: string) {
  const application = await getApplication(context.db, id);
  if (!application?.cvKey) return null;
  const object = await context.services.storage.get(application.cvKey);
  if (!object) return null;
  return { object, name: application.cvName ?? "cv", type: application.cvType ?? "application/octet-stream" };
}
