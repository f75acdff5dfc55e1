import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { bookSlot, confirmPaidBooking, expireStaleHolds, releaseHold, type BookSlotResult } from "~/booking/bookings.server";
import { BookingError } from "~/booking/errors";
import { HOLD_MINUTES } from "~/booking/policy";
import { availableSlots } from "~/booking/slots.server";
import { localDate } from "~/booking/time-zones";
import { bookingContext, NOW, occupyingAt, sydney } from "./helpers";
import { bookingDetails, createPurchase, ledgerBalance, storedBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { holdJobs } from "../queue";

// No double booking: the conditional write of docs/decisions/008 under concurrent requests, holds
// that block and then lapse, the buffer, the daily maximum and the last package credit.

const booked = (results: BookSlotResult[]) => results.filter((r) => r.status === "booked");
const taken = (results: BookSlotResult[]) => results.filter((r) => r.status === "taken");

test("50 people booking the same time at once: exactly one gets it, 49 are offered the nearest free times", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const startsAt = sydney(2, "10:00");
  const context = bookingContext();

  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      bookSlot(context, {
        typeId: "discovery",
        coach: coach.slug,
        startsAt,
        details: bookingDetails({ name: `Visitor ${i}` }),
        clientTimeZone: "Australia/Perth",
        userId: null,
        payWith: "free",
      }),
    ),
  );

  expect(booked(results)).toHaveLength(1);
  expect(taken(results)).toHaveLength(49);
  expect(await occupyingAt(coach.id, startsAt)).toBe(1);
  for (const result of taken(results)) {
    if (result.status !== "taken") continue;
    // The nearest free times, with the 15-minute buffer kept clear on both sides of 10:00–10:20.
    expect(result.alternatives.map((slot) => slot.startsAt)).toEqual([sydney(2, "09:00"), sydney(2, "11:00"), sydney(2, "11:30")]);
    expect(result.alternatives.every((slot) => slot.coachSlug === coach.slug && slot.coachTimeZone === "Australia/Sydney")).toBe(true);
  }
  const winner = booked(results)[0]!;
  if (winner.status !== "booked") throw new Error("unreachable");
  expect(winner.booking).toMatchObject({ status: "confirmed", paymentMethod: "free", priceCents: 0, clientTimeZone: "Australia/Perth", sequence: 0 });
  expect(winner.booking.reference).toMatch(/^CA-[2-9A-HJ-NP-Z]{6}$/);
});

test("a card booking holds its time for 10 minutes, then the time is free again — with or without the sweep", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const client = await createUser({ roles: ["client"] });
  const startsAt = sydney(3, "10:00");
  const input = { typeId: "session-60", coach: coach.slug, startsAt, clientTimeZone: "Australia/Sydney", payWith: "card" as const };

  const first = await bookSlot(bookingContext(), { ...input, details: bookingDetails(), userId: client.id });
  if (first.status !== "booked") throw new Error("expected the hold");
  expect(first.booking).toMatchObject({ status: "held", paymentMethod: "card", priceCents: 15000 });
  expect(first.booking.holdExpiresAt).toBe(new Date(NOW.getTime() + HOLD_MINUTES * 60_000).toISOString());

  // While held, nobody else gets the time (nor one inside its buffer).
  const during = await bookSlot(bookingContext(new Date(NOW.getTime() + 9 * 60_000)), { ...input, details: bookingDetails(), userId: null });
  expect(during.status).toBe("taken");
  const slotsDuring = await availableSlots(bookingContext().db, {
    typeId: "session-60",
    coach: coach.slug,
    from: new Date(sydney(3, "00:00")),
    to: new Date(sydney(4, "00:00")),
    now: NOW,
  });
  expect(slotsDuring.map((s) => s.startsAt)).not.toContain(startsAt);

  // After its 10 minutes the hold stops blocking at once, before any sweep has run…
  const later = new Date(NOW.getTime() + 11 * 60_000);
  const slotsAfter = await availableSlots(bookingContext().db, {
    typeId: "session-60",
    coach: coach.slug,
    from: new Date(sydney(3, "00:00")),
    to: new Date(sydney(4, "00:00")),
    now: later,
  });
  expect(slotsAfter.map((s) => s.startsAt)).toContain(startsAt);
  // …and the sweep marks it expired.
  expect(await expireStaleHolds(bookingContext().db, later)).toBeGreaterThanOrEqual(1);
  expect(await storedBooking(first.booking.id)).toMatchObject({ status: "expired" });

  const second = await bookSlot(bookingContext(later), { ...input, details: bookingDetails(), userId: null });
  expect(second.status).toBe("booked");
  // The first payment arriving now finds its time gone: the payments code refunds it.
  expect(await confirmPaidBooking(bookingContext(later), first.booking.id, `cs_test_${crypto.randomUUID()}`)).toBe("slot_lost");
});

