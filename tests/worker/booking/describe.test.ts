import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { bookSlot, type BookingRow } from "~/booking/bookings.server";
import { describeBooking, paymentLine } from "~/booking/describe.server";
import { bookingDetails } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { holdJobs } from "../queue";
import { bookingContext, sydney } from "./helpers";

// One description of a booking serves its pages and its payment line (Stripe's checkout, the
// invoice), so both name what was booked the same way, even after the catalogue changed.

async function bookDiscovery(): Promise<{ booking: BookingRow; coachName: string }> {
  holdJobs();
  const coach = await createCoach({ name: "Sam Lee", observeHolidays: false });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: sydney(3, "10:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    payWith: "free",
    userId: null,
  });
  if (result.status !== "booked") throw new Error("the slot should have been free");
  return { booking: result.booking, coachName: coach.name };
}

test("a booking whose type is no longer offered keeps the type's name on its pages and its payment line", async () => {
  const { booking } = await bookDiscovery();
  const typeId = `retired-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    `INSERT INTO booking_types (id, kind, name, description, duration_minutes, price_cents, min_notice_minutes, active)
     VALUES (?, 'session', '45-minute strategy review', '', 45, 15000, 0, 0)`,
  )
    .bind(typeId)
    .run();
  await env.DB.prepare("UPDATE bookings SET booking_type_id = ? WHERE id = ?").bind(typeId, booking.id).run();

  const view = await describeBooking(bookingContext(), { ...booking, bookingTypeId: typeId });

  expect(view.typeName).toBe("45-minute strategy review");
  expect(view.durationMinutes).toBe(45);
  expect(paymentLine(view).name).toBe("45-minute strategy review");
});

test("the payment line names the coach, and leaves the coach out when their schedule is gone", async () => {
  const { booking, coachName } = await bookDiscovery();

  const view = await describeBooking(bookingContext(), booking);
  expect(paymentLine(view)).toEqual({ name: view.typeName, detail: `With ${coachName}, ${view.when}` });

  const orphan = await describeBooking(bookingContext(), { ...booking, coachId: crypto.randomUUID() });
  expect(orphan.coachName).toBe("your coach");
  expect(paymentLine(orphan)).toEqual({ name: orphan.typeName, detail: orphan.when });
});
