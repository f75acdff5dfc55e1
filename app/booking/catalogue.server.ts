import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingPackages, bookingTypes, coachProfiles, coachSchedules, userRoles } from "~/db/schema";

// What can be booked and with whom: the booking types and packages (seeded configuration) and the
// coaches who take bookings (a coach_schedules row, accepting bookings, still holding the coach role,
// and onboarded: coach_profiles.onboarding_completed_at set once their onboarding checklist was complete).

export type BookingTypeRow = typeof bookingTypes.$inferSelect;
export type BookingPackageRow = typeof bookingPackages.$inferSelect;

export type BookableCoach = {
  coachId: string;
  slug: string;
  displayName: string;
  headline: string;
  timeZone: string;
  state: string;
  /** The public profile: bio, and the JSON arrays of specialties and industries (app/coach-network/specialties.ts). */
  bio: string;
  specialties: string;
  industries: string;
  /** When the photo last changed (its URL's version), or null without a photo. */
  photoUpdatedAt: string | null;
};

const bookingTypesQuery = (db: Db) =>
  db.select().from(bookingTypes).where(eq(bookingTypes.active, true)).orderBy(asc(bookingTypes.sortOrder), asc(bookingTypes.id));

export async function listBookingTypes(db: Db): Promise<BookingTypeRow[]> {
  return bookingTypesQuery(db).all();
}

/** An active booking type, or null. */
export async function getBookingType(db: Db, id: string): Promise<BookingTypeRow | null> {
  return (
    (await db
      .select()
      .from(bookingTypes)
      .where(and(eq(bookingTypes.id, id), eq(bookingTypes.active, true)))
      .get()) ?? null
  );
}

const packagesQuery = (db: Db) =>
  db.select().from(bookingPackages).where(eq(bookingPackages.active, true)).orderBy(asc(bookingPackages.sortOrder), asc(bookingPackages.id));

export async function listPackages(db: Db): Promise<BookingPackageRow[]> {
  return packagesQuery(db).all();
}

/** An active package, or null. */
export async function getPackage(db: Db, id: string): Promise<BookingPackageRow | null> {
  return (
    (await db
      .select()
      .from(bookingPackages)
      .where(and(eq(bookingPackages.id, id), eq(bookingPackages.active, true)))
      .get()) ?? null
  );
}

const coachColumns = {
  coachId: coachSchedules.coachId,
  slug: coachSchedules.slug,
  displayName: coachSchedules.displayName,
  headline: coachSchedules.headline,
  timeZone: coachSchedules.timeZone,
  state: coachSchedules.state,
  bio: sql<string>`coalesce(${coachProfiles.bio}, '')`,
  specialties: sql<string>`coalesce(${coachProfiles.specialties}, '[]')`,
  industries: sql<string>`coalesce(${coachProfiles.industries}, '[]')`,
  photoUpdatedAt: sql<string | null>`case when ${coachProfiles.photoKey} is null then null else ${coachProfiles.photoUpdatedAt} end`,
};

/** Only coaches whose onboarding is complete take bookings. */
const onboarded = and(eq(coachProfiles.coachId, coachSchedules.coachId), isNotNull(coachProfiles.onboardingCompletedAt));

const bookableCoachesQuery = (db: Db) =>
  db
    .select(coachColumns)
    .from(coachSchedules)
    .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
    .innerJoin(coachProfiles, onboarded)
    .where(eq(coachSchedules.acceptingBookings, true))
    .orderBy(asc(coachSchedules.displayName));

/** Coaches taking bookings, by name. */
export async function listBookableCoaches(db: Db): Promise<BookableCoach[]> {
  return bookableCoachesQuery(db).all();
}

/**
 * The ids of the coaches taking bookings (one by slug, or all), as a subquery: their calendars can
 * then be read in the same D1 round trip as the catalogue that names them.
 */
export function bookableCoachIdsQuery(db: Db, slug: string | null) {
  return db
    .select({ coachId: coachSchedules.coachId })
    .from(coachSchedules)
    .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
    .innerJoin(coachProfiles, onboarded)
    .where(and(eq(coachSchedules.acceptingBookings, true), slug === null ? undefined : eq(coachSchedules.slug, slug)));
}

export type Catalogue = { types: BookingTypeRow[]; packages: BookingPackageRow[]; coaches: BookableCoach[] };

/** The catalogue's queries, to run in one D1 batch (with others, if the caller has more). */
export function catalogueQueries(db: Db) {
  return [bookingTypesQuery(db), packagesQuery(db), bookableCoachesQuery(db)] as const;
}

/** Everything the booking page offers: the active types and packages and the coaches taking bookings, in one D1 round trip. */
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [types, packages, coaches] = await db.batch(catalogueQueries(db));
  return { types, packages, coaches };
}

/** A coach taking bookings, by the slug in /booking?coach=…, or null. */
export async function getCoachBySlug(db: Db, slug: string): Promise<BookableCoach | null> {
  return (
    (await db
      .select(coachColumns)
      .from(coachSchedules)
      .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
      .innerJoin(coachProfiles, onboarded)
      .where(and(eq(coachSchedules.slug, slug), eq(coachSchedules.acceptingBookings, true)))
      .get()) ?? null
  );
}

/** A coach's public details whether or not they take new bookings (existing bookings still name them). */
export async function getCoachById(db: Db, coachId: string): Promise<BookableCoach | null> {
  return (
    (await db
      .select(coachColumns)
      .from(coachSchedules)
      .leftJoin(coachProfiles, eq(coachProfiles.coachId, coachSchedules.coachId))
      .where(eq(coachSchedules.coachId, coachId))
      .get()) ?? null
  );
}