test("a paid hold is confirmed once by its checkout; an abandoned one is released", async () => {
  const { held } = holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const input = { typeId: "session-90", coach: coach.slug, clientTimeZone: "Australia/Sydney", payWith: "card" as const, userId: null };

  const paid = await bookSlot(bookingContext(), { ...input, startsAt: sydney(3, "13:00"), details: bookingDetails() });
  if (paid.status !== "booked") throw new Error("expected the hold");
  const session = `cs_test_${crypto.randomUUID()}`;
  expect(await confirmPaidBooking(bookingContext(), paid.booking.id, session)).toBe("confirmed");
  expect(await confirmPaidBooking(bookingContext(), paid.booking.id, session)).toBe("already");
  expect(await storedBooking(paid.booking.id)).toMatchObject({ status: "confirmed", hold_expires_at: null, stripe_checkout_session_id: session });
  expect(held.filter((job) => job.type === "booking.notice" && job.bookingId === paid.booking.id)).toEqual([
    { type: "booking.notice", version: 1, bookingId: paid.booking.id, kind: "confirmation", sequence: 0 },
  ]);

  const abandoned = await bookSlot(bookingContext(), { ...input, startsAt: sydney(4, "13:00"), details: bookingDetails() });
  if (abandoned.status !== "booked") throw new Error("expected the hold");
  expect(await releaseHold(bookingContext().db, abandoned.booking.id)).toBe(true);
  expect(await releaseHold(bookingContext().db, abandoned.booking.id)).toBe(false);
  const again = await bookSlot(bookingContext(), { ...input, startsAt: sydney(4, "13:00"), details: bookingDetails() });
  expect(again.status).toBe("booked");
});

test("the buffer holds under concurrent requests for neighbouring times", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false, bufferMinutes: 15 });
  // Paid with package credits, so each booking is confirmed at once (unpaid card holds have limits of their own: holds.test.ts).
  const client = await createUser({ roles: ["client"] });
  await createPurchase(client.id, 10, { paidAt: NOW.toISOString() });
  const context = bookingContext();
  const request = (startsAt: string) =>
    bookSlot(context, {
      typeId: "session-60",
      coach: coach.slug,
      startsAt,
      details: bookingDetails(),
      clientTimeZone: "Australia/Sydney",
      userId: client.id,
      payWith: "credit",
    });

  // 10:00–11:00 and 11:00–12:00 are 0 minutes apart: with a 15-minute buffer only one of them can be booked.
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i % 2 ? sydney(3, "11:00") : sydney(3, "10:00"))));
  expect(booked(results)).toHaveLength(1);
  // 11:30 starts 30 minutes after 11:00 ends or 90 after 10:00 ends: clear of either booking's buffer.
  const bookedStart = (booked(results)[0] as Extract<BookSlotResult, { status: "booked" }>).booking.startsAt;
  const next = await request(bookedStart === sydney(3, "10:00") ? sydney(3, "11:30") : sydney(3, "12:30"));
  expect(next.status).toBe("booked");
  // …but 11:00 + 60 min + 15 min buffer rules out 12:00 after an 11:00 booking, and 11:00 after a 10:00 one.
  const blocked = await request(bookedStart === sydney(3, "10:00") ? sydney(3, "11:00") : sydney(3, "10:00"));
  expect(blocked.status).toBe("taken");
});

test("the daily maximum holds under concurrent requests for different times of one local day", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false, bufferMinutes: 0, dailyMax: 2 });
  // Paid with package credits, so each booking is confirmed at once (unpaid card holds have limits of their own: holds.test.ts).
  const client = await createUser({ roles: ["client"] });
  await createPurchase(client.id, 10, { paidAt: NOW.toISOString() });
  const context = bookingContext();
  const times = ["09:00", "10:00", "11:00", "13:00", "14:00", "15:00"].map((time) => sydney(3, time));
  const results = await Promise.all(
    times.map((startsAt) =>
      bookSlot(context, {
        typeId: "session-60",
        coach: coach.slug,
        startsAt,
        details: bookingDetails(),
        clientTimeZone: "Australia/Sydney",
        userId: client.id,
        payWith: "credit",
      }),
    ),
  );
  expect(booked(results)).toHaveLength(2);
  expect(taken(results)).toHaveLength(4);
  // The alternatives offered are on other days: this one is full.
  for (const result of taken(results)) {
    if (result.status === "taken") for (const slot of result.alternatives) expect(localDate(slot.startsAt, "Australia/Sydney")).not.toBe("2027-03-03");
  }
  // The next local day has its own allowance.
  const nextDay = await bookSlot(context, {
    typeId: "session-60",
    coach: coach.slug,
    startsAt: sydney(4, "09:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "card",
  });
  expect(nextDay.status).toBe("booked");
});

