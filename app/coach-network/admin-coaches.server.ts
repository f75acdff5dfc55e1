import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type * as z from "zod";
import { audit } from "~/auth/audit.server";
import type { PermissionViewer } from "~/auth/permissions.server";
import { notFoundResponse } from "~/auth/permissions.server";
import type { Db } from "~/db/client.server";
import { bookings, bookingTypes, coachProfiles, coachSchedules, profiles, userRoles, users, type BookingStatus } from "~/db/schema";
import { requireCoachClient, type CoachClient } from "./clients.server";
import type { ReadNotesSchema } from "./schemas.server";

// The admins' view of the coach network: every coach with their onboarding state and sessions, and
// the audited read of a coach's private notes on a client (a reason is required and recorded).

export type AdminCoachRow = {
  coachId: string;
  name: string;
  email: string;
  slug: string | null;
  onboardedAt: string | null;
  upcoming: number;
  completed: number;
};

/** Every user with the coach role, by name. */
export async function listCoachesForAdmin(db: Db, now: Date): Promise<AdminCoachRow[]> {
  const at = now.toISOString();
  const rows = await db
    .select({
      coachId: users.id,
      email: users.email,
      displayName: coachSchedules.displayName,
      slug: coachSchedules.slug,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      onboardedAt: coachProfiles.onboardingCompletedAt,
      upcoming: sql<number>`(SELECT count(*) FROM bookings b WHERE b.coach_id = ${users.id} AND b.status = 'confirmed' AND b.starts_at > ${at})`,
      completed: sql<number>`(SELECT count(*) FROM bookings b WHERE b.coach_id = ${users.id} AND b.status = 'completed')`,
    })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "coach")))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, users.id))
    .leftJoin(coachProfiles, eq(coachProfiles.coachId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(asc(sql`coalesce(${coachSchedules.displayName}, ${profiles.firstName}, ${users.email})`))
    .limit(500)
    .all();
  return rows.map((row) => ({
    coachId: row.coachId,
    name: row.displayName ?? ([row.firstName, row.lastName].filter(Boolean).join(" ") || (row.email ?? "Coach")),
    email: row.email ?? "",
    slug: row.slug,
    onboardedAt: row.onboardedAt,
    upcoming: Number(row.upcoming),
    completed: Number(row.completed),
  }));
}

export type AdminCoach = {
  coachId: string;
  name: string;
  email: string;
  slug: string | null;
  timeZone: string | null;
  acceptingBookings: boolean | null;
  profile: { legalName: string | null; bio: string; abnConfirmed: boolean; gstRegistered: boolean; onboardedAt: string | null } | null;
  upcoming: { id: string; reference: string; startsAt: string; client: string; typeName: string }[];
  recent: { id: string; reference: string; startsAt: string; client: string; typeName: string; status: BookingStatus }[];
};

/** One coach for the admins, or the 404 when the id is no coach's. */
export async function loadCoachForAdmin(db: Db, coachId: string, now: Date): Promise<AdminCoach> {
  const at = now.toISOString();
  const coach = await db
    .select({
      coachId: users.id,
      email: users.email,
      displayName: coachSchedules.displayName,
      slug: coachSchedules.slug,
      timeZone: coachSchedules.timeZone,
      accepting: coachSchedules.acceptingBookings,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      legalName: coachProfiles.legalName,
      bio: coachProfiles.bio,
      abnConfirmedAt: coachProfiles.abnConfirmedAt,
      gstRegistered: coachProfiles.gstRegistered,
      onboardedAt: coachProfiles.onboardingCompletedAt,
      hasProfile: sql<number>`${coachProfiles.coachId} IS NOT NULL`,
    })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "coach")))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, users.id))
    .leftJoin(coachProfiles, eq(coachProfiles.coachId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, coachId))
    .get();
  if (!coach) throw notFoundResponse();
  const sessionColumns = { id: bookings.id, reference: bookings.reference, startsAt: bookings.startsAt, client: bookings.name, typeName: bookingTypes.name };
  const [upcoming, recent] = await Promise.all([
    db
      .select(sessionColumns)
      .from(bookings)
      .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
      .where(and(eq(bookings.coachId, coachId), eq(bookings.status, "confirmed"), gt(bookings.startsAt, at)))
      .orderBy(asc(bookings.startsAt))
      .limit(100)
      .all(),
    db
      .select({ ...sessionColumns, status: bookings.status })
      .from(bookings)
      .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
      .where(
        and(eq(bookings.coachId, coachId), sql`${bookings.startsAt} <= ${at}`, inArray(bookings.status, ["confirmed", "completed", "no_show", "cancelled"])),
      )
      .orderBy(desc(bookings.startsAt))
      .limit(20)
      .all(),
  ]);
  return {
    coachId: coach.coachId,
    name: coach.displayName ?? ([coach.firstName, coach.lastName].filter(Boolean).join(" ") || (coach.email ?? "Coach")),
    email: coach.email ?? "",
    slug: coach.slug,
    timeZone: coach.timeZone,
    acceptingBookings: coach.accepting,
    profile: coach.hasProfile
      ? {
          legalName: coach.legalName,
          bio: coach.bio ?? "",
          abnConfirmed: coach.abnConfirmedAt !== null,
          gstRegistered: Boolean(coach.gstRegistered),
          onboardedAt: coach.onboardedAt,
        }
      : null,
    upcoming,
    recent,
  };
}

/**
 * An admin reads a coach's private notes on one client: refused without a reason; the read is
 * recorded (admin, coach, client key and reason) before the notes are returned. A key that names
 * nobody this coach has had sessions with is the 404.
 */
export async function readPrivateNotesAsAdmin(db: Db, admin: PermissionViewer, coachId: string, input: z.infer<typeof ReadNotesSchema>): Promise<CoachClient> {
  if (!admin.roles.includes("admin")) throw notFoundResponse();
  const client = await requireCoachClient(db, admin, input.client, { coachId, allowAdmin: true });
  await audit(db, { action: "coach_notes_read", actorId: admin.id, targetId: coachId, detail: { client: client.key, reason: input.reason } });
  return client;
}
