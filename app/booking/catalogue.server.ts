import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingPackages, bookingTypes, coachSchedules, userRoles } from "~/db/schema";

// What can be booked and with whom: the booking types and packages (seeded configuration) and the
// coaches who take bookings (a coach_schedules row, accepting bookings, and still holding the coach role).

export type BookingTypeRow = typeof bookingTypes.$inferSelect;
export type BookingPackageRow = typeof bookingPackages.$inferSelect;

export type BookableCoach = { coachId: string; slug: string; displayName: string; headline: string; timeZone: string; state: string };

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
};

const bookableCoachesQuery = (db: Db) =>
  db
    .select(coachColumns)
    .from(coachSchedules)
    .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
    .where(eq(coachSchedules.acceptingBookings, true))
    .orderBy(asc(coachSchedules.displayName));

/** Coaches taking bookings, by name. */
export async function listBookableCoaches(db: Db): Promise<BookableCoach[]> {
  return bookableCoachesQuery(db).all();
}

/** Everything the booking page offers: the active types and packages and the coaches taking bookings, in one D1 round trip. */
export async function loadCatalogue(db: Db): Promise<{ types: BookingTypeRow[]; packages: BookingPackageRow[]; coaches: BookableCoach[] }> {
  const [types, packages, coaches] = await db.batch([bookingTypesQuery(db), packagesQuery(db), bookableCoachesQuery(db)]);
  return { types, packages, coaches };
}

/** A coach taking bookings, by the slug in /booking?coach=…, or null. */
export async function getCoachBySlug(db: Db, slug: string): Promise<BookableCoach | null> {
  return (
    (await db
      .select(coachColumns)
      .from(coachSchedules)
      .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
      .where(and(eq(coachSchedules.slug, slug), eq(coachSchedules.acceptingBookings, true)))
      .get()) ?? null
  );
}

/** A coach's public details whether or not they take new bookings (existing bookings still name them). */
export async function getCoachById(db: Db, coachId: string): Promise<BookableCoach | null> {
  return (await db.select(coachColumns).from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).get()) ?? null;
}
