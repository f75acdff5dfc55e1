import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { bookSlot, confirmPaidBooking, releaseHold, type BookSlotInput, type BookSlotResult } from "~/booking/bookings.server";
import { BookingError } from "~/booking/errors";
import { HOLDS_PER_COACH_DAY, HOLDS_PER_EMAIL, HOLDS_PER_SOURCE } from "~/booking/policy";
import type { WeeklyHours } from "~/booking/slots";
import { availableSlots } from "~/booking/slots.server";
import { bookingContext, NOW, sydney } from "./helpers";
import { bookingDetails, storedBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { testClientIp } from "../app";
import { holdJobs } from "../queue";

// Pen-test finding: guest card holds (10 minutes each, renewable) took a coach's whole day, from 12
// open times to none, and one visitor could hold as many times as the booking form's limit let
// them. Holds are now limited per source and per email, and per coach per local day, in the same
// conditional write that books the time (docs/decisions/008), so concurrent requests can't slip past.

/** The demo coach's hours (Daniel O'Connor), every day: 12 hour-long times a day with a 15-minute buffer. */
const TWELVE_TIMES: WeeklyHours = Object.fromEntries(
  ["0", "1", "2", "3", "4", "5", "6"].map((day) => [
    day,
    [
      ["09:00", "12:30"],
      ["13:30", "17:00"],
    ],
  ]),
) as WeeklyHours;

/** A visitor's request from `address` (CF-Connecting-IP), as the booking page passes it on. */
function from(address: string) {
  return new Request("http://localhost/booking", { method: "POST", headers: { "CF-Connecting-IP": address } });
}

function cardHold(coach: { slug: string }, startsAt: string, overrides: Partial<BookSlotInput> = {}): BookSlotInput {
  return {
    typeId: "session-60",
    coach: coach.slug,
    startsAt,
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "card",
    request: from(testClientIp()),
    ...overrides,
  };
}

async function attempt(input: BookSlotInput, now = NOW): Promise<BookSlotResult | BookingError> {
  return bookSlot(bookingContext(now), input).catch((error: unknown) => {
    if (error instanceof BookingError) return error;
    throw error;
  });
}

const held = (outcomes: (BookSlotResult | BookingError)[]) => outcomes.filter((o) => !(o instanceof BookingError) && o.status === "booked");

async function openTimes(coach: { slug: string }, day: number, now = NOW) {
  const slots = await availableSlots(bookingContext(now).db, {
    typeId: "session-60",
    coach: coach.slug,
    from: new Date(sydney(day, "00:00")),
    to: new Date(sydney(day + 1, "00:00")),
    now,
  });
  return slots.map((slot) => slot.startsAt);
}

async function bookingsOf(coachId: string) {
  return (await env.DB.prepare("SELECT status, email FROM bookings WHERE coach_id = ?").bind(coachId).all<{ status: string; email: string }>()).results;
}

test("the hold limits are the documented ones", () => {
  expect({ HOLDS_PER_SOURCE, HOLDS_PER_EMAIL, HOLDS_PER_COACH_DAY }).toEqual({ HOLDS_PER_SOURCE: 2, HOLDS_PER_EMAIL: 2, HOLDS_PER_COACH_DAY: 1 });
});

test("guests holding every time of a coach's day at once: one hold is placed, and at most 5 of the 12 times are hidden", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false, weeklyHours: TWELVE_TIMES, bufferMinutes: 15, dailyMax: 6 });
  const times = await openTimes(coach, 3);
  expect(times).toHaveLength(12);

  // Twelve strangers (12 sources, 12 emails), one for each open time, all at once.
  const outcomes = await Promise.all(times.map((startsAt, i) => attempt(cardHold(coach, startsAt, { request: from(testClientIp(`guest-${i}`)) }))));
  expect(held(outcomes)).toHaveLength(HOLDS_PER_COACH_DAY);
  for (const outcome of outcomes) {
    if (outcome instanceof BookingError) {
      expect(outcome).toMatchObject({ status: 409, code: "day_held" });
      expect(outcome.message).toMatch(
        /^Another session with .+ that day is waiting for payment\. Please choose another day or coach, or try again in \d+ minutes?\.$/,
      );
    } else if (outcome.status === "taken") {
      expect(outcome.alternatives.length).toBeGreaterThan(0);
    }
  }
  // One hour-long hold with its 15-minute buffers hides at most five half-hourly start times.
  expect((await openTimes(coach, 3)).length).toBeGreaterThanOrEqual(7);
  // Nothing half-written: the one hold is the coach's only booking.
  expect(await bookingsOf(coach.id)).toEqual([{ status: "held", email: expect.any(String) }]);
  // The next day is untouched, and the day is whole again once the hold lapses.
  expect(await openTimes(coach, 4)).toHaveLength(12);
  expect(await openTimes(coach, 3, new Date(NOW.getTime() + 11 * 60_000))).toHaveLength(12);
});