test("two bookings racing for the last package credit: one wins, the balance never goes below zero", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const client = await createUser({ roles: ["client"] });
  const purchaseId = await createPurchase(client.id, 1, { paidAt: NOW.toISOString() });
  const context = bookingContext();
  const attempt = (startsAt: string) =>
    bookSlot(context, {
      typeId: "session-60",
      coach: coach.slug,
      startsAt,
      details: bookingDetails(),
      clientTimeZone: "Australia/Sydney",
      userId: client.id,
      payWith: "credit",
    }).then(
      (result) => ({ result, error: null }),
      (error: unknown) => ({ result: null, error }),
    );

  const outcomes = await Promise.all([sydney(3, "09:00"), sydney(3, "11:00"), sydney(4, "09:00"), sydney(4, "11:00")].map(attempt));
  const wins = outcomes.filter((o) => o.result?.status === "booked");
  expect(wins).toHaveLength(1);
  for (const loser of outcomes.filter((o) => o.result?.status !== "booked")) {
    expect(loser.error).toBeInstanceOf(BookingError);
    expect(loser.error).toMatchObject({ status: 409, code: "no_credits" });
  }
  expect(await ledgerBalance(purchaseId)).toBe(0);
  const { results } = await env.DB.prepare("SELECT delta, reason, booking_id FROM credit_ledger WHERE purchase_id = ? ORDER BY created_at")
    .bind(purchaseId)
    .all();
  expect(results).toHaveLength(2);
  const win = wins[0]!.result;
  if (win?.status !== "booked") throw new Error("unreachable");
  expect(win.booking).toMatchObject({ status: "confirmed", paymentMethod: "credit", priceCents: 0 });
  expect(results).toContainEqual({ delta: -1, reason: "booking", booking_id: win.booking.id });

  // No credits left: refused before anything is written.
  await expect(attempt(sydney(5, "09:00")).then((o) => o.error)).resolves.toMatchObject({ code: "no_credits" });
});

test("bad input is refused with a 4xx and writes nothing", async () => {
  holdJobs();
  const coach = await createCoach({ observeHolidays: false });
  const context = bookingContext();
  const base = {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: sydney(2, "10:00"),
    details: bookingDetails(),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "free" as const,
  };
  const refusal = (input: Partial<typeof base> & Record<string, unknown>) =>
    bookSlot(context, { ...base, ...input } as typeof base).then(
      () => null,
      (error: unknown) => error,
    );

  expect(await refusal({ typeId: "no-such-type" })).toMatchObject({ status: 404, code: "unknown_type" });
  expect(await refusal({ coach: "no-such-coach" })).toMatchObject({ status: 404, code: "unknown_coach" });
  expect(await refusal({ startsAt: "tomorrow at ten" })).toMatchObject({ status: 400, code: "invalid_time" });
  expect(await refusal({ details: bookingDetails({ email: "not-an-email" }) })).toMatchObject({ status: 400, code: "invalid_details" });
  expect(await refusal({ details: bookingDetails({ name: "" }) })).toMatchObject({ status: 400, code: "invalid_details" });
  expect(await refusal({ payWith: "card" as never })).toMatchObject({ status: 400, code: "invalid_payment" });
  expect(await refusal({ typeId: "session-60", payWith: "free" })).toMatchObject({ status: 400, code: "payment_required" });
  expect(await refusal({ typeId: "session-60", payWith: "credit" as never })).toMatchObject({ status: 401, code: "sign_in_required" });
  const { results } = await env.DB.prepare("SELECT id FROM bookings WHERE coach_id = ?").bind(coach.id).all();
  expect(results).toEqual([]);

  // A time outside the coach's hours (or too soon) is "taken", with what is free instead.
  const outside = await bookSlot(context, { ...base, startsAt: sydney(2, "20:00") });
  expect(outside.status).toBe("taken");
  const tooSoon = await bookSlot(context, { ...base, startsAt: sydney(1, "14:00") });
  expect(tooSoon.status).toBe("taken");
});
