import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { bookSlot, cancelBooking, rescheduleBooking, setBookingOutcome, type BookingRow } from "~/booking/bookings.server";
import { creditBalance } from "~/booking/credits.server";
import { canChangeFreely } from "~/booking/policy";
import { bookingContext, NOW, sydney } from "./helpers";
import { bookingDetails, createPurchase, ledgerBalance, storedBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { holdJobs } from "../queue";

// Changing a booking: the cancellation policy (free until 24 hours before, later no refund and no
// credit back, always free when the coach or an admin cancels), rescheduling with SEQUENCE + 1,
// who may change what, and the audit trail of coach and admin actions.

const HOUR = 3_600_000;

async function creditBooking(startsAt: string) {
  const coach = await createCoach({ observeHolidays: false });
  const client = await createUser({ roles: ["client"] });
  const purchaseId = await createPurchase(client.id, 2, { paidAt: NOW.toISOString() });
  const result = await bookSlot(bookingContext(), {
    typeId: "session-60",
    coach: coach.slug,
    startsAt,
    details: bookingDetails(),
    clientTimeZone: "Australia/Adelaide",
    userId: client.id,
    payWith: "credit",
  });
  if (result.status !== "booked") throw new Error("expected a booking");
  return { coach, client, purchaseId, booking: result.booking };
}

const at = (booking: Pick<BookingRow, "startsAt">, hoursBefore: number) => new Date(Date.parse(booking.startsAt) - hoursBefore * HOUR);

test("the policy boundary is exactly 24 hours before the start", () => {
  const booking = { startsAt: "2027-03-10T00:00:00.000Z" };
  expect(canChangeFreely(booking, new Date("2027-03-09T00:00:00.000Z"))).toBe(true);
  expect(canChangeFreely(booking, new Date("2027-03-09T00:00:00.001Z"))).toBe(false);
});

test("a client cancelling 24 hours or more ahead gets their credit back, once", async () => {
  const { held } = holdJobs();
  const { client, purchaseId, booking } = await creditBooking(sydney(4, "10:00"));
  expect(await ledgerBalance(purchaseId)).toBe(1);

  const result = await cancelBooking(bookingContext(at(booking, 25)), booking.id, { kind: "client", userId: client.id }, "Something came up");
  expect(result).toMatchObject({ refund: "full", creditReturned: true, booking: { status: "cancelled", sequence: 1, cancelReason: "Something came up" } });
  expect(await ledgerBalance(purchaseId)).toBe(2);
  expect((await creditBalance(bookingContext().db, client.id, NOW))[0]).toMatchObject({ purchaseId, remaining: 2 });
  expect(held).toContainEqual({ type: "booking.notice", version: 1, bookingId: booking.id, kind: "cancellation", sequence: 1 });

  // Cancelling again changes nothing and returns nothing twice.
  await expect(cancelBooking(bookingContext(at(booking, 25)), booking.id, { kind: "client", userId: client.id })).rejects.toMatchObject({
    status: 409,
    code: "already_cancelled",
  });
  expect(await ledgerBalance(purchaseId)).toBe(2);
});

test("a client cancelling later than 24 hours ahead keeps the booking's cost: no credit back", async () => {
  holdJobs();
  const { client, purchaseId, booking } = await creditBooking(sydney(4, "11:30"));
  const result = await cancelBooking(bookingContext(at(booking, 23)), booking.id, { kind: "link", userId: null });
  expect(result).toMatchObject({ refund: "none", creditReturned: false, booking: { status: "cancelled" } });
  expect(await ledgerBalance(purchaseId)).toBe(1);
  expect(client.id).toBeTruthy();
});

test("the coach cancelling late still returns the credit, and the action is audited", async () => {
  holdJobs();
  const { coach, purchaseId, booking } = await creditBooking(sydney(4, "14:00"));
  const result = await cancelBooking(bookingContext(at(booking, 2)), booking.id, { kind: "coach", userId: coach.id }, "Unwell");
  expect(result).toMatchObject({ refund: "full", creditReturned: true });
  expect(await ledgerBalance(purchaseId)).toBe(2);
  const entry = await env.DB.prepare("SELECT actor_id, action, detail FROM audit_log WHERE target_id = ?").bind(booking.id).first<Record<string, string>>();
  expect(entry).toMatchObject({ actor_id: coach.id, action: "booking_cancelled" });
  expect(JSON.parse(entry!.detail!)).toMatchObject({ actor: "coach", refundable: true });
});

test("a free discovery call cancels with nothing to refund; strangers can't touch a booking", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const client = await createUser({ roles: ["client"] });
  const stranger = await createUser({ roles: ["client"] });
  const otherCoach = await createCoach({ observeHolidays: false });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: sydney(2, "15:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: client.id,
    payWith: "free",
  });
  if (result.status !== "booked") throw new Error("expected a booking");
  for (const actor of [
    { kind: "client" as const, userId: stranger.id },
    { kind: "coach" as const, userId: otherCoach.id },
  ]) {
    await expect(cancelBooking(bookingContext(), result.booking.id, actor)).rejects.toMatchObject({ status: 404 });
    await expect(rescheduleBooking(bookingContext(), result.booking.id, sydney(2, "16:00"), actor)).rejects.toMatchObject({ status: 404 });
  }
  expect(await storedBooking(result.booking.id)).toMatchObject({ status: "confirmed", sequence: 0 });
  const cancelled = await cancelBooking(bookingContext(), result.booking.id, { kind: "client", userId: client.id });
  expect(cancelled).toMatchObject({ refund: "none", creditReturned: false });
});