test("a coach's day takes a new hold once its hold is paid, released or lapsed; a free call is never refused for it", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false, weeklyHours: TWELVE_TIMES, bufferMinutes: 15, dailyMax: 6 });
  const first = await attempt(cardHold(coach, sydney(3, "09:00"), { request: from(testClientIp("first")) }));
  if (first instanceof BookingError || first.status !== "booked") throw new Error("expected the first hold");

  const second = cardHold(coach, sydney(3, "14:30"), { request: from(testClientIp("second")) });
  expect(await attempt(second)).toMatchObject({ status: 409, code: "day_held" });
  // A free discovery call the same day is booked as usual: the rule is about unpaid holds.
  const call = await attempt({ ...cardHold(coach, sydney(3, "11:00")), typeId: "discovery", payWith: "free" });
  expect(call).toMatchObject({ status: "booked", booking: { status: "confirmed" } });

  // Released (the checkout was left): the day takes another.
  expect(await releaseHold(bookingContext().db, first.booking.id)).toBe(true);
  const secondHold = await attempt(second);
  if (secondHold instanceof BookingError || secondHold.status !== "booked") throw new Error("expected the second hold");
  // Paid: the day takes another.
  expect(await confirmPaidBooking(bookingContext(), secondHold.booking.id, `cs_test_${crypto.randomUUID()}`)).toBe("confirmed");
  expect(await attempt(cardHold(coach, sydney(3, "16:00"), { request: from(testClientIp("third")) }))).toMatchObject({ status: "booked" });
  // Lapsed (10 minutes later, before any sweep): the day takes another.
  const later = new Date(NOW.getTime() + 11 * 60_000);
  expect(await attempt(cardHold(coach, sydney(3, "09:00"), { request: from(testClientIp("fourth")) }), later)).toMatchObject({ status: "booked" });
});

test("one source holds at most 2 unpaid sessions: a third, from another address of its /64, is refused with 429", async () => {
  holdJobs();
  const coaches = await Promise.all([1, 2, 3].map(() => createCoach({ observeHolidays: false })));
  const network = testClientIp().split(":").slice(0, 4).join(":");
  const spellings = [`${network}::1`, `${network}:0:0:0:2`, `${network.toUpperCase()}::ABCD%eth0`];
  const outcomes = [];
  for (const [i, coach] of coaches.entries()) outcomes.push(await attempt(cardHold(coach, sydney(3, "10:00"), { request: from(spellings[i]!) })));
  expect(outcomes.slice(0, 2)).toMatchObject([{ status: "booked" }, { status: "booked" }]);
  const refused = outcomes[2];
  expect(refused).toBeInstanceOf(BookingError);
  expect(refused).toMatchObject({ status: 429, code: "too_many_holds", retryAfterSeconds: 600 });
  expect((refused as BookingError).message).toBe(
    "There are already 2 sessions waiting for payment from you. Please finish paying for one, or try again in 10 minutes when an unpaid one lapses.",
  );
  expect(await bookingsOf(coaches[2]!.id)).toEqual([]);

  // Another source is not affected; and once a hold lapses, this source can hold again.
  expect(await attempt(cardHold(coaches[2]!, sydney(3, "10:00"), { request: from(testClientIp("neighbour")) }))).toMatchObject({ status: "booked" });
  const later = new Date(NOW.getTime() + 11 * 60_000);
  expect(await attempt(cardHold(coaches[2]!, sydney(4, "10:00"), { request: from(spellings[2]!) }), later)).toMatchObject({ status: "booked" });
});

test("one email holds at most 2 unpaid sessions, from any source; the third is refused with 429", async () => {
  holdJobs();
  const coaches = await Promise.all([1, 2, 3].map(() => createCoach({ observeHolidays: false })));
  const email = `Hold.Limit.${crypto.randomUUID().slice(0, 8)}@Example.com.au`;
  const outcomes = [];
  for (const [i, coach] of coaches.entries()) {
    const spelled = i === 2 ? email.toLowerCase() : email;
    outcomes.push(
      await attempt(cardHold(coach, sydney(3, "10:00"), { details: bookingDetails({ email: spelled }), request: from(testClientIp(`source-${i}`)) })),
    );
  }
  expect(outcomes.slice(0, 2)).toMatchObject([{ status: "booked" }, { status: "booked" }]);
  expect(outcomes[2]).toMatchObject({ status: 429, code: "too_many_holds" });
  expect(await bookingsOf(coaches[2]!.id)).toEqual([]);
});

test("six holds from one source at once, on six coaches: exactly two are placed", async () => {
  holdJobs();
  const coaches = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createCoach({ observeHolidays: false })));
  const network = testClientIp().split(":").slice(0, 4).join(":");
  const outcomes = await Promise.all(coaches.map((coach, i) => attempt(cardHold(coach, sydney(3, "10:00"), { request: from(`${network}::${i + 1}`) }))));
  expect(held(outcomes)).toHaveLength(HOLDS_PER_SOURCE);
  expect(outcomes.filter((o) => o instanceof BookingError && o.status === 429 && o.code === "too_many_holds")).toHaveLength(6 - HOLDS_PER_SOURCE);
  const rows = await Promise.all(coaches.map((coach) => bookingsOf(coach.id)));
  expect(rows.flat()).toHaveLength(HOLDS_PER_SOURCE);
});

test("a hold keeps only a salted hash of its source, and only while it is held", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const address = testClientIp();
  const outcome = await attempt(cardHold(coach, sydney(3, "10:00"), { request: from(address) }));
  if (outcome instanceof BookingError || outcome.status !== "booked") throw new Error("expected the hold");
  const row = await storedBooking(outcome.booking.id);
  expect(row!.hold_source).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.stringify(row)).not.toContain(address.split(":").slice(0, 4).join(":"));
  await releaseHold(bookingContext().db, outcome.booking.id);
  expect((await storedBooking(outcome.booking.id))!.hold_source).toBeNull();
});