test("rescheduling moves the booking, adds one to its sequence and frees the old time", async () => {
  const { held } = holdJobs();
  const { client, coach, booking } = await creditBooking(sydney(4, "10:00"));
  const moved = await rescheduleBooking(bookingContext(), booking.id, sydney(5, "13:00"), { kind: "client", userId: client.id });
  if (moved.status !== "moved") throw new Error("expected the move");
  expect(moved.booking).toMatchObject({ startsAt: sydney(5, "13:00"), endsAt: sydney(5, "14:00"), sequence: 1, status: "confirmed" });
  expect(held).toContainEqual({ type: "booking.notice", version: 1, bookingId: booking.id, kind: "update", sequence: 1, previousStartsAt: sydney(4, "10:00") });

  // The old time is free for someone else; the new one is not.
  const other = await bookSlot(bookingContext(), {
    typeId: "session-60",
    coach: coach.slug,
    startsAt: sydney(4, "10:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "card",
  });
  expect(other.status).toBe("booked");
  const clash = await rescheduleBooking(bookingContext(), booking.id, sydney(4, "10:30"), { kind: "client", userId: client.id });
  expect(clash.status).toBe("taken");
  if (clash.status === "taken") expect(clash.alternatives.length).toBeGreaterThan(0);
  expect(await storedBooking(booking.id)).toMatchObject({ starts_at: sydney(5, "13:00"), sequence: 1 });

  // Within 24 hours of the start the client can no longer move it; an admin can (and is audited).
  const late = at(moved.booking, 20);
  await expect(rescheduleBooking(bookingContext(late), booking.id, sydney(5, "15:00"), { kind: "client", userId: client.id })).rejects.toMatchObject({
    status: 409,
    code: "too_late",
  });
  const admin = await createUser({ roles: ["client"] });
  const byAdmin = await rescheduleBooking(bookingContext(late), booking.id, sydney(5, "15:00"), { kind: "admin", userId: admin.id });
  expect(byAdmin).toMatchObject({ status: "moved", booking: { sequence: 2, startsAt: sydney(5, "15:00") } });
  expect(await env.DB.prepare("SELECT action FROM audit_log WHERE target_id = ? AND actor_id = ?").bind(booking.id, admin.id).first()).toEqual({
    action: "booking_rescheduled",
  });
});

test("only the coach or an admin records the outcome, once the session has started", async () => {
  holdJobs();
  const { coach, client, booking } = await creditBooking(sydney(3, "10:00"));
  await expect(setBookingOutcome(bookingContext(), booking.id, "completed", { kind: "coach", userId: coach.id })).rejects.toMatchObject({
    code: "not_started",
  });
  const after = new Date(Date.parse(booking.endsAt) + HOUR);
  await expect(setBookingOutcome(bookingContext(after), booking.id, "completed", { kind: "client", userId: client.id })).rejects.toMatchObject({ status: 403 });
  expect(await setBookingOutcome(bookingContext(after), booking.id, "no_show", { kind: "coach", userId: coach.id })).toMatchObject({ status: "no_show" });
  expect(await env.DB.prepare("SELECT action FROM audit_log WHERE target_id = ?").bind(booking.id).first()).toEqual({ action: "booking_outcome_set" });
});
